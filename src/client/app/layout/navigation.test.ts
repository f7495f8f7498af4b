import { describe, expect, it } from 'vitest';
import { backTarget, showsHeader, showsTabBar } from './navigation';

describe('backTarget', () => {
  it.each([
    ['/auth', '/'],
    ['/home', '/'],
    ['/onboarding', '/auth'],
    ['/onboarding/age', '/auth'],
    ['/onboarding/location', '/onboarding/age'],
    ['/onboarding/experience', '/onboarding/location'],
    ['/onboarding/income', '/onboarding/experience'],
    ['/onboarding/struggles', '/onboarding/income'],
    ['/onboarding/industry', '/onboarding/struggles'],
    ['/onboarding/product', '/onboarding/industry'],
    ['/chat', '/home'],
    ['/training', '/home'],
    ['/community', '/home'],
    ['/account', '/home'],
    ['/feedback', '/account'],
    ['/admin', '/account'],
    ['/checkout', '/account'],
    ['/checkout-basic', '/account'],
    ['/privacy-policy', '/account'],
    ['/terms-of-service', '/account'],
    ['/referral', '/home'],
    ['/somewhere-else', '/home'],
  ])('%s goes back to %s', (from, to) => expect(backTarget(from)).toBe(to));

  it('has no Back on the welcome page', () => expect(backTarget('/')).toBeNull());
});

describe('chrome visibility', () => {
  it('hides the header on / and /auth only', () => {
    expect(showsHeader('/')).toBe(false);
    expect(showsHeader('/auth')).toBe(false);
    expect(showsHeader('/signup')).toBe(true);
    expect(showsHeader('/home')).toBe(true);
  });
  it('shows the tab bar inside the app, not in the sign-in and onboarding flow', () => {
    expect(showsTabBar('/chat')).toBe(true);
    expect(showsTabBar('/account')).toBe(true);
    expect(showsTabBar('/onboarding/age')).toBe(false);
    expect(showsTabBar('/auth')).toBe(false);
  });
});
