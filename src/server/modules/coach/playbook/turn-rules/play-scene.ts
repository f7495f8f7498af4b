import { playSceneTurn } from '../play-turns.js';
import { asTurn, playInput } from './play-adapter.js';
import type { TurnRule } from './turn-input.js';

/** A role-play of a written moment in progress: the rep's line gets the buyer's answer, a hint, or the feedback at "stop". */
export const playScene: TurnRule = {
  name: 'play scene',
  apply(t) {
    if (!t.state.play.scene || t.intent === 'different_problem') return undefined;
    // "what do I say if she says…" is a question to the coach, not a line: the scene gives way.
    if (t.intent === 'roleplay' || / (?:(?:if|when) (?:she|he|they) (?:says|say|goes|go)|what (?:do|should) i say|how do i|what if) /.test(` ${t.ctx.message.toLowerCase().replace(/[^a-z ]+/g, ' ')} `)) return undefined;
    return asTurn(t, playSceneTurn(playInput(t)));
  },
};
