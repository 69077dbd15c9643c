/**
 * How long the install banner stays away once it has gone (dismissed, hidden by its 5 s clock, or
 * used to install): 14 days, in this browser, across visits and tabs. Kept in localStorage under a
 * key of our own beside the shop's (docs/behaviour.md §3), which the store does not mirror: cross-tab sync and the
 * support file read only the spec's keys. The time it went is stored, so the period is one constant.
 */
export const INSTALL_BANNER_AWAY_DAYS = 14;
export const INSTALL_BANNER_HIDDEN_AT_KEY = 'installBannerHiddenAt';
const AWAY_MS = INSTALL_BANNER_AWAY_DAYS * 24 * 60 * 60 * 1000;

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage refused (some private modes): the banner simply comes each visit.
  }
};

/** Whether the banner went less than 14 days ago (a time ahead of `now`, a changed clock, does not count). */
export function bannerAway(now = Date.now()): boolean {
  const hiddenAt = Number(storage()?.getItem(INSTALL_BANNER_HIDDEN_AT_KEY) ?? NaN);
  return hiddenAt <= now && now - hiddenAt < AWAY_MS;
}

export function sendBannerAway(now = Date.now()): void {
  try {
    storage()?.setItem(INSTALL_BANNER_HIDDEN_AT_KEY, String(now));
  } catch {
    // Full or refused: it still goes away for this page.
  }
}
