/**
 * The browser-storage keys that hold something of the signed-in person. They are cleared
 * together whenever the browser turns out to be signed out, so the next person on a shared
 * computer never sees the previous one's name or onboarding answers.
 */
export const PERSONAL_STORAGE_KEYS = {
  /** product §14.1's display cache of the user. */
  user: 'salesCoachUser',
  /** Onboarding answers not yet submitted. */
  onboardingAnswers: 'salesCoachOnboarding',
  /** A chat message whose send failed, kept for its retry across a reload. */
  unsentChatMessage: 'salesCoachUnsentMessage',
} as const;

export function clearPersonalBrowserData(): void {
  for (const key of Object.values(PERSONAL_STORAGE_KEYS)) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage switched off: there is nothing stored to clear.
    }
  }
}
