import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { chatSubtitle, chatSubtitleShort, isPaymentRequired, needsUpgrade, resetNote, trialBannerText } from './chat-status';

const noOpenChat = { openFreeUntil: null, openFreeMessagesLeft: null };

describe('chatSubtitle', () => {
  it('says unlimited for paid, admin and trial users', () => {
    expect(chatSubtitle({ unlimited: true, freeChatsRemaining: 0, daysUntilReset: null, ...noOpenChat })).toBe('Unlimited coaching sessions');
  });
  it.each([
    [1, '1 free chat remaining this week'],
    [2, '2 free chats remaining this week'],
  ])('counts %i free chat(s)', (n, text) => expect(chatSubtitle({ unlimited: false, freeChatsRemaining: n, daysUntilReset: null, ...noOpenChat })).toBe(text));
  it('says when the next free chat comes once the week\'s is spent', () => {
    expect(chatSubtitle({ unlimited: false, freeChatsRemaining: 0, daysUntilReset: 5, ...noOpenChat })).toBe('Next free chat in 5 days');
    expect(chatSubtitle({ unlimited: false, freeChatsRemaining: 0, daysUntilReset: 1, ...noOpenChat })).toBe('Next free chat in 1 day');
  });
  it('says the week\'s conversation stays open, until when and for how many messages, while it can be written in (issue #25)', () => {
    const until = '2026-12-03T15:00:00.000Z';
    const day = new Date(until).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
    const taken = { unlimited: false, freeChatsRemaining: 0, daysUntilReset: 7, openFreeUntil: until };
    expect(chatSubtitle({ ...taken, openFreeMessagesLeft: 59 })).toBe(`This week’s free chat: open until ${day} (59 messages left)`);
    expect(chatSubtitle({ ...taken, openFreeMessagesLeft: 1 })).toBe(`This week’s free chat: open until ${day} (1 message left)`);
    // At its cap nothing more can be written there: only when the next chat comes is true.
    expect(chatSubtitle({ ...taken, openFreeMessagesLeft: 0 })).toBe('Next free chat in 7 days');
  });
  it('shortens the open week\'s chat for a phone: the day, or the messages left once few are', () => {
    const until = '2026-12-03T15:00:00.000Z';
    const day = new Date(until).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
    const taken = { unlimited: false, freeChatsRemaining: 0, daysUntilReset: 7, openFreeUntil: until };
    expect(chatSubtitleShort({ ...taken, openFreeMessagesLeft: 58 })).toBe(`Free chat open until ${day}`);
    expect(chatSubtitleShort({ ...taken, openFreeMessagesLeft: 10 })).toBe('Free chat: 10 messages left');
    expect(chatSubtitleShort({ ...taken, openFreeMessagesLeft: 1 })).toBe('Free chat: 1 message left');
    expect(chatSubtitleShort({ ...taken, openFreeMessagesLeft: 0 })).toBeNull();
    expect(chatSubtitleShort({ unlimited: false, freeChatsRemaining: 1, daysUntilReset: null, ...noOpenChat })).toBeNull();
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
