import { describe, expect, it } from 'vitest';
import { answerToQuestion } from './answer-to-question.js';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';

const [PROBLEM = '', ANSWER = ''] = COACHED;

describe('answer to the question', () => {
  it("coaches on the rep's answer to the coach's question", () => {
    const input = inputAfter([PROBLEM], ANSWER);
    const turn = answerToQuestion.apply(input);
    expect(turn?.reply.content).toContain("Here is what I'd work on first");
    expect(turn?.reply.coaching.method).toBeTruthy();
    expect(answeringRule(input)).toBe(answerToQuestion.name);
  });

  it('leaves the same words, when nothing was asked, to the other rules', () => {
    expect(answerToQuestion.apply(inputAfter([], ANSWER))).toBeUndefined();
  });
});
