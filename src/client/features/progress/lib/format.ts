/** "45 s", "12 min", "2 h 05 min": a duration in seconds, as the totals show it. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** "Jan 12": a week's Monday (YYYY-MM-DD, already in the rep's zone), for a chart's axis. */
export function formatWeek(weekStart: string): string {
  const [y, m, d] = weekStart.split('-').map(Number);
  // Built in UTC and shown in UTC: the date is a calendar day, not an instant to convert.
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** "Jan 13, 2026": when a reply was given. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}

/** "2:05 PM": the time of day a reply was given, for telling two replies of one day apart. */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}
