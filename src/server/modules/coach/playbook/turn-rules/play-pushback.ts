import { playPushback as pushbackTurn } from '../play-turns.js';
import { asTurn, playInput } from './play-adapter.js';
import type { TurnRule } from './turn-input.js';

/** Pushback or "another tip" on written coaching: the moment's next approach, with a method not named before. */
export const playPushback: TurnRule = {
  name: 'play pushback',
  apply(t) {
    if (t.intent !== 'pushback' && t.intent !== 'another_tip') return undefined;
    // Only when the last coaching came from the written content: a technique is not current.
    if (t.state.techniqueId || !t.state.play.moment) return undefined;
    return asTurn(t, pushbackTurn(playInput(t)));
  },
};
