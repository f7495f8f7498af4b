import { describe, expect, it } from 'vitest';
import { clarify } from './clarify.js';
import { answeringRule, inputAfter } from './test-conversation.js';

describe('clarify', () => {
  it('asks for more when nothing places the message, and calls in a person the second time', () => {
    const input = inputAfter([], 'asdf qwerty');
    const turn = clarify.apply(input);
    expect(turn?.reply.confidence).toBe(0.2);
    expect(turn?.reply.escalation).toBeUndefined();
    expect(answeringRule(input)).toBe(clarify.name);
    expect(clarify.apply(inputAfter(['asdf qwerty'], 'zxcv uiop'))?.reply.escalation).toBeDefined();
  });

  it('leaves a message it can place to the other rules', () => {
    expect(clarify.apply(inputAfter([], 'Prospects keep saying our price is too high.'))).toBeUndefined();
  });
});
