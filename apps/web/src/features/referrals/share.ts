import { SHARE_POPUP, shareUrl, type ShareTarget } from '@app/shared/referrals/rules';

/** Opens a share target in a 600x400 popup, centred on the window. */
export function openSharePopup(target: ShareTarget, link: string, text: string): void {
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - height) / 2));
  window.open(
    shareUrl(target, link, text),
    `share-${target}`,
    `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`,
  );
}

/**
 * Copies text: the clipboard interface where there is one (secure pages), else the older
 * selection-and-execCommand way. Answers whether it worked.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied: try the older way.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
