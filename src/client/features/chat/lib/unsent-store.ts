import { PERSONAL_STORAGE_KEYS } from '../../../lib/browser-storage';

/**
 * A message whose send failed is kept in the browser too, so a reload (or a phone closing the
 * tab in the background) does not lose it. It goes with the other personal data on sign-out.
 */
export interface StoredUnsent {
  sessionId: string;
  clientId: string;
  content: string;
  reason: string;
}

const KEY = PERSONAL_STORAGE_KEYS.unsentChatMessage;

// The same UUID shape zod's z.uuid() accepts; checked by hand because this module is read before
// the chat has loaded zod (the route's prefetch picks the conversation to open from it, issue #13).
const UUID = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

function isStoredUnsent(value: unknown): value is StoredUnsent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.sessionId === 'string' && typeof v.clientId === 'string' && UUID.test(v.clientId) && typeof v.content === 'string' && typeof v.reason === 'string';
}

export function loadUnsent(): StoredUnsent | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isStoredUnsent(parsed)) return null;
    // Only the four fields, as the schema it replaces returned them.
    return { sessionId: parsed.sessionId, clientId: parsed.clientId, content: parsed.content, reason: parsed.reason };
  } catch {
    // Storage switched off, or not ours to read: nothing kept.
    return null;
  }
}

export function saveUnsent(value: StoredUnsent | null): void {
  try {
    if (value) localStorage.setItem(KEY, JSON.stringify(value));
    else localStorage.removeItem(KEY);
  } catch {
    // Storage switched off or full: the message is still on screen until the page closes.
  }
}
