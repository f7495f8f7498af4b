import { describe, expect, it } from 'vitest';
import { offTopic } from './off-topic.js';
import { answeringRule, COACHED, inputAfter } from './test-conversation.js';

describe('off topic', () => {
  it('declines an aside that is not about selling and offers the way back', () => {
    const input = inputAfter(COACHED, 'btw who you got winning the super bowl');
    const turn = offTopic.apply(input);
    expect(turn?.reply.content).toContain("I'm your sales coach, so I stick to selling.");
    expect(turn?.reply.content).toContain('Back to your');
    expect(answeringRule(input)).toBe(offTopic.name);
  });

  it('leaves an aside about selling to the coaching', () => {
    expect(offTopic.apply(inputAfter(COACHED, "random q but how do i handle 'send me an email'"))).toBeUndefined();
  });
});
