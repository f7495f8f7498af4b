import { TOPIC_LABELS } from '#shared/coaching.js';
import { NEXT_OPTIONS, plainCoaching, TOPIC_PICKER } from '../compose.js';
import type { DialogueState } from '../dialogue-state.js';
import { keyClause, toSecondPerson } from '../replies.js';
import type { TurnRule } from './turn-input.js';

/** An aside that is not about selling ("btw who you got winning the super bowl"): declined, and the way back offered. */
export const offTopic: TurnRule = {
  name: 'off topic',
  apply({ ctx, state, intent }) {
    if (intent !== 'off_topic') return undefined;
    const topic = state.topic;
    // Without a diagnosis yet, the way back is what the rep already told: they need not say it again.
    const told = state.problem ? keyClause(state.problem) : undefined;
    const back = topic
      ? `Back to your ${TOPIC_LABELS[topic].toLowerCase()}: want another angle on it, or shall we practise it?`
      : told
        ? `Back to what you told me: ${toSecondPerson(told).replace(/^./, (c) => c.toLowerCase())}. Where does that go wrong first?`
        : 'Tell me what happens on your calls, and we will start there.';
    return {
      reply: {
        content: `I'll leave that one to someone else: I'm your sales coach, so I stick to selling. ${back}`,
        options: topic ? [...NEXT_OPTIONS] : TOPIC_PICKER,
        coaching: plainCoaching(ctx.history),
        confidence: 0.9,
        state: { ...state, lowStreak: 0 } satisfies DialogueState,
      },
    };
  },
};
