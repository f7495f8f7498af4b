import { describe, expect, it } from 'vitest';
import { coachFound } from './coach.js';
import { answeringRule, inputAfter } from './test-conversation.js';

describe('coach', () => {
  it('coaches with a named method on a message that says what happens', () => {
    const input = inputAfter([], 'When they say the price is too high I usually drop it by 10%');
    const turn = coachFound.apply(input);
    expect(turn?.reply.coaching).toMatchObject({ topics: ['objection_handling'], method: turn?.technique?.method });
    expect(turn?.reply.state).toMatchObject({ phase: 'coached', used: [turn?.technique?.id] });
    expect(answeringRule(input)).toBe(coachFound.name);
  });

  it('has nothing to coach on a message that names no topic', () => {
    expect(coachFound.apply(inputAfter([], 'asdf qwerty'))).toBeUndefined();
  });
});
