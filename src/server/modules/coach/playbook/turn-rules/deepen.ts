import { NEXT_OPTIONS } from '../compose.js';
import type { DialogueState } from '../dialogue-state.js';
import { fill, reflection } from '../replies.js';
import { normalize } from '../text.js';
import type { TurnRule } from './turn-input.js';

/** A question about how to carry out what was just advised, about someone already named. */
const asksHowToDoIt = (message: string): boolean =>
  / (?:how (?:do|should|can) i|what do i say to|how would i) (?:ask|tell|get|bring|say|put|approach|raise|do|pitch|frame|word)\b.* (?:her|him|them|it|that) | what (?:do|should|would) i (?:say|tell them|ask) (?:at the door |on the phone |at the table |then |there )?(?:to|so) (?:get|bring|have|make) (?:both|them|him|her|the two) /.test(` ${normalize(message).trim()} `);

/**
 * "How do I ask her…?" right after a technique, naming no new problem: the rep wants the
 * technique they were just given worked through step by step, not a different one; its line is
 * not repeated.
 */
export const deepen: TurnRule = {
  name: 'deepen',
  apply(turn) {
    const { ctx, state, topic, stage, technique } = turn;
    if (!technique || !topic || state.phase !== 'coached' || !asksHowToDoIt(ctx.message)) return undefined;
    const { d, found, quotedBuyer, also } = turn.reading;
    if (quotedBuyer || (found && found !== topic && d.topicScores[found] >= 3)) return undefined;
    const focus = reflection(ctx.message, state.facts);
    const steps = technique.steps.map((step, i) => `${i + 1}. ${fill(step, ctx.profile, state.facts)}`).join('\n');
    const content = [
      focus || "Here is how to do it.",
      '',
      `**${technique.name}**, step by step · *Method: ${technique.method}*`,
      steps,
      '',
      `**${state.facts.occasion ? `For ${state.facts.occasion}` : 'On your next call'}:** ${fill(technique.action, ctx.profile, state.facts)}`,
      '',
      'What would help most next?',
    ].join('\n');
    return {
      reply: {
        content,
        options: [...NEXT_OPTIONS],
        coaching: { stage: turn.moment ?? stage, topics: [...new Set([topic, ...also(topic)])].slice(0, 3), method: technique.method },
        confidence: 0.85,
        state: { ...state, phase: 'coached', lowStreak: 0 } satisfies DialogueState,
      },
      technique,
    };
  },
};
