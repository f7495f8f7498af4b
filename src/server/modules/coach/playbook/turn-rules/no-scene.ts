import { plainCoaching } from '../compose.js';
import type { TurnRule } from './turn-input.js';

/**
 * "stop, how did I do" with no scene running: there is nothing to judge, and reading it as a sales
 * problem gave a new technique. Say so, and offer the scene.
 */
export const noScene: TurnRule = {
  name: 'no scene to stop',
  apply({ ctx, state, intent }) {
    if (intent !== 'stop' || state.phase === 'roleplay' || state.play.scene) return undefined;
    return {
      reply: {
        content: 'No role-play is running right now, so there is nothing of yours to judge yet. Say "role-play" and I\'ll be the buyer; then "stop" gets you feedback on your own lines.',
        options: ['Role-play this with me', 'Give me another tip', 'I have a different problem'],
        coaching: plainCoaching(ctx.history),
        confidence: 0.9,
        state: { ...state, lowStreak: 0 },
      },
    };
  },
};
