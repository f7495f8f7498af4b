import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathFor } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/checkout-pro-promo')).toBe('/checkout-pro-promo');
    expect(safeReturnPath('/community/post/12?reply=3#r3')).toBe('/community/post/12?reply=3#r3');
  });

  it.each([
    ['protocol-relative', '//evil.example/checkout'],
    ['backslash', '/\\evil.example'],
    ['backslash later on', '/x\\..\\\\evil.example'],
    ['absolute', 'https://evil.example/'],
    ['scheme without slashes', 'javascript:alert(1)'],
    ['a tab a parser drops', '/\t/evil.example'],
    ['a newline a parser drops', '/\n/evil.example'],
    ['relative without a slash', 'checkout'],
  ])('refuses %s (%s)', (_what, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses nothing given', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath('')).toBeNull();
  });
});

describe('signInPathFor', () => {
  it('leads back to the page', () => {
    expect(signInPathFor('/chat')).toBe('/auth?next=%2Fchat');
  });
});
