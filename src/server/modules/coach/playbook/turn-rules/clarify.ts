import type { Coaching, Topic } from '#shared/coaching.js';
import { lastCoaching, PICKER } from '../compose.js';
import type { DialogueState } from '../dialogue-state.js';
import { reflection } from '../replies.js';
import type { TurnInput, TurnRule } from './turn-input.js';

/** The first ask for more: what the coach did hear comes back first, so the rep adds to it rather than repeating it. */
function heard({ ctx, state }: TurnInput): string {
  const echo = reflection(ctx.message, state.facts);
  return echo
    ? `${echo} To coach you on it, tell me what you say or do right then, and what the buyer does next, or pick the part that feels hardest:`
    : 'Happy to help. Tell me what happens on the call in your own words (what the buyer said, what you did), or pick the part that feels hardest:';
}

/**
 * A message the coach cannot place: it asks the rep to say more or point at a part of the call,
 * the likeliest parts first. The second time in a row, a person from the coaching team is called in.
 */
export const clarify: TurnRule = {
  name: 'clarify',
  apply(turn) {
    const { ctx } = turn;
    const { d, found, understood } = turn.reading;
    if (understood && found) return undefined;
    const guess: Coaching = found ? { stage: d.stage, topics: d.topics } : (lastCoaching(ctx.history) ?? { stage: 'general', topics: [] });
    const state: DialogueState = { ...turn.state, problem: ctx.message };
    const streak = state.lowStreak + 1;
    const escalate = streak >= 2;
    const content = escalate
      ? "I want to get this right, and I'm not sure I've understood yet. I've asked someone from our coaching team to read this conversation; their reply will appear right here, marked **Coaching team**, usually within one business day.\n\nMeanwhile, pick the part of the call that feels hardest:"
      : heard(turn);
    const rank = (t: Topic) => {
      const i = guess.topics.indexOf(t);
      return i === -1 ? guess.topics.length + PICKER.findIndex(([, x]) => x === t) : i;
    };
    return {
      reply: {
        content,
        options: [...PICKER].sort(([, a], [, b]) => rank(a) - rank(b)).map(([label]) => label),
        coaching: { stage: guess.stage, topics: guess.topics },
        confidence: 0.2,
        state: { ...state, phase: 'start', lowStreak: escalate ? 0 : streak } satisfies DialogueState,
        ...(escalate ? { escalation: { reason: 'The coach could not understand the rep twice in a row.', priority: 'normal' as const } } : {}),
      },
    };
  },
};
