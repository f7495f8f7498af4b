import type { User } from '../../shared/schemas/user';

/** A signed-in user as GET /api/auth/session returns it, for component tests. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    username: 'rep_test',
    email: 'rep_test@example.com',
    hasBasicAccess: false,
    hasProAccess: false,
    isAdmin: false,
    sessionCount: 0,
    weeklyFreeChatsRemaining: 1,
    lastWeeklyResetDate: null,
    hasUsedFreeTrial: false,
    freeSessionUsed: false,
    freeSessionExpiresAt: null,
    basicPurchaseDate: null,
    hasUsedProPromo: false,
    stripeCustomerId: null,
    stripeSubscriptionId: null,
    age: null,
    city: null,
    state: null,
    salesExperience: null,
    currentIncome: null,
    targetIncome: null,
    biggestStruggle: null,
    industry: null,
    product: null,
    onboardingCompleted: false,
    tutorialSeenAt: null,
    referralCode: 'REPTEST1',
    referredBy: null,
    freeProMonthsRemaining: 0,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}
