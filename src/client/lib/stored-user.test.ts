import { beforeEach, describe, expect, it } from 'vitest';
import { makeUser } from '../test/make-user';
import { clearStoredUser, readStoredUser, writeStoredUser } from './stored-user';

describe('stored user', () => {
  beforeEach(() => localStorage.clear());

  it('keeps only the display fields, never anything secret', () => {
    writeStoredUser(makeUser({ username: 'casey' }));
    const raw = JSON.parse(localStorage.getItem('salesCoachUser') ?? '{}');
    expect(raw.username).toBe('casey');
    expect(raw).not.toHaveProperty('stripeCustomerId');
    expect(readStoredUser()?.username).toBe('casey');
  });

  it('clears the onboarding answers with the user, so the next person on a shared browser starts clean', () => {
    writeStoredUser(makeUser());
    localStorage.setItem('salesCoachOnboarding', JSON.stringify({ city: 'Austin' }));
    localStorage.setItem('unrelated', 'stays');
    clearStoredUser();
    expect(localStorage.getItem('salesCoachUser')).toBeNull();
    expect(localStorage.getItem('salesCoachOnboarding')).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('stays');
  });

  it('ignores a record that is not a user', () => {
    localStorage.setItem('salesCoachUser', '{"id":"x"}');
    expect(readStoredUser()).toBeNull();
  });
});
