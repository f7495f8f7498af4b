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
    test: (_l, s) => / (?:totally fair|that s fair|fair enough|fair question|fair point|makes sense|that makes sense|i hear you|hear you|i hear that|heard you|i get where you re coming from|i (?:totally |completely )?(?:understand|get (?:it|that))|totally get (?:it|that)|understandable|good question|great question|of course|absolutely|you re right|good that|glad you|it s a big|a big (?:purchase|decision)|no problem|for sure|totally|understood|fair|got it|appreciate (?:that|it|you|the)|i see|good point|i d feel the same|i would feel the same|no pressure|that s real|sounds like|i can see why|that s a lot|thanks|thank you|happy to|glad to hear|(?:say|said|tell me) the same|hear that a lot) /.test(s),
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
    test: (_l, s) => / (?:next step|tomorrow|tonight|this evening|monday|tuesday|wednesday|thursday|friday|saturday|this week|next week|at (?:\d{1,2}|six|seven|eight|five|noon)|in (?:\d+|five|ten|fifteen) minutes|\d+ minutes|a quick call|set up a|book|schedule|calendar|come back (?:in|at|tonight|tomorrow|later)|swing (?:back|by)|stop by|drop by|walk you (?:both )?through|send you .{0,30} by|(?:do|start|book|schedule|set up) (?:the |your )?first (?:service|visit|treatment|session|class|case|appointment)|today|come (?:back|by|out|over)|start (?:you|with|today|monday)|set (?:it|you|that) up|put you (?:down|in)|(?:run|set up|start) a (?:trial|pilot)|trial|pilot|send (?:you|it|over)|(?:call|text|email) you (?:back|at|on|tomorrow|monday|this|next)|sit down|measure|write (?:it|that) up|walk (?:you|them|him|her) through|go over (?:it|the|them)|cover (?:your|the) next case|get (?:it|you|that) (?:scheduled|on the calendar)|by the \d+(?:st|nd|rd|th)?|by (?:end of|the end of) (?:the )?(?:week|month|quarter)|(?:the |a )?signature by|sign (?:by|on|this) ) /.test(s),
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
  const faults = hits.filter((r) => r.kind === 'fault');
  // A day named as a deadline ("the price goes up Monday") is pressure, not a next step.
  const pressured = faults.some((f) => f.id === 'pressure');
  return { good: hits.filter((r) => r.kind === 'good' && !(pressured && r.id === 'next-step')), faults };
}

/**
 * The words the rep put in quotes, when they typed their line as a quote. A quote mark opens only
 * at the start or after a space or punctuation, so the apostrophe in "it's" opens nothing; one
 * left open runs to the end.
 */
const SPOKEN = /(?:^|[\s(:,.])['‘"“]((?:[^'’"”]|['’](?=[a-z])){8,}?)(?:['’"”](?=[\s.,!?;:)]|$)|$)/i;

/** The heart of the rep's line, for quoting back: what they put in quotes, else the first sentence; at most 25 words. */
export function quoteOf(line: string): string {
  const quoted = SPOKEN.exec(line)?.[1];
  const clean = (quoted ?? line).trim().replace(/^['"“‘]+|['"”’]+$/g, '');
  const first = clean.match(/^[^.!?]+[.!?]?/)?.[0] ?? clean;
  const w = first.trim().split(/\s+/);
  return w.length > 25 ? `${w.slice(0, 25).join(' ')}…` : first.trim();
}

/** A typed line as a written sentence: a capital to start, "I" for "i", an end mark. */
export function asSentence(x: string): string {
  const t = x.trim().replace(/\bi\b/g, 'I').replace(/\bim\b/g, "I'm");
  const ended = /[.!?…]$/.test(t) ? t : `${t}.`;
  return `${ended.charAt(0).toUpperCase()}${ended.slice(1)}`;
}

const FAULTY = RUBRIC.filter((r) => r.kind === 'fault' && r.id !== 'too-long');

/**
 * A stronger version of the rep's own line: their sentences without the faulty ones (pressure,
 * "trust me", arguing), an acknowledgement in front when it had none, and their own question
 * kept, or one asked about what the buyer just said when it had none.
 */
export function strongerLine(line: string, a: Assessment, buyerSaid: string | undefined): string {
  const spoken = SPOKEN.exec(line)?.[1] ?? line;
  const sentences = (spoken.match(/[^.!?]+[.!?]*/g) ?? [spoken]).map((s) => s.trim()).filter(Boolean);
  const kept = sentences
    .map((s) => s.replace(/,?\s*\btrust me\b,?/gi, '').replace(/^but\s+/i, '').trim())
    .filter((s) => s && !FAULTY.some((f) => f.test(s, ` ${normalize(s).trim()} `)));
  const short = kept.slice(0, 3);
  const hasQuestion = short.some((s) => s.endsWith('?'));
  const ack = a.good.some((g) => g.id === 'acknowledged') ? [] : ["That's fair."];
  // What the buyer just said, cut at its first sentence and at most ten words, so the question reads whole.
  const first = buyerSaid?.match(/^[^.!?]+/)?.[0]?.trim();
  const about = first ? (first.split(/\s+/).length > 10 ? `${first.split(/\s+/).slice(0, 6).join(' ')}…` : first) : 'that';
  const question = hasQuestion ? [] : [`Can I ask what's behind "${about}"?`];
  // A line with nothing to fix gets the move it lacks: a specific next step.
  const nextStep = a.faults.length === 0 && !a.good.some((g) => g.id === 'next-step') ? ['If it helps, we could go through it together on Thursday.'] : [];
  // Each sentence ends as a sentence, and the line starts with a capital, as a spoken line would be written.
  return `"${[...ack, ...short, ...question, ...nextStep].map(asSentence).join(' ')}"`;
}

/** What a good line does that this one did not, in the words of the feedback. */
const MISSING: Record<string, string> = {
  acknowledged: 'None of your lines acknowledged what they said before answering; start with "That\'s fair" or their own words back.',
  asked: 'You never asked them a question, so you never found out what is really behind it.',
  'next-step': 'You never proposed a specific next step with a day or a time, so the scene ends with nothing agreed.',
};

/**
 * The feedback at the end of a role-play, built from every line the rep said in it: one thing
 * done well (quoting the line that did it), one thing to change (the first fault, quoted, or the
 * move none of the lines made). The stronger version of each line came with the line itself.
 */
export function sceneFeedback(lines: string[]): string {
  const n = lines.length;
  const { keep, change } = keepAndChange(lines);
  const out = [`**How you did, over your ${n === 1 ? 'line' : `${n} lines`}:**`];
  if (keep) out.push(`- **Keep:** ${keep}`);
  if (change) out.push(`- **Change:** ${change}`);
  // Each line already got its stronger version when it was said; the summary does not repeat one.
  return out.join('\n');
}

/**
 * The rubric's verdict on the rep's lines as two plain sentences: one thing done well (quoting
 * the line that did it), one thing to change (the first fault, quoted, or the move none of the
 * lines made). Null when there is nothing to praise, or nothing to change. The scene feedback
 * above and the objection drills (modules/deck) both say it.
 */
export function keepAndChange(lines: string[]): { keep: string | null; change: string | null } {
  // A line short enough to quote whole is quoted whole: the rep sees exactly what they said.
  const quoted = (line: string) => (line.split(/\s+/).length <= 25 ? line.trim() : quoteOf(line));
  const assessed = lines.map((line) => ({ line, a: assess(line) }));
  const good = assessed.find((x) => x.a.good.length > 0);
  const best = good?.a.good[0];
  // Praise only what a line really did: a line that did nothing on the rubric gets none.
  const keep = good && best ? `"${quoted(good.line)}": ${best.said}` : null;
  const faulty = assessed.find((x) => x.a.faults.length > 0);
  const fault = faulty?.a.faults[0];
  const missing = (['acknowledged', 'asked', 'next-step'] as const).find((id) => !assessed.some((x) => x.a.good.some((g) => g.id === id)));
  const weakest = [...assessed].sort((x, y) => x.a.good.length - y.a.good.length)[0];
  let change: string | null = null;
  if (faulty && fault) change = `"${quoted(faulty.line)}": ${fault.said}`;
  else if (missing) {
    const text = MISSING[missing] ?? '';
    change = weakest && !good ? `"${quoted(weakest.line)}": ${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
  }
  return { keep, change };
}
