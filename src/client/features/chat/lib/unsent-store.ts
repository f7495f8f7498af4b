import { z } from 'zod';
import { PERSONAL_STORAGE_KEYS } from '../../../lib/browser-storage';

/**
 * A message whose send failed is kept in the browser too, so a reload (or a phone closing the
 * tab in the background) does not lose it. It goes with the other personal data on sign-out.
 */
const unsentSchema = z.object({ sessionId: z.string(), clientId: z.uuid(), content: z.string(), reason: z.string() });
export type StoredUnsent = z.infer<typeof unsentSchema>;

const KEY = PERSONAL_STORAGE_KEYS.unsentChatMessage;

export function loadUnsent(): StoredUnsent | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (raw === null) return null;
    const parsed = unsentSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
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
