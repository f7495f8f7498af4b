import { normalize } from './text.js';

/**
 * Role-play feedback built from the rep's own line, against a rubric a sales manager would use:
 * what helps (acknowledging first, asking a question, proposing a specific next step) and what
 * hurts (arguing or "but", invented urgency, "trust me", talking too long). A line with a fault
 * is never called strong, whatever else it does.
 */
export interface RubricItem {
  id: string;
  kind: 'good' | 'fault';
  test: (line: string, s: string) => boolean;
  /** Said when the rep's line does it. */
  said: string;
}

const words = (line: string) => line.trim().split(/\s+/).filter(Boolean).length;

export const RUBRIC: RubricItem[] = [
  {
    id: 'acknowledged',
    kind: 'good',
    test: (_l, s) => / (?:totally fair|that s fair|fair enough|fair question|fair point|makes sense|that makes sense|i hear you|i (?:totally |completely )?(?:understand|get (?:it|that))|totally get (?:it|that)|understandable|good question|great question|of course|absolutely|you re right|good that|glad you|it s a big|a big (?:purchase|decision)|no problem|for sure) /.test(s),
    said: 'You acknowledged them before answering, so they felt heard.',
  },
  {
    id: 'asked',
    kind: 'good',
    test: (l) => /\?/.test(l) || / (?:can i ask|may i ask|what would|what s|how would|how do you|which|would it help) /.test(normalize(l)),
    said: 'You asked a question, which keeps them talking and tells you what is really behind it.',
  },
  {
    id: 'next-step',
    kind: 'good',
    test: (_l, s) => / (?:next step|tomorrow|tonight|this evening|monday|tuesday|wednesday|thursday|friday|saturday|this week|next week|at (?:\d{1,2}|six|seven|eight|five|noon)|in (?:\d+|five|ten|fifteen) minutes|\d+ minutes|a quick call|set up a|book|schedule|calendar|come back (?:in|at|tonight|tomorrow|later)|swing (?:back|by)|stop by|drop by|walk you (?:both )?through|send you .{0,30} by) /.test(s),
    said: 'You proposed a specific next step, so the conversation keeps moving.',
  },
  {
    id: 'trust-me',
    kind: 'fault',
    test: (_l, s) => / trust me /.test(s),
    said: '"Trust me" asks for trust instead of earning it; buyers hear it as a warning sign.',
  },
  {
    id: 'pressure',
    kind: 'fault',
    test: (_l, s) =>
      / (?:only (?:good|valid|available) (?:today|until|till)|today only|tonight only|(?:ends|expires|goes away|dies) (?:today|tonight)|(?:decide|sign|commit) (?:now|today|tonight)|until tonight|by tonight|before (?:it s|its) gone|other (?:couples|people|buyers|customers|families) (?:looking|interested)|price goes up|won t last|last chance|can t afford (?:not|to wait)|cant afford (?:not|to wait)|need to (?:decide|sign)) /.test(s),
    said: 'The deadline or scarcity is pressure they did not ask for: it makes them defend their choice to wait.',
  },
  {
    id: 'argued',
    kind: 'fault',
    test: (_l, s) =>
      / (?:you re wrong|you are wrong|with respect|that s not true|that is not true|you won t find|you wont find|garbage|let me finish|you honestly|you literally|on you|your fault) /.test(s) || / but (?!also|not only)/.test(s),
    said: 'You argued (or said "but"), which tells them their concern was wrong; they dig in instead of opening up.',
  },
  {
    id: 'too-long',
    kind: 'fault',
    test: (l) => words(l) > 55,
    said: 'It runs long: one or two sentences and a question land better than a speech.',
  },
];

export interface Assessment {
  good: RubricItem[];
  faults: RubricItem[];
}

export function assess(line: string): Assessment {
  const s = ` ${normalize(line).trim()} `;
  const hits = RUBRIC.filter((r) => r.test(line, s));
  return { good: hits.filter((r) => r.kind === 'good'), faults: hits.filter((r) => r.kind === 'fault') };
}

/** The heart of the rep's line, for quoting back: what they put in quotes, else the first sentence; at most 25 words. */
export function quoteOf(line: string): string {
  const quoted = /['‘"“]((?:[^'’"”]|['’](?=[a-z])){8,}?)(?:['’"”](?=[\s.,!?;:)]|$)|$)/i.exec(line)?.[1];
  const clean = (quoted ?? line).trim().replace(/^['"“‘]+|['"”’]+$/g, '');
  const first = clean.match(/^[^.!?]+[.!?]?/)?.[0] ?? clean;
  const w = first.trim().split(/\s+/);
  return w.length > 25 ? `${w.slice(0, 25).join(' ')}…` : first.trim();
}

const FAULTY = RUBRIC.filter((r) => r.kind === 'fault' && r.id !== 'too-long');

/**
 * A stronger version of the rep's own line: their sentences without the faulty ones (pressure,
 * "trust me", arguing), an acknowledgement in front when it had none, and their own question
 * kept, or one asked about what the buyer just said when it had none.
 */
export function strongerLine(line: string, a: Assessment, buyerSaid: string | undefined): string {
  const spoken = quoteOf(line).length > 0 ? (/['‘"“]((?:[^'’"”]|['’](?=[a-z])){8,}?)(?:['’"”](?=[\s.,!?;:)]|$)|$)/i.exec(line)?.[1] ?? line) : line;
  const sentences = (spoken.match(/[^.!?]+[.!?]*/g) ?? [spoken]).map((s) => s.trim()).filter(Boolean);
  const kept = sentences
    .map((s) => s.replace(/,?\s*\btrust me\b,?/gi, '').replace(/^but\s+/i, '').trim())
    .filter((s) => s && !FAULTY.some((f) => f.test(s, ` ${normalize(s).trim()} `)));
  const short = kept.slice(0, 3);
  const hasQuestion = short.some((s) => s.endsWith('?'));
  const ack = a.good.some((g) => g.id === 'acknowledged') ? [] : ["That's fair."];
  const about = buyerSaid ? buyerSaid.replace(/[.!?]+$/, '').split(/\s+/).slice(0, 8).join(' ') : 'that';
  const question = hasQuestion ? [] : [`Can I ask what's behind "${about}"?`];
  // A line with nothing to fix gets the move it lacks: a specific next step.
  const nextStep = a.faults.length === 0 && !a.good.some((g) => g.id === 'next-step') ? ['If it helps, we could go through it together on Thursday.'] : [];
  return `"${[...ack, ...short, ...question, ...nextStep].join(' ')}"`;
}
