import { describe, expect, it } from 'vitest';
import { nextTurn } from '../dialogue.js';
import type { HistoryMessage } from '../../engine.js';
import { notPlaced } from './not-placed.js';
import { answeringRule, inputAfter, WRITTEN_PROFILE } from './test-conversation.js';

describe('not placed', () => {
  const before = ['couple test drove a rav4, loved it, then at the desk they said the price was too much and left'];

  it('asks, with the closest written moments as options, when the rep corrects the coach and names nothing it knows', () => {
    const input = inputAfter(before, "no it's not price, the wife is scared of the install crew after what happened last time", WRITTEN_PROFILE);
    const turn = notPlaced.apply(input);
    expect(turn?.reply.content).toMatch(/^Then I had it wrong: it's not the price\. I'm not sure which part/);
    expect(turn?.reply.options).not.toContain('The price or the payment');
    expect(turn?.reply.options).toContain('They want to think about it');
    expect(turn?.reply.coaching.method).toBeUndefined();
    expect(answeringRule(input)).toBe(notPlaced.name);
  });

  it('coaches the moment the rep taps from those options', () => {
    const history: HistoryMessage[] = [];
    for (const message of [...before, "no it's not price, the wife is scared of the install crew", 'They want to think about it']) {
      const { reply } = nextTurn({ profile: WRITTEN_PROFILE, history: [...history], message, knowledge: [] });
      history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.content, options: reply.options, coaching: reply.coaching, state: reply.state ?? null });
    }
    expect(history.at(-1)?.coaching?.method).toBeTruthy();
    expect((history.at(-1)?.state as { play?: { moment?: string } } | undefined)?.play?.moment).toBe('think');
  });

  it('leaves a correction that names a written moment to the written coaching', () => {
    expect(answeringRule(inputAfter(before, "no it's not price, his wife has to decide and she wasn't there", WRITTEN_PROFILE))).toBe('play coach');
  });
});
