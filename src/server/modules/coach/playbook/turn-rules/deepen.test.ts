import { describe, expect, it } from 'vitest';
import { deepen } from './deepen.js';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';

describe('deepen', () => {
  it('works the technique just given through step by step when the rep asks how to do it', () => {
    const input = inputAfter(COACHED, 'how do I ask her that');
    const turn = deepen.apply(input);
    expect(turn?.reply.content).toContain(', step by step ·');
    expect(turn?.technique?.id).toBe(input.state.techniqueId);
    expect(answeringRule(input)).toBe(deepen.name);
  });

  it('leaves the same question before any technique to the other rules', () => {
    expect(deepen.apply(inputAfter([], 'how do I ask her that'))).toBeUndefined();
  });
});
