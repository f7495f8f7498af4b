import { STAGE_LABELS, TOPIC_STAGE } from '#shared/coaching.js';
import { chooseTechnique } from '../choose-technique.js';
import { coach } from '../compose.js';
import { reflection } from '../replies.js';
import { MOMENT_TOPIC } from './reading.js';
import type { TurnRule } from './turn-input.js';

/** The rep's answer to the coach's one question is taken as the answer: coaching follows, and the answer may move the topic. */
export const answerToQuestion: TurnRule = {
  name: 'answer to the question',
  apply(turn) {
    const { ctx, state, topic } = turn;
    if (state.phase !== 'asked' || !topic) return undefined;
    const { d, found, understood, ruledOut, carried, also, stageFor } = turn.reading;
    const read = understood && found && (d.topicScores[found] >= 3 || ruledOut) && found !== topic ? found : (carried ?? found ?? topic);
    // An answer that names another moment of the call moves the coaching there: "the owner agreed to a
    // meeting, how do I open it?" after a silent prospect is about the opening, not the follow-up.
    const moment = turn.moment;
    const nextTopic = moment && TOPIC_STAGE[read] !== moment ? (d.topics.find((x) => TOPIC_STAGE[x] === moment) ?? MOMENT_TOPIC[moment]) : read;
    const nextStage = stageFor(nextTopic);
    const chosen = chooseTechnique(nextTopic, `${state.problem ?? ''} ${ctx.message}`, state, state.facts, undefined, state.problem, also(nextTopic));
    const opening = [reflection(ctx.message, state.facts), `Here is what I'd work on first, at **${STAGE_LABELS[nextStage].toLowerCase()}** of the call.`].filter(Boolean).join(' ');
    return coach(ctx, { ...state, topic: carried }, nextTopic, nextStage, chosen, opening, also(nextTopic));
  },
};
