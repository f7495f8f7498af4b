import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat';
import { buyerLines, spokenText } from './buyer-lines';

const message = (content: string, rolePlay = true): ChatMessage => ({
  id: 1,
  role: 'assistant',
  content,
  timestamp: '2026-11-27T10:00:00.000Z',
  coaching: { stage: 'close', topics: [], ...(rolePlay ? { rolePlay: true as const } : {}) },
});

describe('buyerLines', () => {
  it("finds the buyer's quoted line in a scene's opening, without the coach's setup", () => {
    const lines = buyerLines(message('Let\'s practise. I\'ll be the wife; say "stop" whenever you want feedback.\n\n**The wife:** "We need to sleep on it"'));
    expect(lines).toEqual([{ who: 'The wife', words: 'We need to sleep on it' }]);
    expect(spokenText(lines)).toBe('We need to sleep on it');
  });

  it("skips the coach's own suggestions and feedback, and messages outside a scene", () => {
    expect(buyerLines(message('**Say:** "Fair enough."\n\n**Or:** "What would help?"\n\n**Then:** ask.'))).toEqual([]);
    expect(buyerLines(message('- **What worked:** "that is fair": you acknowledged it.'))).toEqual([]);
    expect(buyerLines(message('**The wife:** "We need to sleep on it"', false))).toEqual([]);
  });
});
