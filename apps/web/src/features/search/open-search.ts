/** The event the search launcher (in the header) listens for: other places open the dialog through it. */
export const OPEN_SEARCH_EVENT = 'app:open-search';

/** Opens the search dialog from anywhere (the phone's menu drawer, which has no room for a header button). */
export function openSearch(): void {
  window.dispatchEvent(new Event(OPEN_SEARCH_EVENT));
}
