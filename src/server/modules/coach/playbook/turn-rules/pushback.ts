import { chooseTechnique } from '../choose-technique.js';
import { coach } from '../compose.js';
import { pushbackReason, reflection, toSecondPerson } from '../replies.js';
import type { TurnRule } from './turn-input.js';

/**
 * Pushback on the advice ("that won't work", "tried that") or "give me another tip": another
 * technique for the same problem; after pushback, one with a different method.
 */
export const pushback: TurnRule = {
  name: 'pushback or another tip',
  apply({ ctx, state, intent, topic, stage, technique }) {
    if (!topic || (intent !== 'pushback' && intent !== 'another_tip')) return undefined;
    const words = `${state.problem ?? ''} ${ctx.message}`;
    const next = chooseTechnique(topic, words, state, state.facts, intent === 'pushback' ? technique?.method : undefined);
    const tried = state.facts.tried.at(-1);
    const reason = pushbackReason(ctx.message);
    const why =
      tried && tried.split(/\s+/).length >= 3 && ctx.message.includes(tried.slice(0, 12))
        ? `: if you already ${/^(?:the|that|this|your) /i.test(tried) ? `tried ${toSecondPerson(tried)}` : toSecondPerson(tried).replace(/^(?:do|did) /, 'do ')}, more of it won't change anything`
        : reason
          ? `: ${reason.replace(/^./, (c) => c.toLowerCase())}`
          : ', that one does not fit your buyers';
    const opening = intent === 'pushback' ? `Fair enough${why}. Here is a different angle, with a different method.` : `${reflection(ctx.message, state.facts)} Here is another one for the same problem.`.trim();
    return coach(ctx, { ...state, problem: state.problem ?? ctx.message }, topic, stage, next, opening);
  },
};
