import { describe, expect, it } from 'vitest';
import { addMonth } from './sandbox.js';
import { checkTestCard, declineFor } from './sandbox-cards.js';

const now = new Date('2026-01-15T12:00:00Z');
const card = (number: string, expiry = '12/30', cvc = '123') => ({ number, expiry, cvc });

describe('sandbox test cards', () => {
  it('4242 pays; 0002 and 9995 decline with their words; anything else is not a card', () => {
    expect(checkTestCard(card('4242 4242 4242 4242'), now)).toEqual({ ok: true, number: '4242424242424242' });
    expect(checkTestCard(card('4000 0000 0000 0002'), now)).toMatchObject({ ok: false, kind: 'declined', message: 'Your card was declined.' });
    expect(checkTestCard(card('4000000000009995'), now)).toMatchObject({ ok: false, kind: 'declined', message: 'Your card has insufficient funds.' });
    expect(checkTestCard(card('5555 5555 5555 4444'), now)).toMatchObject({ ok: false, kind: 'invalid', field: 'number' });
    expect(declineFor('4242424242424242')).toBeNull();
  });

  it('a card is good through its expiry month', () => {
    expect(checkTestCard(card('4242424242424242', '01/26'), now)).toMatchObject({ ok: true });
    expect(checkTestCard(card('4242424242424242', '12/25'), now)).toMatchObject({ ok: false, field: 'expiry' });
    expect(checkTestCard(card('4242424242424242', '01 / 26'), new Date('2026-02-01T00:00:00Z'))).toMatchObject({ ok: false, field: 'expiry' });
  });
});

describe('monthly periods', () => {
  it('one calendar month later, the day clamped to the month', () => {
    expect(addMonth(new Date('2026-01-15T12:00:00Z'))).toEqual(new Date('2026-02-15T12:00:00Z'));
    expect(addMonth(new Date('2026-01-31T08:00:00Z'))).toEqual(new Date('2026-02-28T08:00:00Z'));
    expect(addMonth(new Date('2028-01-31T08:00:00Z'))).toEqual(new Date('2028-02-29T08:00:00Z'));
    expect(addMonth(new Date('2026-12-31T23:59:59Z'))).toEqual(new Date('2027-01-31T23:59:59Z'));
  });
});
