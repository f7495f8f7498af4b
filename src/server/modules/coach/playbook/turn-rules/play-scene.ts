import { endsScene } from '../play-scene.js';
import { playSceneTurn } from '../play-turns.js';
import { asTurn, playInput } from './play-adapter.js';
import type { TurnRule } from './turn-input.js';

/** A role-play of a written moment in progress: the rep's line gets the buyer's answer, a hint, or the feedback at "stop". */
export const playScene: TurnRule = {
  name: 'play scene',
  apply(t) {
    if (!t.state.play.scene || t.intent === 'different_problem') return undefined;
    // "what do I say if she says…" is a question to the coach, not a line: the scene gives way. A
    // line that ends "…stop, how did I do" is the rep's last line and the end of the scene; "what
    // if we start you month to month?" is a line to the buyer.
    const s = ` ${t.ctx.message.toLowerCase().replace(/[^a-z ]+/g, ' ')} `;
    if (!endsScene(t.ctx.message) && (t.intent === 'roleplay' || / (?:(?:if|when) (?:she|he|they) (?:says|say|goes|go)|what (?:do|should) i say (?:if|when|to)|how do i (?:handle|answer|respond)) /.test(s))) return undefined;
    return asTurn(t, playSceneTurn(playInput(t)));
  },
};
