import { MOTIONS, motionsIn, specificity, type Motion } from './motion.js';
import { normalize, perText } from './text.js';

/**
 * What the rep has told the coach so far, gathered turn by turn and kept in the dialogue state:
 * the coach quotes it back and fits its advice to it, instead of asking again. A later statement
 * replaces an earlier one ("not the price, it's the wife": the buyer who decides is now the wife).
 */
// Type aliases, not interfaces, so they fit the engine's open state record.
export type Facts = {
  /** How the rep meets buyers, the latest one they named. */
  motion?: Motion;
  /** Motions the rep said they do not do ("these aren't cold calls"). */
  notMotions: Motion[];
  /** Who pushes back or decides: "the CFO", "the wife", "her sister". */
  decider?: string;
  /** The buyer's own words, as the rep quoted them, newest last. */
  quotes: string[];
  /** Who said each quote, when the rep named them ("procurement said '…'": the committee); '' when not. */
  speakers: string[];
  /** Amounts, percentages and counts the rep gave: "$14,200", "8%", "4 deals". */
  numbers: string[];
  /** What the rep says they already tried ("i already show my license and reviews"). */
  tried: string[];
  /** The next real occasion the rep named ("tomorrow's 9am tour", "the board meeting"), in their words. */
  occasion?: string;
  /** The competitor the buyer compares with, as the rep named it ("the honda place", "Henry Schein"). */
  competitor?: string;
  /** The latest sum of money the rep gave, with its period when they gave one ("$40 a month", "$4,000"). */
  amount?: string;
  /** The first name of the buyer the rep is working on, as they named them ("Carol", "Luis"). */
  name?: string;
};

export const NO_FACTS: Facts = { notMotions: [], quotes: [], speakers: [], numbers: [], tried: [] };

export function readFacts(raw: unknown): Facts {
  if (!raw || typeof raw !== 'object') return { ...NO_FACTS };
  const f = raw as Partial<Facts>;
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  const motion = (MOTIONS as readonly string[]).includes(f.motion ?? '') ? f.motion : undefined;
  return {
    motion,
    notMotions: strings(f.notMotions).filter((m): m is Motion => (MOTIONS as readonly string[]).includes(m)),
    decider: typeof f.decider === 'string' ? f.decider : undefined,
    quotes: strings(f.quotes),
    // State written before speakers were kept has none: every quote's speaker is unknown.
    speakers: strings(f.quotes).map((_q, i) => strings(f.speakers)[i] ?? ''),
    numbers: strings(f.numbers),
    tried: strings(f.tried),
    occasion: typeof f.occasion === 'string' ? f.occasion : undefined,
    competitor: typeof f.competitor === 'string' ? f.competitor : undefined,
    amount: typeof f.amount === 'string' ? f.amount : undefined,
    name: typeof f.name === 'string' ? f.name : undefined,
  };
}

const unquote = (q: string) => q.trim().replace(/^['‘"“]+|['’"”]+$/g, '').trim();

interface Quote {
  text: string;
  /** The words just before it, where the rep says who spoke. */
  before: string;
}

/** Text in quotes (straight or curly, single or double) of at least three words. */
function quotesIn(message: string): Quote[] {
  const found: Quote[] = [];
  // An apostrophe followed by a letter (we're, i'll) is part of the words, not the closing quote.
  const re = /(?:^|[\s(:,.])['‘"“]((?:[^'’"”]|['’](?=[a-z]))+?)['’"”](?=[\s.,!?;:)]|$)/gi;
  for (const m of message.matchAll(re)) {
    // The rep's own lines ("i say '…'", a role-play answer typed in quotes) are not the buyer's words.
    const before = message.slice(Math.max(0, (m.index ?? 0) - 30), (m.index ?? 0) + 1).toLowerCase();
    // A quote that opens the message and runs to its end is the rep's own line (a role-play answer
    // typed in quotes); one that opens a sentence about it ("the 'we'll wait' thing is killing me") is the buyer's.
    const wholeMessage = (m.index ?? 0) < 12 && message.trim().length - ((m.index ?? 0) + m[0].length) < 12;
    if (wholeMessage || /\b(?:i|we)\s+(?:say|said|tell|told|go|went|ask|asked|usually say|always say)\b[^'"‘“]*$|\b(?:from|like|with|again|redo)\s*:?\s*$/.test(before)) continue;
    const q = unquote(m[1] ?? '');
    if (q.split(/\s+/).length >= 3) found.push({ text: q, before: message.slice(Math.max(0, (m.index ?? 0) - 40), (m.index ?? 0) + 1) });
  }
  // "they go/say/said ..." without quote marks: the rest of the clause is their words.
  if (found.length === 0) {
    const said = /\b(?:they|he|she|he's|she's|customers?|prospects?|buyers?|clients?|ppl|people)\s+(?:always\s+|just\s+|all\s+)?(?:say|says|said|go|goes|tell me|told me)\s+(?:that\s+|like\s+)?([^.!?\n]{8,160})/i.exec(message);
    const raw = said?.[1] ?? '';
    // A quote opened without a matching close before the clause ends: keep what is inside.
    const q = unquote(/^['‘"“]/.test(raw) ? (/^['‘"“]((?:[^'’"”]|['’](?=[a-z]))+)/i.exec(raw)?.[1] ?? raw) : raw);
    if (q.split(/\s+/).length >= 3) found.push({ text: q, before: message.slice(Math.max(0, (said?.index ?? 0) - 40), (said?.index ?? 0) + 12) });
  }
  return found;
}

/**
 * Who is not a buyer: the rep's own people and the coach. "my manager said 'just close harder'"
 * or "you said 'ask a question'" is advice the rep was given, not a line a buyer said.
 */
const NOT_BUYERS = new Set(['manager', 'coach', 'trainer', 'mentor', 'you', 'u', 'i', 'we', 'team', 'sales', 'colleague', 'coworker', 'teammate', 'rep', 'bot', 'ai']);

/**
 * The buyer's lines a rep quoted in one message, for the objection deck (modules/deck): the same
 * quotes the coach reads, less those the speaker marks as the rep's side. A speaker the coach
 * knows as a decider ("the CFO", "the wife") or a named party ("legal") is still the buyer's side.
 */
export function buyerLinesIn(message: string): string[] {
  return quotesIn(message)
    .filter((q) => !NOT_BUYERS.has(speakerOf(q.before).replace(/^my /, '')))
    .map((q) => q.text);
}

const NUMBER = /(?:\$\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m|mm|million|grand)?|\b\d[\d,]*(?:\.\d+)?\s?(?:%|percent|k\b|grand\b)|\b\d+(?:\.\d+)?\s?(?:deals?|loads?|chairs?|employees?|people|days?|weeks?|months?|years?|locations?|reps?)\b)/gi;

const DECIDERS: Array<[RegExp, string]> = [
  [/ (?:cfo|chief financial officer|finance|controller) /, 'the CFO'],
  [/ (?:ceo|owner|the boss|president|founder) /, 'the owner'],
  [/ (?:wife) /, 'the wife'],
  [/ (?:husband) /, 'the husband'],
  [/ (?:spouse|partner|significant other) /, 'their partner'],
  [/ (?:sister|brother|mom|mother|dad|father|family) /, 'their family'],
  [/ (?:committee|board|procurement) /, 'the committee'],
  [/ (?:office manager) /, 'the office manager'],
];

// Compiled once with the global flag matchAll needs: every message and every quote is read.
const GLOBAL_DECIDERS = DECIDERS.map(([re, who]) => [new RegExp(re.source, 'g'), who] as const);

/**
 * The decider a message names, the last one mentioned winning: in "it's not the husband, it's
 * the wife", the wife.
 */
function deciderIn(s: string): string | undefined {
  let best: { at: number; who: string } | undefined;
  for (const [re, who] of GLOBAL_DECIDERS) {
    for (const m of s.matchAll(re)) {
      const at = m.index ?? 0;
      // "not the CFO" names someone who is not the decider.
      if (/ (?:not|isn t|is not) (?:the |her |his |their )?$/.test(s.slice(Math.max(0, at - 12), at + 1))) continue;
      if (!best || at > best.at) best = { at, who };
    }
  }
  return best?.who;
}

/** Words for the buyer in general: a quote from "they" or "the customer" is the buyer's. */
const ANYONE = new Set(['they', 'he', 'she', 'customer', 'customers', 'buyer', 'buyers', 'prospect', 'prospects', 'client', 'clients', 'ppl', 'people', 'everyone', 'everybody', 'guy', 'lady', 'couple', 'someone', 'somebody', 'it', 'always', 'just', 'then', 'and']);

/** Words between a speaker and "said" that are not the speaker: "came back and said", "then just goes". */
const LINKING = new Set(['and', 'then', 'back', 'came', 'come', 'just', 'also', 'literally', 'always', 'even', 'so', 'kinda', 'basically', 'finally', 'immediately', 'straight', 'actually', 'only', 'all']);

/** Who said a quote, from the words before it: a decider ("the CFO"), another named party ("legal"), or '' for the buyer in general. */
function speakerOf(before: string): string {
  const s = normalize(before);
  const decider = deciderIn(s);
  if (decider) return decider;
  // The nearest word before the verb that can be a speaker: in "at the desk she goes", she, not
  // "at"; in "legal came back and said", legal.
  const lead = / ((?:[a-z]+ ){1,5})(?:said|says|goes|go|went|told me|tells me|wrote|replied|asked)(?: me)?(?: like)? $/.exec(s)?.[1];
  const subject = lead?.trim().split(' ').toReversed().find((w) => !LINKING.has(w));
  return subject && !ANYONE.has(subject) ? subject : '';
}

/**
 * An upcoming occasion the rep names: a day or time and the kind of meeting ("tomorrows 9am
 * tour", "next week's visit to the hospital job", "the board meeting on march 18").
 */
const DAY = String.raw`(?:tomorrow'?s?|tmrw|tonight'?s?|this (?:week'?s?|afternoon'?s?|friday'?s?|monday'?s?)|next (?:week'?s?|monday'?s?|tuesday'?s?|wednesday'?s?|thursday'?s?|friday'?s?)|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)'?s?|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2})`;
const MEETING = String.raw`(?:board meeting|tour|call|meeting|visit|appointment|appt|show|demo|showing|presentation|pitch|shift|tasting|walkthrough|inspection|open house)`;
const DAY_FIRST = new RegExp(String.raw`\b(${DAY}\s+(?:[\w']+\s+){0,3}?${MEETING})\b`, 'i');
const MEETING_FIRST = new RegExp(String.raw`\b(?:the |a |my |our )?(${MEETING})\s+(?:is\s+)?(?:on\s+)?(${DAY})\b`, 'i');

/** The occasion in the words a coach would use: "tomorrow's 9am tour", "the board meeting on march 18". */
function occasionIn(message: string): string | undefined {
  const first = DAY_FIRST.exec(message)?.[1];
  if (first) return first.replace(/^(tomorrow|tonight)s\b/i, "$1's");
  const m = MEETING_FIRST.exec(message);
  return m?.[1] && m[2] ? `the ${m[1]} on ${m[2]}` : undefined;
}

/**
 * A competitor the buyer compares with: "the honda place quoted him less", "a Henry Schein quote",
 * "went with Vivint", "Millhouse is cheaper". Names are taken as the rep typed them; a word that
 * is only a pronoun or a generic noun ("their quote", "the other quote") names nobody.
 */
const NOT_A_NAME = /^(?:the |a |an )?(?:their|his|her|our|my|your|the|other|another|same|new|old|first|second|last|that|this|a|an|one|cheaper|lower|better|online|written|verbal|final|price|rate|insurance|car|auto)$/i;
const COMPETITOR_PATTERNS: RegExp[] = [
  /\b(the [a-z][\w&'-]*(?: [a-z][\w&'-]*)? (?:place|dealer|dealership|guys|store|shop|company|people|lot))\b(?= (?:quoted|offered|has|had|is|was|will|would|down|across|gave|said|beat))/i,
  /\b(?:a|an|the|their|his|her) ((?:[A-Z][\w&'-]+)(?: [A-Z][\w&'-]+){0,2}) (?:quote|bid|estimate|offer|proposal)s?\b/,
  /\b(?:quote|bid|estimate|offer) (?:from|by) ((?:the )?[A-Z][\w&'-]+(?: [A-Z][\w&'-]+){0,2})/,
  /\b(?:went|going|signed|go) with ((?:[A-Z][\w&'-]+)(?: [A-Z][\w&'-]+){0,2})/,
  /\b((?:[A-Z][\w&'-]+)(?: [A-Z][\w&'-]+){0,2}) (?:is|was|are|were) (?:\$?\d[\d,]*%? )?(?:cheaper|less|lower)\b/,
];
function competitorIn(message: string): string | undefined {
  for (const re of COMPETITOR_PATTERNS) {
    const name = re.exec(message)?.[1]?.trim();
    // A capitalised word opening the sentence ("They", "Ours") is not a name.
    if (name && !NOT_A_NAME.test(name) && !/^(?:I|They|He|She|We|It|Ours|Theirs|Their|The|A|An|My|Our|Mine)$/.test(name)) return name;
  }
  return undefined;
}

/** A sum of money and the period it is per, if the rep gave one: "$40 a month", "$2,100", "$60k a year". */
const AMOUNT = /\$\s?\d[\d,]*(?:\.\d+)?\s?(?:k|m|grand)?(?:\s?(?:a|per|\/)\s?(?:month|mo|year|yr|week|wk|day))?/gi;
const amountIn = (message: string): string | undefined => message.match(AMOUNT)?.at(-1)?.replace(/\s*\/\s*mo\b/i, ' a month').replace(/\s+/g, ' ').trim();

/**
 * The buyer's first name when the rep gives it: "her name is Carol", "owner Luis", "named Gary",
 * "what do i text luis", "the email to Denise". A word that is a pronoun, a role or a time is no name.
 */
const NOT_A_PERSON = new Set(['him', 'her', 'them', 'it', 'me', 'us', 'back', 'tomorrow', 'today', 'tonight', 'later', 'again', 'now', 'first', 'next', 'the', 'a', 'an', 'my', 'his', 'their', 'our', 'your', 'this', 'that', 'these', 'those', 'every', 'each', 'both', 'all', 'some', 'people', 'ppl', 'customers', 'clients', 'buyers', 'leads', 'someone', 'anyone', 'everyone', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'after', 'before', 'when', 'if', 'and', 'or', 'but', 'so', 'then', 'out', 'up', 'over', 'in', 'on', 'at', 'to', 'for', 'with', 'about', 'what', 'who', 'how', 'why', 'you', 'u', 'ya', 'everybody', 'anybody', 'somebody', 'nobody', 'once', 'twice', 'mom', 'dad', 'wife', 'husband', 'owner', 'manager', 'boss', 'cfo', 'ceo', 'guy', 'lady', 'couple', 'family', 'office', 'hr', 'legal', 'procurement', 'finance', 'sales', 'number', 'price']);
const NAME_PATTERNS: RegExp[] = [
  /\b(?:his|her|their) name(?:'s| is)\s+([A-Za-z][a-z]{1,14})\b/i,
  /\bnamed\s+([A-Za-z][a-z]{1,14})\b/i,
  /\b(?:owner|manager|director|dr\.?|mr\.?|mrs\.?|ms\.?|coordinator|buyer|cfo|ceo|vp)\s+([A-Z][a-z]{1,14})\b/,
  /\b(?:text|email|e-mail|call|message|dm|write to|say to|email to|note to|text to|recap (?:email )?to)\s+([A-Za-z][a-z]{1,14})\b(?!['’]s)/gi,
];
const GLOBAL_NAME_PATTERNS = NAME_PATTERNS.map((re) => new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`));

/**
 * Words that are never a first name, whatever their capitals: pronouns, determiners and the
 * adverbs and fillers reps put after "a call" or "the owner" ("had a call They said…", "the owner
 * finally agreed"). With the list above, a capitalised sentence opener is no longer taken for a
 * name: "Hi They," reached a rep (issue #25).
 */
const COMMON_WORD = /^(?:i|we|they|he|she|you|it|its|them|their|theirs|there|here|his|hers|him|her|me|my|our|ours|us|your|yours|who|whom|whose|which|what|when|where|why|how|not|no|yes|yeah|ok|okay|maybe|always|never|still|just|also|even|only|soon|later|already|again|yesterday|today|tomorrow|tonight|then|than|now|said|says|told|asked|went|got|had|has|have|was|were|is|are|be|been|did|do|does|will|would|could|should|can|might|must|left|sent|back|last|next|week|month|morning|afternoon|evening|night|nothing|something|anything|everything|one|two|three|hi|hey|hello|thanks|please|sir|madam|maam)$/i;

/** A word that can be a first name: not a common word, not an adverb ("finally", "really"). */
const canBeName = (w: string) => !NOT_A_PERSON.has(w.toLowerCase()) && !COMMON_WORD.test(w) && !/ly$/i.test(w);

/** A verb pattern's word used as a noun ("had a call They said", "an email Monday") names nobody after it. */
const AS_NOUN = /\b(?:a|an|the|my|his|her|their|our|your|that|this|one|every|each|no|any|last|first|next)\s+\S+\s+$/i;

function nameIn(message: string): string | undefined {
  for (const re of GLOBAL_NAME_PATTERNS) {
    for (const m of message.matchAll(re)) {
      const w = m[1];
      if (!w) continue;
      const before = message.slice(Math.max(0, (m.index ?? 0) - 20), (m.index ?? 0) + m[0].length - w.length);
      if (re === GLOBAL_NAME_PATTERNS[3] && AS_NOUN.test(before)) continue;
      if (canBeName(w)) return `${w.charAt(0).toUpperCase()}${w.slice(1).toLowerCase()}`;
    }
  }
  return undefined;
}

const TRIED = /\b(?:i (?:already|always) |i(?:'ve| have) (?:already )?(?:tried|done)|tried that|already tried|tried(?= (?:the|that|this|your) ))\s*([^.!?\n]{4,140})/i;

/**
 * What one message tells on its own, read once per message text (withMessage adds it to the facts
 * so far): a turn that runs again for its citation reads the same message.
 */
const factsIn = perText((message: string) => {
  const quoted = quotesIn(message);
  return {
    ...motionsIn(message),
    numbers: (message.match(NUMBER) ?? []).map((n) => n.trim()),
    tried: TRIED.exec(message)?.[1]?.trim(),
    quotes: quoted.map((q) => q.text),
    speakers: quoted.map((q) => speakerOf(q.before)),
    decider: deciderIn(normalize(message)),
    occasion: occasionIn(message),
    competitor: competitorIn(message),
    amount: amountIn(message),
    name: nameIn(message),
  };
});

/** The facts after one more rep message. */
export function withMessage(facts: Facts, message: string): Facts {
  const read = factsIn(message);
  const { named, denied } = read;
  const notMotions = [...new Set([...facts.notMotions.filter((m) => !named.includes(m)), ...denied])];
  // Several motions in one message: the most specific one (motionsIn orders them). A passing
  // "the call" does not turn an enterprise deal into cold calling: a known motion gives way only
  // to a more specific one, or when the rep denies it.
  const kept = facts.motion && !notMotions.includes(facts.motion) ? facts.motion : undefined;
  const newest = named.find((m) => !notMotions.includes(m));
  const motion = newest && (!kept || specificity(newest) <= specificity(kept)) ? newest : kept;
  const numbers = [...new Set([...facts.numbers, ...read.numbers])].slice(-8);
  const tried = read.tried;
  return {
    motion,
    notMotions,
    decider: read.decider ?? facts.decider,
    quotes: [...facts.quotes, ...read.quotes].slice(-6),
    speakers: [...facts.speakers, ...read.speakers].slice(-6),
    numbers,
    tried: tried ? [...facts.tried, tried].slice(-4) : facts.tried,
    occasion: read.occasion ?? facts.occasion,
    competitor: read.competitor ?? facts.competitor,
    amount: read.amount ?? facts.amount,
    name: read.name ?? facts.name,
  };
}
