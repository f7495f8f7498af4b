import { playCoach as coachTurn } from '../play-turns.js';
import { asTurn, playInput } from './play-adapter.js';
import type { TurnRule } from './turn-input.js';

/**
 * A message about one of the written moments of the rep's way of selling (the spouse stall, the
 * price gap, the silence after a quote…), or a direct question a trainer answered for it: coached
 * from what the trainer wrote, the question answered first.
 */
export const playCoach: TurnRule = {
  name: 'play coach',
  apply(t) {
    return asTurn(t, coachTurn(playInput(t)));
  },
};
