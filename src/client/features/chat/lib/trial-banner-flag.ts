/**
 * The trial banner can be dismissed: it then stays away while more than a week of the trial is
 * left, and comes back for the last week (once dismissed there, it stays away). The header's
 * subtitle still says the trial is running, and the account page says how long.
 */
export const TRIAL_BANNER_DISMISSED_KEY = 'salesCoachTrialBannerDismissed';
const LAST_WEEK_DAYS = 7;

export function trialBannerDismissed(daysLeft: number): boolean {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(TRIAL_BANNER_DISMISSED_KEY);
  } catch {
    // Storage switched off: the banner shows, and its close button hides it for this visit.
  }
  if (stored === null) return false;
  const dismissedAt = Number(stored);
  return !(daysLeft <= LAST_WEEK_DAYS && dismissedAt > LAST_WEEK_DAYS);
}

export function dismissTrialBanner(daysLeft: number): void {
  try {
    localStorage.setItem(TRIAL_BANNER_DISMISSED_KEY, String(daysLeft));
  } catch {
    // Storage switched off or full: it will show again next visit.
  }
}
