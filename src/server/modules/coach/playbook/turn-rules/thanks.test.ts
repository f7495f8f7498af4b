import { describe, expect, it } from 'vitest';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';
import { thanks } from './thanks.js';

describe('thanks', () => {
  it('sends the rep to try it, with a "you\'re welcome" only for a thank-you', () => {
    const input = inputAfter(COACHED, 'thanks');
    expect(thanks.apply(input)?.reply.content).toMatch(/^You're welcome\. Try it on your next call/);
    expect(thanks.apply(inputAfter(COACHED, 'got it'))?.reply.content).toMatch(/^Good\./);
    expect(answeringRule(input)).toBe(thanks.name);
  });

  it('leaves a thank-you that goes on to ask something to the other rules', () => {
    expect(thanks.apply(inputAfter(COACHED, 'thanks, what about the close'))).toBeUndefined();
  });
});
