/** "Jan 5, 2026, 10:00 AM": when something happened, in the admin's own time zone. */
export const formatWhen = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "10:42 AM": a time later today (the unlock's end). */
export const formatTime = (iso: string) => new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

export const formatCount = (n: number) => n.toLocaleString('en-US');
