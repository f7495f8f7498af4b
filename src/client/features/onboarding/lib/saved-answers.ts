import { z } from 'zod';
import { onboardingSchema, type OnboardingInput } from '#shared/schemas/onboarding';
import { PERSONAL_STORAGE_KEYS } from '../../../lib/browser-storage';

/**
 * Partial onboarding answers kept in the browser until the profile is submitted (product §6.2), so a
 * reload or Back keeps what the user entered. Only answers that pass the schema are kept or
 * read back: the record is user-editable and must never feed a bad value into the form.
 */
export const SAVED_ANSWERS_KEY = PERSONAL_STORAGE_KEYS.onboardingAnswers;

export type SavedAnswers = Partial<OnboardingInput>;

// Not strict like the request schema: a key this version does not know is dropped, not fatal.
const savedAnswersSchema = z.object(onboardingSchema.shape).partial();

function sanitize(candidate: unknown): SavedAnswers {
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return {};
  const first = savedAnswersSchema.safeParse(candidate);
  if (first.success) return first.data;
  // Drop only the fields that fail, so one tampered value does not lose every other answer.
  const bad = new Set(first.error.issues.map((issue) => issue.path[0]));
  const kept = Object.fromEntries(Object.entries(candidate).filter(([key]) => !bad.has(key)));
  const second = savedAnswersSchema.safeParse(kept);
  return second.success ? second.data : {};
}

export function readSavedAnswers(): SavedAnswers {
  try {
    const raw = localStorage.getItem(SAVED_ANSWERS_KEY);
    return raw ? sanitize(JSON.parse(raw)) : {};
  } catch {
    // Unreadable JSON or storage switched off: start from empty rather than break the step.
    return {};
  }
}

/** Merges `answers` into what is saved and returns the merged record. */
export function saveAnswers(answers: SavedAnswers): SavedAnswers {
  const merged = sanitize({ ...readSavedAnswers(), ...answers });
  try {
    localStorage.setItem(SAVED_ANSWERS_KEY, JSON.stringify(merged));
  } catch {
    // Storage full or disabled: the flow still works within this page load.
  }
  return merged;
}

export function clearSavedAnswers(): void {
  try {
    localStorage.removeItem(SAVED_ANSWERS_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
