import { DIFFERENT_PROBLEM } from '../../vocabulary.js';
import { plainCoaching } from '../compose.js';
import { deniedMoments, MOMENT_OPTIONS } from '../play-moment.js';
import { MOMENT_LABELS } from '../play.js';
import { PLAYS } from '../plays/index.js';
import { MOMENTS } from '../plays/schema.js';
import { normalize } from '../text.js';
import type { TurnRule } from './turn-input.js';

/** The rep says the coach got it wrong: "it's not price", "that's not what I asked", "I said…". */
// normalize() spells contractions out ("it's" → "it is"); reps who skip the apostrophe type "its".
const CORRECTING = / (?:not what i (?:asked|said|meant)|that (?:s|is) not (?:it|what)|you (?:re|are) not (?:listening|getting it)|i (?:already )?said (?:it s|it is|its|that)|i just said|nobody said|i never said|no (?:no )?(?:it s|it is|its) not|(?:it s|it is|its) not (?:the |about )?) /;

/**
 * A correction the written moments cannot place, from a rep whose way of selling has written
 * content (issue #23: "when the coach cannot place a message, it says so plainly and offers the
 * closest situations as options, rather than guessing"). The older technique coach answered these
 * with the nearest card (a price card after "it's not price"), which a trainer scored 1.
 */
export const notPlaced: TurnRule = {
  name: 'not placed',
  apply({ ctx, state }) {
    const way = state.play.way;
    const file = way && PLAYS.get(way);
    if (!file || !ctx.history.some((m) => m.role === 'assistant')) return undefined;
    if (!CORRECTING.test(` ${normalize(ctx.message).trim()} `)) return undefined;
    const denied = deniedMoments(ctx.message);
    const ruledOut = [...denied, ...(state.play.moment && denied.length === 0 ? [state.play.moment] : [])];
    const options = MOMENTS.filter((m) => file.moments[m] && !ruledOut.includes(m)).map((m) => MOMENT_OPTIONS[m]);
    const wrong = ruledOut[0];
    return {
      reply: {
        content: `${wrong ? `Then I had it wrong: it's not ${MOMENT_LABELS[wrong]}. ` : 'Then I had it wrong. '}I'm not sure which part of the sale that is, and I'd rather ask than guess: pick the one closest to it, or tell me in one line what the buyer said or did.`,
        options: [...options.slice(0, 5), DIFFERENT_PROBLEM],
        coaching: plainCoaching(ctx.history),
        confidence: 0.3,
        state: { ...state, lowStreak: 0, play: { ...state.play, moment: undefined } },
      },
    };
  },
};
