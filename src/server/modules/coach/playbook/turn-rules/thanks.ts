import { NEXT_OPTIONS, plainCoaching, TOPIC_PICKER } from '../compose.js';
import { normalize } from '../text.js';
import type { TurnRule } from './turn-input.js';

/** "Thanks", "got it": the rep is done with this point; send them to try it and offer what is next. */
export const thanks: TurnRule = {
  name: 'thanks',
  apply({ ctx, state, intent, topic }) {
    if (intent !== 'thanks') return undefined;
    return {
      reply: {
        // "ok" or "got it" is not a thank-you, so it gets no "you're welcome".
        content: `${/thank|thx|cheers/.test(normalize(ctx.message)) ? "You're welcome." : 'Good.'} Try it on your next call and tell me how it went: I'll help you adjust. Anything else to work on?`,
        options: topic ? [...NEXT_OPTIONS] : TOPIC_PICKER,
        coaching: plainCoaching(ctx.history),
        confidence: 0.9,
        state,
      },
    };
  },
};
