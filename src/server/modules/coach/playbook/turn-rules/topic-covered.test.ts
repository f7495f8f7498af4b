import { describe, expect, it } from 'vitest';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';
import { topicCovered } from './topic-covered.js';

// Ten more tips give every closing technique that fits a rep who drops the price.
const ALL_GIVEN = [...COACHED, ...Array<string>(10).fill('Give me another tip')];

describe('topic covered', () => {
  it('moves to a neighbouring topic once every technique of this one was given', () => {
    const input = inputAfter(ALL_GIVEN, 'Give me another tip');
    const turn = topicCovered.apply(input);
    expect(turn?.reply.content).toContain('What you describe is also **objection handling**');
    expect(turn?.reply.coaching.topics[0]).toBe('objection_handling');
    expect(answeringRule(input)).toBe(topicCovered.name);
  });

  it('leaves another tip to the pushback rule while the topic has techniques left', () => {
    expect(topicCovered.apply(inputAfter(COACHED, 'Give me another tip'))).toBeUndefined();
  });
});
