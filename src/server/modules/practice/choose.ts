import { STAGE_LABELS, TOPIC_LABELS, type CallStage, type Topic } from '#shared/coaching.js';
import { PRACTICE_NO_REPEAT_DAYS, type PracticeBehaviour, type PracticeDidIt, type PracticeMotion } from '#shared/schemas/practice.js';
import { CALL_RESULT_LABELS, EFFECTIVENESS_MIN, EFFECTIVENESS_WINDOW, type CallResult } from '#shared/schemas/progress.js';

/**
 * The rule that picks a week's behaviour (product §9.4), pure so it is tested on planted data.
 * It is the trainer's "how to choose" (content/practice/behaviours.md) made exact, with what it
 * left open decided:
 * 1. Last week's behaviour comes back first when its check-in said it did not stick ("no" or
 *    "partly"), once: after two weeks in a row on it, the data decides again (it stays eligible).
 * 2. A behaviour whose check-in said "yes" is not proposed within PRACTICE_NO_REPEAT_DAYS of the
 *    start of that week.
 * 3. When the rep has at least EFFECTIVENESS_MIN recent call results (logged outcomes plus the
 *    results given at check-ins, newest EFFECTIVENESS_WINDOW) and most are stalled or lost, the
 *    behaviour for the commoner of the two comes first (ties: stalled, the deal still open).
 * 4. Then the improvement areas, heaviest first: the behaviours tied to that exact topic and
 *    stage (one never practised before one practised, then the catalogue's order); if none is
 *    left for that stage, one tied to the same topic at another stage.
 * 5. Then the outcome behaviours for results the rep has had lately, commonest first.
 * 6. A rep with no data yet starts with a behaviour for their motion (STARTERS says which and why).
 * 7. The rest of the catalogue in its order, so a swap always has somewhere to go.
 */

export interface PastWeek {
  behaviourId: string;
  /** YYYY-MM-DD, the week's first day. */
  startDate: string;
  didIt: PracticeDidIt | null;
  result: CallResult | null;
}

export interface ChoiceInput {
  behaviours: readonly PracticeBehaviour[];
  /** Progress's improvement areas, heaviest first. */
  areas: readonly { topic: Topic; stage: CallStage; weight: number }[];
  /** The rep's logged call results, newest first. */
  recentResults: readonly CallResult[];
  /** Past (checked-in) weeks, newest first. */
  pastWeeks: readonly PastWeek[];
  motion: PracticeMotion | null;
  /** The rep's calendar day, YYYY-MM-DD. */
  today: string;
}

export interface Candidate {
  behaviourId: string;
  reason: string;
}

/** What a rep with no data yet starts on, per motion, and why. */
export const STARTERS: Record<PracticeMotion | 'unknown', { behaviourId: string; reason: string }> = {
  door: { behaviourId: 'reason-first-opener', reason: 'No coaching or call results yet, so we start where door-to-door conversations are won or lost: the first fifteen seconds.' },
  phone: { behaviourId: 'reason-first-opener', reason: 'No coaching or call results yet, so we start where phone calls are won or lost: the opener, before the buyer decides to hang up.' },
  showroom: { behaviourId: 'two-situation-questions', reason: 'No coaching or call results yet. Showroom buyers come to you, so the opener matters less than getting quickly to what is not working for them.' },
  b2b: { behaviourId: 'dated-next-step', reason: 'No coaching or call results yet. B2B deals take several meetings, and most stall between them: a dated next step keeps them moving.' },
  unknown: { behaviourId: 'dated-next-step', reason: 'No coaching or call results yet. A dated next step helps on every kind of call, and it shows in your results within a week.' },
};

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
const resultLabel = (r: CallResult) => CALL_RESULT_LABELS[r].toLowerCase();
const areaLabel = (topic: Topic, stage: CallStage) => `${TOPIC_LABELS[topic]} · ${STAGE_LABELS[stage].toLowerCase()}`;

/** Every behaviour the rep could practise this week, best first, each with why. */
export function rankBehaviours(input: ChoiceInput): Candidate[] {
  const { behaviours, pastWeeks, today } = input;
  const known = new Set(behaviours.map((b) => b.id));
  const stuckRecently = new Set(pastWeeks.filter((w) => w.didIt === 'yes' && daysBetween(w.startDate, today) < PRACTICE_NO_REPEAT_DAYS).map((w) => w.behaviourId));
  const practisedEver = new Set(pastWeeks.map((w) => w.behaviourId));
  const ranked: Candidate[] = [];
  const add = (behaviourId: string, reason: string) => {
    if (!known.has(behaviourId) || stuckRecently.has(behaviourId) || ranked.some((c) => c.behaviourId === behaviourId)) return false;
    ranked.push({ behaviourId, reason });
    return true;
  };

  // 1. Didn't stick: once more, unless it already had its second week.
  const [last, beforeLast] = pastWeeks;
  if (last && (last.didIt === 'no' || last.didIt === 'partly') && beforeLast?.behaviourId !== last.behaviourId) {
    add(last.behaviourId, `Last week's check-in said it ${last.didIt === 'no' ? "didn't happen on your calls" : 'only partly happened on your calls'}: one more week makes it a habit.`);
  }

  // 3. Mostly stalled or lost lately: the outcome behaviour first. Check-in results count as calls too.
  const recent = [...pastWeeks.slice(0, 1).flatMap((w) => (w.result ? [w.result] : [])), ...input.recentResults].slice(0, EFFECTIVENESS_WINDOW);
  const count = (r: CallResult) => recent.filter((x) => x === r).length;
  const byOutcome = (r: CallResult) => behaviours.filter((b) => b.tiedTo.kind === 'outcome' && b.tiedTo.result === r);
  if (recent.length >= EFFECTIVENESS_MIN && count('stalled') + count('lost') > recent.length / 2) {
    const worst: CallResult = count('lost') > count('stalled') ? 'lost' : 'stalled';
    for (const b of byOutcome(worst)) add(b.id, `Most of your recent calls (${count('stalled') + count('lost')} of ${recent.length}) stalled or were lost, ${count(worst)} ${resultLabel(worst)}: this goes at that first.`);
  }

  // 4. Improvement areas, heaviest first.
  const fresh = (list: PracticeBehaviour[]) => [...list.filter((b) => !practisedEver.has(b.id)), ...list.filter((b) => practisedEver.has(b.id))];
  for (const [i, area] of input.areas.entries()) {
    const where = i === 0 ? 'Your heaviest improvement area on Progress' : 'Another of your improvement areas on Progress';
    const exact = fresh(behaviours.filter((b) => b.tiedTo.kind === 'area' && b.tiedTo.topic === area.topic && b.tiedTo.stage === area.stage));
    const placed = exact.filter((b) => add(b.id, `${where} is ${areaLabel(area.topic, area.stage)}.`)).length;
    if (placed === 0) {
      for (const b of fresh(behaviours.filter((x) => x.tiedTo.kind === 'area' && x.tiedTo.topic === area.topic))) {
        add(b.id, `${where} is ${areaLabel(area.topic, area.stage)}; this behaviour works on the same topic.`);
      }
    }
  }

  // 5. Outcomes the rep has had lately, commonest first.
  const seen = [...new Set(recent)].sort((a, b) => count(b) - count(a));
  for (const r of seen) for (const b of byOutcome(r)) add(b.id, `${count(r)} of your recent calls ${r === 'lost' ? 'were lost' : r === 'won' ? 'were won' : resultLabel(r)}.`);

  // 6. Nothing to go on yet: the starter for the rep's motion.
  if (ranked.length === 0) {
    const starter = STARTERS[input.motion ?? 'unknown'];
    add(starter.behaviourId, starter.reason);
  }

  // 7. The rest, in the trainer's order.
  for (const b of behaviours) add(b.id, 'A core habit from our trainer’s list, for when you want a change.');
  return ranked;
}
