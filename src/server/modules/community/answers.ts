/** Shared by the forum's files, so a missing post or reply reads the same wherever it is asked for, and every time is stamped alike. */

export const POST_NOT_FOUND = 'This post does not exist or was removed.';
export const REPLY_NOT_FOUND = 'This reply does not exist or was removed.';

export const iso = (d: Date) => d.toISOString();
export const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
