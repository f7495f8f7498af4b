import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { chatSubtitle, isPaymentRequired, needsUpgrade, resetNote, trialBannerText } from './chat-status';

describe('chatSubtitle', () => {
  it('says unlimited for paid, admin and trial users', () => {
    expect(chatSubtitle({ unlimited: true, freeChatsRemaining: 0, daysUntilReset: null })).toBe('Unlimited coaching sessions');
  });
  it.each([
    [1, '1 free chat remaining this week'],
    [2, '2 free chats remaining this week'],
  ])('counts %i free chat(s)', (n, text) => expect(chatSubtitle({ unlimited: false, freeChatsRemaining: n, daysUntilReset: null })).toBe(text));
  it('says when the next free chat comes once the week\'s is spent', () => {
    expect(chatSubtitle({ unlimited: false, freeChatsRemaining: 0, daysUntilReset: 5 })).toBe('Next free chat in 5 days');
    expect(chatSubtitle({ unlimited: false, freeChatsRemaining: 0, daysUntilReset: 1 })).toBe('Next free chat in 1 day');
  });
});

describe('trialBannerText', () => {
  it('counts the days left, and calls the last one by name', () => {
    expect(trialBannerText(60)).toBe('60 days left in your free trial');
    expect(trialBannerText(2)).toBe('2 days left in your free trial');
    expect(trialBannerText(1)).toBe('Last day of your free trial');
  });
});

describe('resetNote', () => {
  it('says day or days', () => {
    expect(resetNote(1, 7)).toBe('Your next free chat resets in 1 day');
    expect(resetNote(5, 7)).toBe('Your next free chat resets in 5 days');
    expect(resetNote(null, 7)).toBe('Your next free chat resets within 7 days');
  });
});

describe('needsUpgrade', () => {
  const free = { access: 'free' as const, freeChatsRemaining: 0, openFreeSessionId: null };
  it('is true only for a free user with no chat left and no open conversation', () => {
    expect(needsUpgrade(free)).toBe(true);
    expect(needsUpgrade({ ...free, openFreeSessionId: 'abc' })).toBe(false);
    expect(needsUpgrade({ ...free, freeChatsRemaining: 1 })).toBe(false);
    expect(needsUpgrade({ ...free, access: 'trial' })).toBe(false);
    expect(needsUpgrade({ ...free, access: 'paid' })).toBe(false);
  });
});

describe('isPaymentRequired', () => {
  it('recognises a 402 or 403 that asks for payment, nothing else', () => {
    expect(isPaymentRequired(new ApiRequestError(402, 'Pay', { message: 'Pay', requiresPayment: true }))).toBe(true);
    expect(isPaymentRequired(new ApiRequestError(403, 'Pay', { message: 'Pay', requiresPayment: true }))).toBe(true);
    expect(isPaymentRequired(new ApiRequestError(403, 'Forbidden', { message: 'Forbidden' }))).toBe(false);
    expect(isPaymentRequired(new ApiRequestError(400, 'Bad', { message: 'Bad', requiresPayment: true }))).toBe(false);
    expect(isPaymentRequired(new Error('402'))).toBe(false);
  });
});
