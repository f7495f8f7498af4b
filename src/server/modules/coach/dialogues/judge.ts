import type { Coaching } from '#shared/coaching.js';
import type { TurnExpect } from './dialogue-file.js';

/**
 * How each check of a dialogue is judged, exactly as docs/coach-eval.md says: the
 * three checks every reply gets, then the ones a turn's `expect` asks for.
 */
export const CHECK_KINDS = ['answered', 'noPlaceholder', 'noRepeatedQuestion', 'stage', 'topicsAny', 'mentionsAny', 'mentionsNone', 'methodNamed', 'methodChanged', 'answersFirst', 'maxWords'] as const;
export type CheckKind = (typeof CHECK_KINDS)[number];

export interface TurnReply {
  /** The HTTP status of the rep's message. */
  status: number;
  /** Every coach message after the rep's, joined. */
  text: string;
  /** The metadata of the last of them that has one. */
  coaching: Coaching | null;
}

export interface CheckResult {
  kind: CheckKind;
  pass: boolean;
  /** Why it failed, for --verbose. */
  detail?: string;
}

const PLACEHOLDER = /\[(?:[a-z][a-z'’ -]{1,30})\]/i;

/** The stretches of text ending in `?`, lower-cased, punctuation dropped, white space folded. */
export function questionsIn(text: string): string[] {
  const stretches = text.match(/[^.!?\n]*\?/g) ?? [];
  return stretches.map(normalise).filter((q) => q.length > 0);
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

const wordCount = (s: string) => (s ? s.split(' ').length : 0);

/** Follows one dialogue turn by turn: what was asked and which method was named so far. */
export class DialogueJudge {
  private readonly askedBefore = new Set<string>();
  private lastMethod: string | undefined;
  private readonly methodsBefore = new Set<string>();

  judgeTurn(reply: TurnReply, expect: TurnExpect): CheckResult[] {
    const results: CheckResult[] = [];
    const text = reply.text;
    const lower = text.toLowerCase();
    const coaching = reply.coaching;
    const add = (kind: CheckKind, pass: boolean, detail?: string) => results.push({ kind, pass, ...(pass ? {} : { detail }) });

    add('answered', reply.status === 200 && text.trim().length > 0, `status ${reply.status}, ${text.length} characters`);
    const placeholder = PLACEHOLDER.exec(text);
    add('noPlaceholder', !placeholder, placeholder?.[0]);
    const questions = questionsIn(text);
    const repeated = questions.find((q) => wordCount(q) > 5 && this.askedBefore.has(q));
    add('noRepeatedQuestion', !repeated, repeated);

    if (expect.stage !== undefined) add('stage', coaching?.stage === expect.stage, `got ${coaching?.stage ?? 'none'}`);
    if (expect.topicsAny) add('topicsAny', Boolean(coaching?.topics.some((t) => expect.topicsAny?.includes(t))), `got ${coaching?.topics.join(',') || 'none'}`);
    if (expect.mentionsAny) add('mentionsAny', expect.mentionsAny.some((m) => lower.includes(m.toLowerCase())), `none of ${expect.mentionsAny.slice(0, 6).join(' | ')}…`);
    if (expect.mentionsNone) {
      const found = expect.mentionsNone.find((m) => lower.includes(m.toLowerCase()));
      add('mentionsNone', !found, found);
    }
    if (expect.methodNamed) add('methodNamed', Boolean(coaching?.method), 'no method');
    if (expect.methodChanged) {
      const method = coaching?.method;
      add('methodChanged', Boolean(method) && method !== this.lastMethod, `${method ?? 'none'} after ${this.lastMethod ?? 'none'}`);
    }

    // docs/coach-eval.md: methodNew is "counted with methodChanged, as 'adapts after pushback'".
    if (expect.methodNew) {
      const method = coaching?.method;
      add('methodChanged', Boolean(method) && !this.methodsBefore.has(method ?? ''), `${method ?? 'none'} was named before`);
    }
    if (expect.answersFirst) {
      const opening = text.trim().split(/\s+/).slice(0, 60).join(' ').toLowerCase();
      add('answersFirst', expect.answersFirst.some((m) => opening.includes(m.toLowerCase())), `none of ${expect.answersFirst.slice(0, 6).join(' | ')} in the first 60 words`);
    }
    if (expect.maxWords !== undefined) {
      const n = text.trim() ? text.trim().split(/\s+/).length : 0;
      add('maxWords', n <= expect.maxWords, `${n} words`);
    }

    for (const q of questions) this.askedBefore.add(q);
    if (coaching?.method) {
      this.lastMethod = coaching.method;
      this.methodsBefore.add(coaching.method);
    }
    return results;
  }
}

export interface Tally {
  pass: number;
  total: number;
}

/** Pass counts per check kind and overall. */
export function tally(results: CheckResult[]): { byKind: Map<CheckKind, Tally>; overall: Tally } {
  const byKind = new Map<CheckKind, Tally>();
  const overall = { pass: 0, total: 0 };
  for (const r of results) {
    const t = byKind.get(r.kind) ?? { pass: 0, total: 0 };
    t.total += 1;
    overall.total += 1;
    if (r.pass) {
      t.pass += 1;
      overall.pass += 1;
    }
    byKind.set(r.kind, t);
  }
  return { byKind, overall };
}
