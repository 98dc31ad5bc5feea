import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationSettings } from '@app/shared/notifications/settings';
import { announceArrival } from './arrival-effects';

const inApp = { sound: false, desktop: false, vibration: true } as NotificationSettings['inApp'];

describe('the vibration of a new notification', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the user to have touched the page (Chromium refuses it before, with a console error)', () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { vibrate, userActivation: { hasBeenActive: false, isActive: false } });
    announceArrival(inApp, undefined);
    expect(vibrate).not.toHaveBeenCalled();

    vi.stubGlobal('navigator', { vibrate, userActivation: { hasBeenActive: true, isActive: false } });
    announceArrival(inApp, undefined);
    expect(vibrate).toHaveBeenCalledWith(120);
  });

  it('never vibrates with the switch off', () => {
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', { vibrate, userActivation: { hasBeenActive: true, isActive: true } });
    announceArrival({ ...inApp, vibration: false }, undefined);
    expect(vibrate).not.toHaveBeenCalled();
  });
});
