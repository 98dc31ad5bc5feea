import type { NotificationSettings } from '@app/shared/notifications/settings';

/** A short two-tone chime made with Web Audio, so that no sound file has to ship. */
function chime(): void {
  const AudioContextClass = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  const context = new AudioContextClass();
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0.08, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + 0.4);
  [880, 1320].forEach((frequency, i) => {
    const osc = context.createOscillator();
    osc.frequency.value = frequency;
    osc.connect(gain);
    osc.start(context.currentTime + i * 0.12);
    osc.stop(context.currentTime + 0.4);
  });
  setTimeout(() => void context.close(), 600);
}

/**
 * What the In-App tab's sound, desktop and vibration switches do when the bell finds new
 * notifications: each only when on, and the desktop one only with the browser's permission
 * (never asked for here; the Push switch asks).
 */
export function announceArrival(inApp: NotificationSettings['inApp'] | null, newest: { title: string; body: string } | undefined): void {
  if (!inApp) return;
  try {
    if (inApp.sound) chime();
  } catch {
    // Autoplay rules may refuse sound before the first click: nothing to do.
  }
  // Chromium refuses (with a console error) to vibrate before the user has touched the page.
  if (inApp.vibration && 'vibrate' in navigator && navigator.userActivation?.hasBeenActive) navigator.vibrate(120);
  if (
    inApp.desktop &&
    newest &&
    'Notification' in window &&
    Notification.permission === 'granted' &&
    document.visibilityState !== 'visible'
  ) {
    new Notification(newest.title, { body: newest.body, icon: '/favicon.svg', tag: 'in-app' });
  }
}
