import { TOPIC_STAGE, type Topic } from '#shared/coaching.js';
import { chooseTechnique } from '../choose-technique.js';
import { ask, coach, PICKER } from '../compose.js';
import { diagnosisLine } from '../replies.js';
import type { TurnRule } from './turn-input.js';

const topicPicked = (message: string): Topic | undefined => PICKER.find(([label]) => label.toLowerCase() === message.trim().toLowerCase())?.[1];

/** A part of the call tapped in the picker ("Closing the deal"): one question about it, or coaching once it was asked. */
export const pickedTopic: TurnRule = {
  name: 'picked topic',
  apply({ ctx, state }) {
    const picked = topicPicked(ctx.message);
    if (!picked) return undefined;
    const asked = ask(ctx, { ...state, topic: undefined }, picked, TOPIC_STAGE[picked], state.problem ?? ctx.message);
    if (asked) return asked;
    return coach(ctx, state, picked, TOPIC_STAGE[picked], chooseTechnique(picked, state.problem ?? '', state, state.facts), diagnosisLine(TOPIC_STAGE[picked], picked));
  },
};
