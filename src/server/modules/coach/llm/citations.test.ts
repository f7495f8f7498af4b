import { describe, expect, it } from 'vitest';
import { CitationFilter } from './citations.js';

const SENT = ['Objection handling › Objection: "I need to talk to my spouse"', 'Closing techniques › Summary close'];

function streamed(text: string, size: number): string {
  const filter = new CitationFilter(SENT);
  let out = '';
  for (let i = 0; i < text.length; i += size) out += filter.push(text.slice(i, i + size));
  return out + filter.flush();
}

describe('CitationFilter', () => {
  it('keeps a citation of a title that was sent, whatever its quotes, including quotes inside the title', () => {
    for (const text of [
      'Ask who else decides *(from "Objection: "I need to talk to my spouse"")*.',
      "Ask who else decides (from 'Objection: \"I need to talk to my spouse\"').",
      'Ask who else decides (from “Summary close”).',
      'Sum it up (Source: Summary close).',
      'Sum it up (from "Closing techniques › Summary close").',
    ]) {
      for (const size of [1, 5, 1000]) expect(streamed(text, size)).toBe(text);
    }
  });

  it('removes a citation of a title that was not sent, in every wording', () => {
    for (const [text, expected] of [
      ['Use the pause *(from "The Challenger Sale")*.', 'Use the pause.'],
      ["Use the pause (from 'SPIN Selling, p. 42').", 'Use the pause.'],
      ['Use the pause (Source: Never Split the Difference).', 'Use the pause.'],
      ['Use the pause.\n*Source: "Gap Selling"*\nThen ask.', 'Use the pause.\n\nThen ask.'],
    ] as const) {
      for (const size of [1, 4, 1000]) expect(streamed(text, size)).toBe(expected);
    }
  });

  it('leaves ordinary parentheses alone', () => {
    const text = 'Start over (from the top) and ask again (see above).';
    expect(streamed(text, 3)).toBe(text);
  });

  it('tidies the stored reply: what led into a removed citation goes too, and the sentence reads', () => {
    const filter = new CitationFilter(SENT);
    expect(filter.tidy('As the classic goes (from "Made Up Book"), and see also (from "Another One").')).toBe('As the classic goes.');
    expect(filter.tidy('Ask for the order, as explained in (from "Invented"). Then stop talking.')).toBe('Ask for the order. Then stop talking.');
    expect(filter.tidy('Sum it up *(from "Summary close")*.')).toBe('Sum it up *(from "Summary close")*.');
  });
});
