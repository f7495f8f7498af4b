import { TOPIC_PICKER } from '../compose.js';
import type { DialogueState } from '../dialogue-state.js';
import type { TurnRule } from './turn-input.js';

/** "I have a different problem": the conversation starts over, keeping only what the rep told. */
export const differentProblem: TurnRule = {
  name: 'different problem',
  apply({ intent, state }) {
    if (intent !== 'different_problem') return undefined;
    return {
      reply: {
        content: "Sure, let's look at something else. Tell me what happens on the call, in your own words, or pick the part that feels hardest:",
        options: TOPIC_PICKER,
        coaching: { stage: 'general', topics: [] },
        confidence: 0.9,
        state: { ...state, phase: 'start', topic: undefined, techniqueId: undefined, problem: undefined, lowStreak: 0, scene: undefined } satisfies DialogueState,
      },
    };
  },
};
