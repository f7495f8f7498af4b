import { chooseTechnique } from '../choose-technique.js';
import { coach } from '../compose.js';
import { diagnosisLine, reflection } from '../replies.js';
import type { TurnRule } from './turn-input.js';

/**
 * Coaching on the topic the message is about, with the technique made for what the rep
 * described. It answers every message the rules before it left: the clarify rule has taken
 * those with nothing found.
 */
export const coachFound: TurnRule = {
  name: 'coach',
  apply(turn) {
    const { ctx, state, topic } = turn;
    const { found, carried, also, stageFor } = turn.reading;
    if (!found) return undefined;
    const newStage = stageFor(found);
    const withProblem = { ...state, problem: ctx.message };
    // The conversation's topic so far is a neighbour too: "what if he says he already bought it"
    // during a follow-up is answered from the follow-up techniques made for it.
    const neighbours = [...also(found), ...(carried && carried !== found ? [carried] : [])];
    const chosen = chooseTechnique(found, `${ctx.message} ${state.facts.quotes.join(' ')}`, withProblem, state.facts, undefined, undefined, neighbours);
    // The technique made for the situation may come from another topic the message touches (the
    // spouse stall told inside a story about listening): the diagnosis names what the coach teaches.
    const main = chosen.topic !== found && neighbours.includes(chosen.topic) ? chosen.topic : found;
    // The diagnosis is news only when it names a new problem.
    const opening = [reflection(ctx.message, state.facts), main === topic ? '' : diagnosisLine(newStage, main)].filter(Boolean).join(' ');
    return coach(ctx, { ...withProblem, topic: carried }, main, newStage, chosen, opening, [found, ...also(found)].filter((x) => x !== main));
  },
};
