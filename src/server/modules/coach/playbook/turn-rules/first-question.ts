import { ask } from '../compose.js';
import { isDirectQuestion, normalize } from '../text.js';
import type { TurnRule } from './turn-input.js';

/**
 * Whether a message already says enough to coach on without a question: the rep said what they
 * do ("I froze", "I drop the price"), asked outright, or told a whole story.
 */
function specificEnough(message: string): boolean {
  const s = normalize(message);
  const said = / i (?:say|said|tell|told|go|just|froze|freeze|drop|offer|argue|explain|try|tried|usually|always|show|send|ask|give|walk|pitch|do) /.test(s);
  const question = isDirectQuestion(message.replace(/^\s*(?:ok(?:ay)?|so|and|but|well|alright|right)[,.\s]+/i, ''));
  return said || question || s.trim().split(' ').length >= 22;
}

/**
 * One question at the start of a conversation, when the message does not say enough to coach on,
 * not once coaching is under way; a question asked before is never asked again.
 */
export const firstQuestion: TurnRule = {
  name: 'first question',
  apply(turn) {
    const { ctx, state } = turn;
    if (state.used.length > 0 || specificEnough(ctx.message)) return undefined;
    const { found, stageFor } = turn.reading;
    if (!found) return undefined;
    return ask(ctx, { ...state, problem: ctx.message, topic: undefined }, found, stageFor(found), ctx.message);
  },
};
