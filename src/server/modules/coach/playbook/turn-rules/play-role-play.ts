import { startPlayScene } from '../play-turns.js';
import { asTurn, playInput } from './play-adapter.js';
import type { TurnRule } from './turn-input.js';

/** "Role-play this", "be the wife": a scene of the written moment, with the buyer the rep named. */
export const playRolePlay: TurnRule = {
  name: 'play role-play',
  apply(t) {
    if (t.intent !== 'roleplay' && !(t.intent === 'try_again' && t.state.phase === 'coached')) return undefined;
    return asTurn(t, startPlayScene(playInput(t)));
  },
};
