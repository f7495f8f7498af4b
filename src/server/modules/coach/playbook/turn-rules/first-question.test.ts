import { describe, expect, it } from 'vitest';
import { firstQuestion } from './first-question.js';
import { answeringRule, inputAfter } from './test-conversation.js';

describe('first question', () => {
  it('asks one question about a first message that says too little to coach on', () => {
    const input = inputAfter([], 'Prospects keep saying our price is too high.');
    const turn = firstQuestion.apply(input);
    expect(turn?.reply.content).toContain('One question so the advice fits:');
    expect(turn?.reply.state).toMatchObject({ phase: 'asked', topic: 'objection_handling' });
    expect(answeringRule(input)).toBe(firstQuestion.name);
  });

  it('leaves a first message that says what the rep does to the coaching', () => {
    expect(firstQuestion.apply(inputAfter([], 'When they say the price is too high I usually drop it by 10%'))).toBeUndefined();
  });
});
