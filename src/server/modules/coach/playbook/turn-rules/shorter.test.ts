import { describe, expect, it } from 'vitest';
import { shorter } from './shorter.js';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';

describe('shorter', () => {
  it('cuts the same advice to one line', () => {
    const input = inputAfter(COACHED, 'too long, shorter');
    const turn = shorter.apply(input);
    expect(turn?.reply.content).toMatch(/^Fair enough, shorter\. Just this:/);
    expect(turn?.technique?.id).toBe(input.state.techniqueId);
    expect(answeringRule(input)).toBe(shorter.name);
  });

  it('leaves pushback on the method to the pushback rule', () => {
    expect(shorter.apply(inputAfter(COACHED, "that won't work for my buyers"))).toBeUndefined();
  });
});
