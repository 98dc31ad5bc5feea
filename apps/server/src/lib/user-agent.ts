import { UAParser } from 'ua-parser-js';

export interface DeviceInfo {
  device: string;
  browser: string;
  os: string;
}

/** Describes a client for the sessions list: "Desktop", "Chrome 131", "Windows 10". */
export function describeUserAgent(userAgent: string | undefined): DeviceInfo {
  if (!userAgent) return { device: 'Unknown device', browser: 'Unknown browser', os: 'Unknown OS' };
  const ua = UAParser(userAgent);
  const type = ua.device.type;
  const device = type === 'mobile' ? 'Mobile' : type === 'tablet' ? 'Tablet' : ua.browser.name ? 'Desktop' : 'Unknown device';
  const browser = ua.browser.name ? [ua.browser.name, ua.browser.major].filter(Boolean).join(' ') : truncate(userAgent, 60);
  const os = ua.os.name ? [ua.os.name, ua.os.version].filter(Boolean).join(' ') : 'Unknown OS';
  return { device, browser, os };
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
