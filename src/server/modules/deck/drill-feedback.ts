import { Rating, type Grade } from 'ts-fsrs';
import { assess } from '../coach/service.js';

/*
 * The verdict on one drill answer: a score, an FSRS rating, one thing to keep and one to change.
 * The role-play rubric decides what an answer did (product §9.5); this says it about ONE answer to
 * ONE buyer line, quoting the sentence that did it. A trainer judging the first version (docs/
 * coach-judgements/2026-11-27-practice) found a strong four-sentence door answer marked Again for
 * its length alone, the same "keep" sentence every time, no note at all on a perfect answer, the
 * pressure note quoting the wrong sentence, and the rep's echo of the buyer's own words not heard
 * as an acknowledgement. Each of those is answered here.
 */

/** The rubric's faults that lose the buyer; length is a fault of delivery, scored softer. */
const HARD_FAULTS = new Set(['pressure', 'trust-me', 'argued']);
/** The moves a trainer would praise first: the rarest in a rep's answers first. */
const MOVES_BY_VALUE = ['next-step', 'asked', 'acknowledged'] as const;
const LONG_PENALTY = 17;

const MISSING: Record<(typeof MOVES_BY_VALUE)[number], string> = {
  acknowledged: 'Start by acknowledging what they said ("That\'s fair", or their own words back) before you answer it.',
  asked: 'Ask them a question, so you find out what is really behind it instead of guessing.',
  'next-step': 'End on a specific next step with a day or a time, so the conversation has somewhere to go.',
};

const STRETCH = 'Nothing to fix. Now say it out loud without reading it, in under 15 seconds: that is how it has to come out on the call.';

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);
const sentencesOf = (text: string) => (text.match(/[^.!?]+[.!?]*/g) ?? [text]).map((s) => s.trim()).filter(Boolean);
// "payment's fine" gives back "the payment is fine": a contraction reads as its two words.
const lower = (text: string) => text.toLowerCase().replace(/[’‘]/g, "'").replace(/'s\b/g, ' is').replace(/[^a-z0-9' ]+/g, ' ');

/** The rep gave the buyer's own words back (three or more in a row): that acknowledges them too. */
export function echoes(answer: string, buyerLine: string): boolean {
  const said = words(lower(buyerLine));
  const heard = ` ${words(lower(answer)).join(' ')} `;
  for (let i = 0; i + 3 <= said.length; i += 1) {
    if (heard.includes(` ${said.slice(i, i + 3).join(' ')} `)) return true;
  }
  return false;
}

/** A sentence short enough to quote whole is quoted whole; a longer one to its first 20 words. */
const quote = (sentence: string) => {
  const w = words(sentence);
  return `"${w.length > 20 ? `${w.slice(0, 20).join(' ')}…` : sentence}"`;
};

export interface DrillVerdict {
  score: number;
  grade: Grade;
  keep: string | null;
  change: string;
}

/**
 * Score: a third per move (acknowledge, ask, a specific next step), half off per fault that
 * loses the buyer (pressure, "trust me", arguing or "but"), a sixth off for running long.
 * Rating: a losing fault or no move is Again (back in minutes); otherwise one move Hard, two
 * Good, three Easy, and a long answer at most Good (it has to get shorter to be easy).
 */
export function drillVerdict(answer: string, buyerLine: string): DrillVerdict {
  const whole = assess(answer);
  const moves = new Set(whole.good.map((g) => g.id));
  if (!moves.has('acknowledged') && echoes(answer, buyerLine)) moves.add('acknowledged');
  const hard = whole.faults.filter((f) => HARD_FAULTS.has(f.id));
  const long = whole.faults.some((f) => f.id === 'too-long');
  const score = Math.max(0, Math.min(100, Math.round((moves.size / 3) * 100) - hard.length * 50 - (long ? LONG_PENALTY : 0)));
  let grade: Grade = moves.size >= 3 ? Rating.Easy : moves.size === 2 ? Rating.Good : Rating.Hard;
  if (hard.length > 0 || moves.size === 0) grade = Rating.Again;
  else if (long && grade === Rating.Easy) grade = Rating.Good;

  const sentences = sentencesOf(answer);
  // Keep: the most valuable move the answer made, quoting the sentence that made it.
  const best = MOVES_BY_VALUE.find((m) => moves.has(m) && whole.good.some((g) => g.id === m));
  const bestItem = whole.good.find((g) => g.id === best);
  const where = best ? sentences.find((s) => assess(s).good.some((g) => g.id === best)) : undefined;
  let keep: string | null = bestItem ? `${where ? `${quote(where)}: ` : ''}${bestItem.said}` : null;
  if (!keep && moves.has('acknowledged')) keep = 'You gave them their own words back before answering, so they felt heard.';

  // Change: the fault that loses the buyer, quoting its sentence; else the length; else the move missing; else a stretch.
  const fault = hard[0];
  const faultAt = fault ? sentences.find((s) => assess(s).faults.some((f) => f.id === fault.id)) : undefined;
  const missing = MOVES_BY_VALUE.slice().reverse().find((m) => !moves.has(m));
  let change: string;
  if (fault) change = `${faultAt ? `${quote(faultAt)}: ` : ''}${fault.said}`;
  else if (long) change = `At ${words(answer).length} words it is a speech, not an answer: keep ${where ? quote(where) : 'your best sentence'}${best !== 'asked' && moves.has('asked') ? ' and your question' : ''}, and cut the rest.`;
  else if (missing) change = MISSING[missing];
  else change = STRETCH;
  return { score, grade, keep, change };
}
