import { describe, expect, it } from 'vitest';
import { differentProblem } from './different-problem.js';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';

describe('different problem', () => {
  it('starts over with the picker when the rep has a different problem', () => {
    const input = inputAfter(COACHED, 'I have a different problem');
    const turn = differentProblem.apply(input);
    expect(turn?.reply.state).toMatchObject({ phase: 'start', topic: undefined, techniqueId: undefined });
    expect(turn?.reply.options).toContain('Closing the deal');
    expect(answeringRule(input)).toBe(differentProblem.name);
  });

  it('leaves another tip to the other rules', () => {
    expect(differentProblem.apply(inputAfter(COACHED, 'Give me another tip'))).toBeUndefined();
  });
});
