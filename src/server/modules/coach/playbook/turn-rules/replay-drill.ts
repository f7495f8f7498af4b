import { drillOpening } from '../scene.js';
import { normalize } from '../text.js';
import type { TurnRule } from './turn-input.js';

/**
 * "Try the scene again" after a lesson's drill (issue #27): the lesson's buyer and opening line
 * again, not a scene of the coach's choosing. Asking for another buyer ("be the wife") is left to
 * the role-play rules after this one.
 */
export const replayDrill: TurnRule = {
  name: 'replay drill',
  apply({ ctx, state, intent, stage, technique }) {
    if (!state.drill || !technique || state.phase !== 'coached') return undefined;
    const again = intent === 'try_again' || (intent === 'roleplay' && / try the scene again /.test(` ${normalize(ctx.message).trim()} `));
    return again ? { reply: drillOpening(state.drill, state, technique, stage), technique } : undefined;
  },
};
