import { chooseTechnique } from '../choose-technique.js';
import { coach } from '../compose.js';
import { reflection } from '../replies.js';
import { isDirectQuestion, normalize } from '../text.js';
import type { TurnRule } from './turn-input.js';

/**
 * Mid-conversation, a message that adds context (their fiscal year, who the buyers are) is still
 * about the rep's problem; only a clear new problem, a new buyer's line, a new question, or the
 * rep ruling the current topic out moves the coaching.
 */
export const goesOn: TurnRule = {
  name: 'goes on',
  apply(turn) {
    const { ctx, state, topic, stage, technique } = turn;
    if (!topic || (state.phase !== 'coached' && state.phase !== 'roleplay')) return undefined;
    const { d, found, understood, quotedBuyer, ruledOut, carried, also } = turn.reading;
    const newProblem = understood && found !== undefined && found !== topic && (d.topicScores[found] >= 3 || quotedBuyer || isDirectQuestion(ctx.message) || ruledOut);
    if (!carried || newProblem || normalize(ctx.message).trim().split(' ').length < 5) return undefined;
    // What the rep adds now (a correction: "it's not the price, his wife wasn't there") picks the
    // technique before the situation they first described; a new question is answered on its own terms.
    const words = isDirectQuestion(ctx.message) ? ctx.message : `${state.problem ?? ''} ${ctx.message}`;
    // The topic of the technique just given is a neighbour: the rep may be going on about it.
    const near = [...also(carried), ...(technique && technique.topic !== carried ? [technique.topic] : [])];
    const chosen = chooseTechnique(carried, words, state, state.facts, undefined, ctx.message, near);
    return coach(ctx, state, carried, turn.moment ?? stage, chosen, reflection(ctx.message, state.facts), also(carried));
  },
};
