import type { CallStage, Coaching, Topic } from '#shared/coaching.js';
import { cellFor, wayLabel } from './plays/index.js';
import type { Approach, Cell, PlayMoment, Way } from './plays/schema.js';
import { normalize, perText } from './text.js';

/**
 * Coaching from the written ways of selling (issue #23): what a trainer wrote for this way and this
 * moment, chosen, never filled in. The reply answers what the rep asked first, then gives one
 * approach: why, the exact lines, what to do next. Each approach is given once per conversation;
 * pushback gets the next one, with a method not named before.
 */

/** Where each moment sits in a call, and what it is about, for the diagnosis the app shows. */
export const MOMENT_PLACE: Record<PlayMoment, { stage: CallStage; topics: Topic[] }> = {
  brush_off: { stage: 'intro', topics: ['prospecting', 'objection_handling'] },
  access: { stage: 'intro', topics: ['prospecting'] },
  have_one: { stage: 'intro', topics: ['objection_handling', 'prospecting'] },
  price: { stage: 'close', topics: ['objection_handling', 'closing'] },
  spouse: { stage: 'close', topics: ['objection_handling', 'closing'] },
  think: { stage: 'close', topics: ['objection_handling', 'closing'] },
  shopping: { stage: 'close', topics: ['objection_handling', 'closing'] },
  discount: { stage: 'close', topics: ['closing', 'objection_handling'] },
  fee: { stage: 'close', topics: ['objection_handling', 'closing'] },
  silence: { stage: 'close', topics: ['follow_up', 'closing'] },
};

export const MOMENT_LABELS: Record<PlayMoment, string> = {
  brush_off: 'the brush-off at the start',
  access: 'getting to the person who decides',
  have_one: '"we already have one"',
  price: 'the price',
  spouse: 'the decision maker who is not there',
  think: '"I need to think about it"',
  shopping: 'shopping around',
  discount: 'the discount ask',
  fee: 'the fee',
  silence: 'the silence after your quote',
};

/** An approach is known by its place in its cell: "car_lot/price/1". */
export const approachKey = (way: Way, moment: PlayMoment, i: number) => `${way}/${moment}/${i}`;

/** The next approach of a cell not given yet, and whose method was not named in this conversation. */
export function nextApproach(cell: Cell, way: Way, moment: PlayMoment, given: readonly string[], methods: readonly string[]): number | undefined {
  const fresh = cell.approaches.map((a, i) => ({ a, i })).filter(({ i }) => !given.includes(approachKey(way, moment, i)));
  return (fresh.find(({ a }) => !methods.includes(a.method)) ?? fresh[0])?.i;
}

/** The words of a decision the rep asks about, matched against the cell's answered calls. */
const WEAK = new Set(['her', 'him', 'his', 'she', 'they', 'them', 'it', 'the', 'and', 'or', 'do', 'i', 'to', 'a', 'you', 'we', 'both', 'should', 'just']);
function callScore(keywords: readonly string[], s: string, amounts: boolean): number {
  return keywords.filter((k) => {
    const key = normalize(k).trim();
    // "5k or 8k" asks which size: a trainer's "smaller policy or bigger one?" is that question.
    if (amounts && /\b(?:smaller|bigger|larger|lower|higher|less|more|drop|cheaper)\b/.test(key)) return true;
    return key.length >= 2 && !WEAK.has(key) && s.includes(` ${key} `);
  }).length;
}

/** Two amounts offered as a choice ("5k or 8k", "$39 or $49") are a bigger-or-smaller question. */
const AMOUNT = /^\$?\d[\d,.]*\s*(?:k|%|a month|per month|months?|years?)?$/i;

/** An either/or question ("7k or 10k?", "text or call?"): the two sides, as the rep wrote them. */
export const eitherOr = perText(eitherOrIn);

function eitherOrIn(message: string): readonly [string, string] | undefined {
  // The question is the last sentence that ends in "?"; its two sides sit either side of " or ".
  // A typed question often has no "?" at the end ("do i quote her 5k or 8k").
  const text = `${message.trim()}${/[.!?]$/.test(message.trim()) ? '' : '?'}`;
  // The question is the last one with " or " in it, marked by "?" or by how it opens ("do i show them X or Y. which one").
  const question =
    text.match(/[^.!?\n]*\?/g)?.findLast((q) => / or /i.test(q)) ??
    text.match(/[^.!?\n]*[.!?]/g)?.findLast((q) => / or /i.test(q) && /\b(?:should|do|did|can|would|is|are|which) (?:i|we|it|you)\b/i.test(q));
  const m = question && /((?:[\w$%'.,-]+ ){0,3}[\w$%'.-]+) or ((?:[\w$%'.-]+)(?: [\w$%'.-]+){0,7})\s*[?.!]/i.exec(question);
  if (!m?.[1] || !m[2] || /^(?:not|something|anything|what)$/i.test(m[2].trim())) return undefined;
  return [m[1].trim(), m[2].trim()];
}

/** "did I drop too fast", "should I call or text", "what do I text him": a question the reply must answer first. */
export function isDirectAsk(message: string): boolean {
  const s = normalize(message);
  return (
    / (?:did i|should i|do i|was i|was it|is it|can i|could i|would you|which|is that|am i) /.test(s) ||
    /\?/.test(message) ||
    asksForWords(message)
  );
}

/** The rep wants the exact words: "what do I say", "what do I text him", "write the email". */
export function asksForWords(message: string): boolean {
  return / (?:what (?:do|should|can|would) i (?:say|tell|text|send|write|email|reply|answer|respond)|how (?:do|should|would) i (?:say|word|phrase|respond|answer|reply)|(?:write|draft|give) me (?:the|a|an|some)? ?(?:email|text|message|script|words|line|lines)|exact (?:words|line|lines|script)|word for word|what s (?:a|the) (?:good )?(?:line|text|script)|script for|(?:write|draft) (?:the|an|a) (?:email|text|message)) /.test(normalize(message));
}

export interface CallAnswer {
  answer: string;
  moment: PlayMoment;
}

/** The answer a trainer wrote for the decision the rep asks about: in this moment's cell, else another of the way's. */
export function answerFor(message: string, way: Way, moment: PlayMoment | undefined): CallAnswer | undefined {
  const split = eitherOr(message);
  const amounts = split && split.every((x) => AMOUNT.test(x.split(/\s+/).slice(-3).join(' ').replace(/^.*?(\$?\d)/, '$1')));
  const s = normalize(message);
  const need = split ? 1 : 2;
  const order: PlayMoment[] = moment ? [moment] : [];
  let best: { score: number; answer: string; moment: PlayMoment } | undefined;
  for (const m of [...order, ...(Object.keys(MOMENT_PLACE) as PlayMoment[]).filter((x) => x !== moment)]) {
    const cell = cellFor(way, m);
    for (const call of cell?.calls ?? []) {
      // The moment under discussion wins a tie: a question usually goes on about it.
      // An either/or is answered by a call that weighs two options itself, or one its words match twice.
      const raw = callScore(call.keywords, s, Boolean(amounts));
      const inSide = split && call.keywords.some((k) => split.some((side) => normalize(side).includes(` ${normalize(k).trim()} `)));
      if (split && !/ or /i.test(call.question) && raw < 2 && !inSide) continue;
      const score = raw + (m === moment ? 0.5 : 0);
      if (score >= need && (!best || score > best.score)) best = { score, answer: call.answer, moment: m };
    }
  }
  return best && { answer: best.answer, moment: best.moment };
}

export interface PlayReplyParts {
  way: Way;
  moment: PlayMoment;
  cell: Cell;
  approach: Approach;
  /** The answer to the rep's direct question, first. */
  answer?: string;
  /** Say what is going on at this moment (the first time this cell is used). */
  explain: boolean;
  /** The rep asked for the words: the lines come right after the answer, before the why. */
  wordsFirst: boolean;
  /** A sentence before the approach: "A different angle, then." */
  lead?: string;
  /** The buyer's line the rep just quoted, quoted back exactly: what the advice answers. */
  buyerLine?: string;
}

/** A coaching reply from a written approach: short enough for a phone screen. */
export function playText(p: PlayReplyParts): string {
  const a = p.approach;
  const [first, second] = a.lines;
  const lines = [
    ...(p.answer ? [p.answer, ''] : []),
    ...(p.lead ? [p.lead, ''] : []),
    ...(p.buyerLine && !p.answer ? [`When they say "${p.buyerLine}":`, ''] : []),
    // Asked for the words, the rep gets the words first; what is going on can wait.
    ...(p.explain && !p.answer && !p.wordsFirst ? [p.cell.happening, ''] : []),
    // Each line its own paragraph: Markdown joins lines that a single newline separates.
    ...(p.wordsFirst ? [`**Say:** "${first}"`, '', ...(second ? [`**Or:** "${second}"`, ''] : [])] : []),
    // The method's name and why, one paragraph.
    // The method's name, then why, each its own paragraph: a hard break made of two trailing spaces
    // is lost wherever trailing spaces are trimmed, and the method ran into the why.
    `**${a.name}** · *Method: ${a.method}*`,
    ...(p.explain && !p.answer ? [] : ['', a.why]),
    '',
    ...(p.wordsFirst ? [] : [`**Say:** "${first}"`, '', ...(second ? [`**Or:** "${second}"`, ''] : [])]),
    `**Then:** ${a.next}`,
  ];
  return lines.join('\n').trim();
}

export const playCoaching = (moment: PlayMoment, method?: string): Coaching => ({ stage: MOMENT_PLACE[moment].stage, topics: [...MOMENT_PLACE[moment].topics], ...(method ? { method } : {}) });

export { cellFor, wayLabel };
