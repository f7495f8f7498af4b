/** "December 23, 2026": the dates the account and referral pages show (renewal, end of access). */
export function formatLongDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}
