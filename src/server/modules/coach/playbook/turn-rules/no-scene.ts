import { AFTER_SCENE_OPTIONS, ANOTHER_TIP, DIFFERENT_PROBLEM, ROLE_PLAY } from '../../vocabulary.js';
import { plainCoaching } from '../compose.js';
import { lastSceneFeedback } from '../play-turns.js';
import type { TurnRule } from './turn-input.js';

/**
 * "stop, how did I do" with no scene running: there is nothing to judge, and reading it as a sales
 * problem gave a new technique. Say so, and offer the scene.
 */
export const noScene: TurnRule = {
  name: 'no scene to stop',
  apply({ ctx, state, intent }) {
    const asksHowItWent = / (?:how (?:were|did) my lines|how my lines (?:were|went)|how did i do|how were my lines|how d i do|feedback on (?:my|the) (?:lines|scene|role ?play)) /.test(` ${ctx.message.toLowerCase().replace(/[^a-z ]+/g, ' ')} `);
    if ((intent !== 'stop' && !asksHowItWent) || state.phase === 'roleplay' || state.play.scene) return undefined;
    // The scene just ended (or was left): how it went, again.
    const again = lastSceneFeedback(state.play);
    if (again) {
      return {
        reply: { content: `${again}\n\nRun it again, or move on?`, options: [...AFTER_SCENE_OPTIONS], coaching: plainCoaching(ctx.history), confidence: 0.9, state: { ...state, lowStreak: 0 } },
      };
    }
    if (intent !== 'stop') return undefined;
    return {
      reply: {
        content: 'No role-play is running right now, so there is nothing of yours to judge yet. Say "role-play" and I\'ll be the buyer; then "stop" gets you feedback on your own lines.',
        options: [ROLE_PLAY, ANOTHER_TIP, DIFFERENT_PROBLEM],
        coaching: plainCoaching(ctx.history),
        confidence: 0.9,
        state: { ...state, lowStreak: 0 },
      },
    };
  },
};
