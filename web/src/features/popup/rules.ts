// When the popup overlay shows (SPEC 3 local storage: closed-date, version, submitted). A visitor
// who closed or answered it does not see it again until the owner saves a new version, or — for
// a closed one — until the owner's number of days has passed (0: only a new version brings it back).
import { POPUP_STORAGE_PREFIX, type PopupOverlay, type PopupStorageKeys } from '@sc/contracts';

export interface StoredPopupState {
  closedDate: string | null;
  version: string | null;
  submitted: string | null;
}

const DAY_MS = 86_400_000;

/** The storage key of one of the SPEC 3 fields, per website (several sites may share a browser origin in development). */
export const storageKey = (websiteId: string, key: (typeof PopupStorageKeys)[keyof typeof PopupStorageKeys]): string =>
  `${POPUP_STORAGE_PREFIX}${websiteId}:${key}`;

export function shouldShow(
  stored: StoredPopupState,
  popup: Pick<PopupOverlay, 'enabled' | 'version' | 'hideForDays'>,
  now: number,
): boolean {
  if (!popup.enabled) return false;
  if (stored.version !== String(popup.version)) return true;
  if (stored.submitted === 'true') return false;
  if (stored.closedDate === null) return true;
  const closedAt = Date.parse(stored.closedDate);
  if (Number.isNaN(closedAt)) return true;
  return popup.hideForDays > 0 && now - closedAt >= popup.hideForDays * DAY_MS;
}

/** What to store when the visitor closes the popup. */
export const closedState = (popup: Pick<PopupOverlay, 'version'>, now: number): StoredPopupState => ({
  closedDate: new Date(now).toISOString(),
  version: String(popup.version),
  submitted: null,
});

/** What to store when the visitor signs up (or follows the promotion). */
export const submittedState = (popup: Pick<PopupOverlay, 'version'>, now: number): StoredPopupState => ({
  closedDate: new Date(now).toISOString(),
  version: String(popup.version),
  submitted: 'true',
});
