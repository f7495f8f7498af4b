import type { HistoryMessage, RepProfile } from '../../engine.js';
import { ROLE_PLAY } from '../../vocabulary.js';
import { nextTurn } from '../dialogue.js';
import { TURN_RULES } from './index.js';
import { turnInput, type TurnInput } from './turn-input.js';

/** For the rules' tests: conversations run through the coach itself, no app or database. */

/**
 * A rep whose way of selling no written content covers (play-turns.ts), so the older rules answer:
 * their tests keep testing them. The written content's rules are tested with `WRITTEN_PROFILE`.
 */
const PROFILE: RepProfile = {
  username: 'rep',
  industry: 'Commercial cleaning',
  product: 'Office cleaning contracts',
  salesExperience: '3-5 years',
  biggestStruggle: null,
  targetIncome: 8000,
  currentIncome: 5000,
  city: null,
  state: null,
};

/** A price objection, the coach's question, and the rep's answer to it: coaching under way. */
export const COACHED = ['Prospects keep saying our price is too high.', 'honestly I usually just knock 10% off to keep the deal alive'];
/** The same, then a role-play started: the coach has spoken the buyer's first line. */
export const IN_SCENE = [...COACHED, ROLE_PLAY];

/** A car salesperson: a way of selling the written content covers. */
export const WRITTEN_PROFILE: RepProfile = { ...PROFILE, industry: 'Car dealership', product: 'New and used Toyotas' };

/** What the rules get for `message` after the rep has said `before`, each answered by the coach. */
export function inputAfter(before: string[], message: string, profile: RepProfile = PROFILE): TurnInput {
  const history: HistoryMessage[] = [];
  for (const said of before) {
    const { reply } = nextTurn({ profile, history, message: said, knowledge: [] });
    history.push({ role: 'user', content: said }, { role: 'assistant', content: reply.content, options: reply.options, coaching: reply.coaching, state: reply.state ?? null });
  }
  return turnInput({ profile, history, message, knowledge: [] });
}

/** The name of the rule that gives the turn. */
export const answeringRule = (input: TurnInput): string | undefined => TURN_RULES.find((rule) => rule.apply(input))?.name;
