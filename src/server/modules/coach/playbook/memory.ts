import { TOPICS, type Topic } from '#shared/coaching.js';
import type { HistoryMessage } from '../engine.js';

/**
 * What the built-in coach remembers of the whole conversation for its lookbacks: methods taught,
 * topics named, playbook sections quoted, the role-play buyer's answers, and the rep's words to pick a
 * problem from. A chat turn hands the engine only a window of the conversation (its first message,
 * its newest ones and the newest engine state: TURN_HISTORY_WINDOW in chat/service.ts), so these
 * travel in the dialogue state, and the coach does not repeat itself at message 80 any more than
 * at message 8. Each list is capped, so the state stays small however long the conversation.
 */
export type Seen = {
  /** Methods the coach's replies named (their coaching's method), oldest first. */
  methods: string[];
  /** Topics the replies named, newest first. */
  topics: Topic[];
  /** Playbook sections quoted ("From our playbook, …"), by the last part of their title. */
  quoted: string[];
  /** The buyer's answers in the coach's role-plays (scene.ts), oldest first. */
  lines: string[];
  /** The clauses of the rep's messages, newest message first, for "the sister one" (reading.ts). */
  clauses: string[];
};

export const NOTHING_SEEN: Seen = { methods: [], topics: [], quoted: [], lines: [], clauses: [] };

// More than the methods and playbook sections the built-in coach can name (75 and 58 today), so none is
// forgotten; lines and clauses are what was said, so only the newest are kept.
const MAX_NAMES = 80;
const MAX_LINES = 16;
const MAX_CLAUSES = 24;
const MAX_CLAUSE_CHARS = 240;

/** The rep's message cut where a new problem may start: a sentence, a numbered item, a semicolon, a line. */
const clausesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+|\s+\d\)\s*|;\s*|\n+/);

const QUOTED = /From our playbook, "([^"\n]+)"/g;
// The buyer's answer to the rep's line in a scene (scene.ts), after its speaker in bold.
const BUYER_ANSWER = /Back in character\.\n\n\*\*[^*\n]+:\*\* "([^"\n]+)"/g;

/** `added` after `kept`, each once, the newest `max` kept. */
const appended = (kept: readonly string[], added: readonly string[], max: number) => {
  const fresh = new Set(added);
  return [...kept.filter((x) => !fresh.has(x)), ...fresh].slice(-max);
};

/** `added` before `kept`, each once, the first `max` kept. */
const prepended = <T extends string>(kept: readonly T[], added: readonly T[], max: number): T[] => {
  const fresh = new Set(added);
  return [...fresh, ...kept.filter((x) => !fresh.has(x))].slice(0, max);
};

/** What one more message of the conversation adds to what the coach has seen. */
export function seeing(seen: Seen, m: Pick<HistoryMessage, 'role' | 'content' | 'coaching'>): Seen {
  const topics = m.coaching?.topics.length ? prepended(seen.topics, m.coaching.topics, TOPICS.length) : seen.topics;
  if (m.role === 'user') {
    const clauses = clausesOf(m.content).map((c) => c.trim().slice(0, MAX_CLAUSE_CHARS)).filter(Boolean);
    return { ...seen, topics, clauses: prepended(seen.clauses, clauses, MAX_CLAUSES) };
  }
  if (m.role !== 'assistant') return { ...seen, topics };
  const method = m.coaching?.method;
  const quoted = [...m.content.matchAll(QUOTED)].map((x) => x[1] ?? '');
  const lines = [...m.content.matchAll(BUYER_ANSWER)].map((x) => x[1] ?? '');
  return {
    methods: method ? appended(seen.methods, [method], MAX_NAMES) : seen.methods,
    topics,
    quoted: quoted.length ? appended(seen.quoted, quoted, MAX_NAMES) : seen.quoted,
    lines: lines.length ? appended(seen.lines, lines, MAX_LINES) : seen.lines,
    clauses: seen.clauses,
  };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const isTopic = (x: string): x is Topic => (TOPICS as readonly string[]).includes(x);

/** A stored `seen`, or undefined for a state stored before it was kept (the window is read instead). */
export function readSeen(raw: unknown): Seen | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const s = raw as Record<string, unknown>;
  return { methods: strings(s.methods), topics: strings(s.topics).filter(isTopic), quoted: strings(s.quoted), lines: strings(s.lines), clauses: strings(s.clauses) };
}

/**
 * What the coach has seen up to the end of `history`: the stored memory and the messages after the
 * state it came with (the rep's, a team reply, another engine's), or, with none stored, the
 * messages themselves: a conversation whose state predates `seen` goes on from its window.
 */
export const recall = (stored: Seen | undefined, after: readonly HistoryMessage[]): Seen => after.reduce(seeing, stored ?? NOTHING_SEEN);
