import { STOP_ROLE_PLAY } from '../../vocabulary.js';
import { fill } from '../replies.js';
import { sceneTurn } from '../scene.js';
import { normalize } from '../text.js';
import type { TurnRule } from './turn-input.js';

/** "and if she says…?" unquoted is a question to the coach, not a line to the buyer: the scene ends. */
const TO_COACH = / (?:(?:if|when) (?:she|he|they) (?:says|say|goes|go)|what (?:do|should) i say|how do i|what if) /;

/**
 * During a role-play, what the rep types is their line to the buyer (or "stop", or a request for
 * a hint); asking for a new scene, another tip or how to answer goes to the rules after this one.
 */
export const inScene: TurnRule = {
  name: 'in scene',
  apply({ ctx, state, intent, topic, stage, technique }) {
    if (state.phase !== 'roleplay' || !topic || !technique) return undefined;
    if (intent === 'hint') {
      return {
        reply: {
          content: `Acknowledge what they said, ask one question about it, then offer a small next step. For example: ${fill(technique.example, ctx.profile, state.facts)}\n\nNow say it in your own words.`,
          options: [STOP_ROLE_PLAY],
          coaching: { stage, topics: [topic], method: technique.method },
          confidence: 0.9,
          state,
        },
      };
    }
    const toCoach = TO_COACH.test(normalize(ctx.message));
    if (intent === 'roleplay' || intent === 'another_tip' || toCoach) return undefined;
    return sceneTurn(ctx, state, topic, stage, technique, intent === 'stop');
  },
};
