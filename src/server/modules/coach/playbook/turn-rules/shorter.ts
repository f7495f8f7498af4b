import { NEXT_OPTIONS } from '../compose.js';
import type { DialogueState } from '../dialogue-state.js';
import { fill } from '../replies.js';
import { normalize } from '../text.js';
import type { TurnRule } from './turn-input.js';

const SHORTER = / (?:too long|shorter|shorten|tl ?dr|nobody reads|no one reads|too wordy|cut it down) /;

/** The one sentence of an example line that asks something (its greeting kept), else its first. */
function shortest(example: string): string {
  const text = example.replace(/^"|"$/g, '');
  const sentences = text.match(/[^.!?]+[.!?]+/g)?.map((x) => x.trim()) ?? [text];
  const question = sentences.filter((x) => x.endsWith('?')).at(-1);
  const greeting = /^(?:hi|hey|hello)\b[^,]*,/i.exec(text)?.[0];
  const core = question ?? sentences[0] ?? text;
  return greeting && !core.toLowerCase().startsWith(greeting.toLowerCase()) ? `${greeting} ${core.charAt(0).toLowerCase()}${core.slice(1)}` : core;
}

/** "Too long, shorter": the same advice, cut to the line that matters; the method was not the problem. */
export const shorter: TurnRule = {
  name: 'shorter',
  apply({ ctx, state, intent, topic, stage, technique }) {
    if (!topic || !technique || intent !== 'pushback' || !SHORTER.test(normalize(ctx.message))) return undefined;
    const line = shortest(fill(technique.example, ctx.profile, state.facts));
    return {
      reply: {
        content: `Fair enough, shorter. Just this:\n\n"${line}"\n\nOne line, one question: it is easy to answer from a phone. Want another angle, or shall we practise it?`,
        options: [...NEXT_OPTIONS],
        coaching: { stage, topics: [topic], method: technique.method },
        confidence: 0.85,
        state: { ...state, lowStreak: 0 } satisfies DialogueState,
      },
      technique,
    };
  },
};
