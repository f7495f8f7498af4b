/*
 * What the sandbox card form does to typed text, kept apart from the form so it can be tested
 * on its own. The shapes are the ones the shared schema (sandboxCardSchema) accepts.
 */

/** "4242424242424242" → "4242 4242 4242 4242": digits only, a space every four, 19 digits at most. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * "1234" → "12/34". The slash comes once the month is complete, so deleting it works; a single
 * month digit above 1 is a month on its own ("4" → "04/").
 */
export function formatExpiry(text: string, previous = ''): string {
  let digits = text.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  // Backspace over the slash: drop the slash and the month's last digit with it, not just re-add it.
  if (previous.endsWith('/') && text.length < previous.length && digits.length === 2) return digits.slice(0, 1);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return `${digits}/`;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** Digits only, four at most. */
export const formatCvc = (text: string) => text.replace(/\D/g, '').slice(0, 4);

/** Whether "MM/YY" names a month that has already ended (the card is expired). */
export function expiryInPast(expiry: string, now: Date = new Date()): boolean {
  const match = /^(\d{2}) ?\/ ?(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);
}
