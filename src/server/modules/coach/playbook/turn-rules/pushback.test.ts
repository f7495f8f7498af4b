import { describe, expect, it } from 'vitest';
import { TECHNIQUES } from '../techniques.js';
import { pushback } from './pushback.js';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';

describe('pushback or another tip', () => {
  it('answers pushback with a technique of a different method', () => {
    const input = inputAfter(COACHED, "that won't work for my buyers");
    const turn = pushback.apply(input);
    const before = TECHNIQUES.find((t) => t.id === input.state.techniqueId);
    expect(turn?.reply.content).toMatch(/^Fair enough, that one does not fit your buyers\./);
    expect(turn?.technique?.method).not.toBe(before?.method);
    expect(answeringRule(input)).toBe(pushback.name);
  });

  it('answers "give me another tip" with another technique for the same problem', () => {
    const input = inputAfter(COACHED, 'Give me another tip');
    const turn = pushback.apply(input);
    expect(turn?.reply.content).toContain('Here is another one for the same problem.');
    expect(turn?.technique?.id).not.toBe(input.state.techniqueId);
    expect(answeringRule(input)).toBe(pushback.name);
  });

  it('leaves thanks to the other rules', () => {
    expect(pushback.apply(inputAfter(COACHED, 'thanks'))).toBeUndefined();
  });
});
