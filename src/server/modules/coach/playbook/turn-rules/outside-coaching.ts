import { DIFFERENT_PROBLEM } from '../../vocabulary.js';
import { plainCoaching } from '../compose.js';
import type { DialogueState } from '../dialogue-state.js';
import { outsideField, type OutsideField } from '../outside-coaching.js';
import type { TurnRule } from './turn-input.js';

/** The option that hands the question on: coach/person-request.ts reads it as a request for a person. */
export const PASS_TO_TEAM = 'Pass this to the coaching team';

const FIELD_WORDS: Record<OutsideField, string> = { legal: 'a legal question', tax: 'a tax question', HR: 'an HR question', medical: 'a medical question' };

/**
 * A legal, tax, HR or medical question (outside-coaching.ts): one plain sentence that the coach
 * cannot advise on it, no advice made up, and the coaching team offered. The conversation's
 * state is kept, so "back to my calls" picks up where it was.
 */
export const outsideCoaching: TurnRule = {
  name: 'outside coaching',
  apply({ ctx, state }) {
    const field = outsideField(ctx.message);
    if (!field) return undefined;
    return {
      reply: {
        content: `I can't advise on that: it's ${FIELD_WORDS[field]}, not sales coaching, and anything I said would be a guess. I can pass it to the coaching team, or we can get back to your calls.`,
        options: [PASS_TO_TEAM, DIFFERENT_PROBLEM],
        coaching: { ...plainCoaching(ctx.history), notCoaching: true },
        confidence: 0.9,
        state: { ...state, lowStreak: 0 } satisfies DialogueState,
      },
    };
  },
};
