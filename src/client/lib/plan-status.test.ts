import { describe, expect, it } from 'vitest';
import type { ChatStatus } from '#shared/schemas/chat';
import { planDetail, planName } from './plan-status';

const base: ChatStatus = {
  access: 'free',
  plan: 'free',
  canStartConversation: true,
  unlimited: false,
  freeChatsRemaining: 1,
  nextResetAt: null,
  daysUntilReset: null,
  trialEndsAt: null,
  trialDaysLeft: null,
  openFreeSessionId: null,
  openFreeUntil: null,
  openFreeMessagesLeft: null,
};

describe('the plan as the account badge names it', () => {
  it('calls the trial "Free Trial" only while it runs, and the free tier after it "Free Plan"', () => {
    expect(planName('trial')).toBe('Free Trial');
    expect(planName('free')).toBe('Free Plan');
    expect(planName('admin')).toBe('Admin Access');
    expect(planName('pro')).toBe('Pro Plan');
    expect(planName('basic')).toBe('Basic Plan');
  });

  it('adds the trial days left, or the free chat and when it resets, in the words of the chat header', () => {
    expect(planDetail({ ...base, access: 'trial', plan: 'trial', unlimited: true, trialDaysLeft: 52 })).toBe('52 days left in your free trial');
    expect(planDetail({ ...base, access: 'trial', plan: 'trial', unlimited: true, trialDaysLeft: 1 })).toBe('Last day of your free trial');
    expect(planDetail(base)).toBe('1 free chat remaining this week');
    expect(planDetail({ ...base, freeChatsRemaining: 0, daysUntilReset: 4, canStartConversation: false })).toBe('Next free chat in 4 days');
    expect(planDetail({ ...base, access: 'paid', plan: 'pro', unlimited: true })).toBeNull();
  });

  it('says the week\'s free chat stays open, until when, with the messages it still takes (issue #25)', () => {
    const until = '2026-12-03T15:00:00.000Z';
    const day = new Date(until).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
    const taken = { ...base, freeChatsRemaining: 0, daysUntilReset: 7, canStartConversation: false, openFreeSessionId: 'abc', openFreeUntil: until };
    expect(planDetail({ ...taken, openFreeMessagesLeft: 59 })).toBe(`This week’s free chat: open until ${day} (59 messages left)`);
    expect(planDetail({ ...taken, openFreeMessagesLeft: 0 })).toBe('Next free chat in 7 days');
  });
});
