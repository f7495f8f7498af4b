import { describe, expect, it } from 'vitest';
import { goesOn } from './goes-on.js';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';

describe('goes on', () => {
  it('keeps coaching the same problem when the rep adds context', () => {
    const input = inputAfter(COACHED, 'most of them are retired couples on a fixed income');
    const turn = goesOn.apply(input);
    expect(turn?.reply.coaching.topics[0]).toBe(input.topic);
    // The rep's words are not rewritten back at them (issue #23): the reply goes straight to the advice.
    expect(turn?.reply.content).not.toMatch(/^Got it:/);
    expect(turn?.reply.coaching.method).toBeTruthy();
    expect(answeringRule(input)).toBe(goesOn.name);
  });

  it('leaves a message that names a new problem to the coaching', () => {
    expect(goesOn.apply(inputAfter(COACHED, 'my manager lets me discount up to 15 percent'))).toBeUndefined();
  });
});
