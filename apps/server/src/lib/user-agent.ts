import { UAParser } from 'ua-parser-js';
import { DEVICE_WORDS as W } from '@app/shared/security/device-words';

export interface DeviceInfo {
  device: string;
  browser: string;
  os: string;
}

/** Describes a client for the sessions list: "Desktop", "Chrome 131", "Windows 10" (the words are translated where shown). */
export function describeUserAgent(userAgent: string | undefined): DeviceInfo {
  if (!userAgent) return { device: W.unknownDevice, browser: W.unknownBrowser, os: W.unknownOs };
  const ua = UAParser(userAgent);
  const type = ua.device.type;
  const device = type === 'mobile' ? W.mobile : type === 'tablet' ? W.tablet : ua.browser.name ? W.desktop : W.unknownDevice;
  const browser = ua.browser.name ? [ua.browser.name, ua.browser.major].filter(Boolean).join(' ') : truncate(userAgent, 60);
  const os = ua.os.name ? [ua.os.name, ua.os.version].filter(Boolean).join(' ') : W.unknownOs;
  return { device, browser, os };
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
