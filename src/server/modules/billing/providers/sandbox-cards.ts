import type { SandboxCard } from '#shared/schemas/billing.js';

/*
 * The sandbox's test cards, Stripe's own numbers so a tester's habits carry over:
 * 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined; 4000 0000 0000 9995 has
 * insufficient funds. Any other number is not a card the sandbox knows.
 */
export const TEST_CARD_OK = '4242424242424242';
const DECLINES: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
};

export type CardCheck =
  | { ok: true; number: string }
  | { ok: false; kind: 'invalid'; field: 'number' | 'expiry'; message: string }
  | { ok: false; kind: 'declined'; number: string; message: string };

/** What charging a stored test card gives: null when it pays, else the decline's words. */
export function declineFor(number: string): string | null {
  if (number === TEST_CARD_OK) return null;
  return DECLINES[number] ?? 'Your card number is invalid.';
}

/** A card valid through its expiry month (MM/YY): expired from the first day of the next month, UTC. */
function expired(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.replace(/\s/g, '').split('/');
  const month = Number(mm);
  const year = 2000 + Number(yy);
  return now.getTime() >= Date.UTC(year, month, 1);
}

/** The schema has checked the shapes; this checks what a card network would. */
export function checkTestCard(card: SandboxCard, now: Date): CardCheck {
  const number = card.number.replace(/\s/g, '');
  if (expired(card.expiry, now)) return { ok: false, kind: 'invalid', field: 'expiry', message: "Your card's expiration date is in the past." };
  if (number !== TEST_CARD_OK && !(number in DECLINES)) return { ok: false, kind: 'invalid', field: 'number', message: 'Your card number is invalid.' };
  const decline = declineFor(number);
  return decline ? { ok: false, kind: 'declined', number, message: decline } : { ok: true, number };
}
