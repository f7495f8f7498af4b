import { describe, expect, it } from 'vitest';
import { pickedTopic } from './picked-topic.js';
import { answeringRule, inputAfter } from './test-conversation.js';

describe('picked topic', () => {
  it('asks one question about the part of the call tapped in the picker', () => {
    const input = inputAfter([], 'Closing the deal');
    const turn = pickedTopic.apply(input);
    expect(turn?.reply.coaching).toEqual({ stage: 'close', topics: ['closing'] });
    expect(turn?.reply.state).toMatchObject({ phase: 'asked', topic: 'closing' });
    expect(answeringRule(input)).toBe(pickedTopic.name);
  });

  it('leaves a message that only mentions the topic to the reading of the message', () => {
    expect(pickedTopic.apply(inputAfter([], 'closing deals is hard for me'))).toBeUndefined();
  });
});
