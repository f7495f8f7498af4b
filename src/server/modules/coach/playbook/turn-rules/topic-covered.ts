import { DIFFERENT_PROBLEM, ROLE_PLAY } from '../../vocabulary.js';
import { TOPIC_LABELS, type Topic } from '#shared/coaching.js';
import { alreadyTried, chooseTechnique, fitting } from '../choose-technique.js';
import { coach, plainCoaching } from '../compose.js';
import { diagnose } from '../diagnose.js';
import { pushbackReason } from '../replies.js';
import type { TurnRule } from './turn-input.js';

/**
 * Pushback or "another tip" once every technique of the topic that fits was given: the next
 * topic the rep's own problem touches, if it has one left; else say so rather than cycle round.
 */
export const topicCovered: TurnRule = {
  name: 'topic covered',
  apply(turn) {
    const { ctx, state, intent, topic, stage, technique } = turn;
    if (!topic || (intent !== 'pushback' && intent !== 'another_tip')) return undefined;
    const left = (x: Topic) => fitting(x, state.facts).some((t) => !state.used.includes(t.id) && !alreadyTried(t, state.facts));
    if (left(topic)) return undefined;
    // Where to look: what the rep's words touch, then the other topics the coach already named.
    const nearby = [...diagnose(`${state.problem ?? ''} ${ctx.message}`).topics, ...state.seen.topics];
    const related = nearby.find((x) => x !== topic && left(x));
    if (related) {
      const other = chooseTechnique(related, `${state.problem ?? ''} ${ctx.message}`, state, state.facts, technique?.method);
      const reason = pushbackReason(ctx.message);
      // "Fair enough" answers pushback; a plain "another tip" is not an objection to agree with.
      const lead = intent === 'pushback' ? `Fair enough${reason ? `: ${reason.replace(/^./, (c) => c.toLowerCase())}` : ''}. ` : '';
      const opening = `${lead}What you describe is also **${TOPIC_LABELS[related].toLowerCase()}**, so here is a different angle from there.`;
      return coach(ctx, { ...state, problem: state.problem ?? ctx.message }, related, turn.moment ?? stage, other, opening);
    }
    return {
      reply: {
        content: `That covers the ${TOPIC_LABELS[topic].toLowerCase()} techniques I'd start with for your situation. The fastest way to make one stick is to practise it: shall we role-play the last one, or look at a different problem?`,
        options: [ROLE_PLAY, DIFFERENT_PROBLEM],
        coaching: plainCoaching(ctx.history, { stage, topics: [topic] }),
        confidence: 0.9,
        state,
      },
    };
  },
};
