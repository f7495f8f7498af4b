import { STAGE_LABELS, TOPIC_LABELS, type Stage, type Topic } from '#shared/coaching.js';
import type { KnowledgePassage, RepProfile } from '../engine.js';
import type { Facts } from './facts.js';
import type { Technique } from './techniques.js';
import { isDirectQuestion, normalize } from './text.js';

/**
 * The built-in coach's wording: short enough for a phone screen (a coaching reply is about 120
 * words), about this rep (their buyer's words, their numbers, their motion), and free of
 * placeholders: a value the coach does not know is worded around, never left in brackets.
 */

/**
 * The product as it can sit inside a sentence: reps describe it in onboarding with price and
 * terms ("Quarterly pest control plans, $49/month, door to door"); a line needs only its name
 * ("Quarterly pest control plans"). Its capitals are kept: the rep's brand names stay as typed.
 */
export function productName(description: string): string {
  const name = description.trim().split(/\s*(?:[,;:(]|\s[-–—]\s|\$)\s*|\s+(?:at a|at an|at the|for|with|to)\s+/i)[0]?.trim() ?? '';
  return name.length < 3 ? description.trim() : name;
}

/** The partner a buyer mentioned, as the rep would say it to the buyer: "your husband". */
function partnerOf(decider: string | undefined): string | undefined {
  if (decider === 'the wife') return 'your wife';
  if (decider === 'the husband') return 'your husband';
  if (decider === 'their partner') return 'your partner';
  return undefined;
}

/** What a line can be filled with beyond the profile: what the rep said in this conversation. */
export type LineFacts = Pick<Facts, 'amount' | 'competitor' | 'decider' | 'name'>;

/**
 * Puts what the coach knows into a line: the rep's product and industry from the profile, and
 * from the conversation the sum at stake ({amount}), the competitor ({competitor}, possessive
 * {competitor's}) and the buyer's partner ({partner}). Each conversation slot carries the words
 * to use when the rep has not said it (`{amount|the difference}`), so a line reads either way and
 * no bracket ever reaches the rep.
 */
export function fill(text: string, p: RepProfile, facts?: LineFacts): string {
  const product = p.product?.trim();
  const competitor = facts?.competitor;
  const values: Record<string, string | undefined> = {
    product: product ? productName(product) : 'your product',
    industry: p.industry?.trim() || 'your market',
    amount: facts?.amount,
    competitor,
    "competitor's": competitor ? `${competitor}${/s$/i.test(competitor) ? "'" : "'s"}` : undefined,
    partner: partnerOf(facts?.decider),
    name: facts?.name,
  };
  return text.replace(/(^|[.!?]\s+|"\s*)?\{(product|industry|amount|competitor's|competitor|partner|name)(?:\|([^}]*))?\}/g, (_m, start: string | undefined, key: string, otherwise: string | undefined, offset: number) => {
    const value = values[key] ?? otherwise ?? '';
    // An optional group that matches nothing is undefined in JavaScript, so the very start is told by the offset.
    return start !== undefined || offset === 0 ? `${start ?? ''}${value.charAt(0).toUpperCase()}${value.slice(1)}` : value;
  });
}

/** A bracketed placeholder a line could still hold (a knowledge-base edit, say): the sentence goes rather than the bracket reaching the rep. */
const PLACEHOLDER = /\[[a-z][a-z'’ -]{1,30}\]/i;

/** One or two sentences of a playbook passage, without a sentence that holds a placeholder. */
export function excerpt(passage: KnowledgePassage, max = 180): string {
  const text = passage.content.replace(/^[-*]\s+/gm, '').replace(/\s+/g, ' ').trim();
  const sentences = (text.match(/[^.!?]+[.!?]+/g) ?? [text]).map((s) => s.trim()).filter((s) => !PLACEHOLDER.test(s));
  let out = '';
  for (const s of sentences) {
    if (out && (out + s).length > max) break;
    out = out ? `${out} ${s}` : s;
    if (out.length > max) break;
  }
  return out.length > max + 60 ? `${out.slice(0, max).replace(/\s+\S*$/, '')}…` : out;
}

/** The rep's words turned to the coach's voice: "i/my/me" → "you/your". */
export function toSecondPerson(clause: string): string {
  return clause
    .replace(/\bam i\b/gi, 'are you')
    .replace(/\bi am\b/gi, 'you are')
    .replace(/\bwas i\b/gi, 'were you')
    .replace(/\bi was\b/gi, 'you were')
    .replace(/\bi'm\b|\bim\b/gi, "you're")
    .replace(/\bi've\b|\bive\b/gi, "you've")
    .replace(/\bi\b/gi, 'you')
    .replace(/\bmy\b/gi, 'your')
    .replace(/\bme\b/gi, 'you')
    .replace(/\bmine\b/gi, 'yours');
}

const BUYER = /\b(?:they|he|she|ppl|people|customers?|prospects?|buyers?|clients?|owners?|couples?|sellers?|homeowners?|the (?:cfo|wife|husband|mom|owner|super|it guy|office manager|dr|doctor)|(?:these|those|the|my|our) [a-z]+s)\b/i;

/**
 * The clause of the rep's message that carries the most of their situation: the buyer's doing,
 * a number, a name. Questions to the coach are answered, not repeated back.
 */
export function keyClause(message: string): string | undefined {
  const echoable = (parts: string[]) =>
    parts
      .map((c) => c.trim().replace(/^(?:(?:and|but|so|ok|okay|well|honestly|basically|yeah|yep|nah|nope|ugh|lol|hmm|btw)[,\s]+)+/i, '').replace(/[.!?]+$/, ''))
      // Questions and requests to the coach ("give me one thing for tomorrow") are answered, not
      // echoed; nor is a lead-in ("if you were gonna ask").
      .filter((c) => c.split(/\s+/).length >= 4 && c.split(/\s+/).length <= 24 && !isDirectQuestion(c) && !/^(?:(?:can|could|would) (?:you|u) |pls |please |just )?(?:give|tell|show|write|send|help) me\b|\bback to it\b|\b(?:word for word|exact words|keep it|(?:\d+|one|two|three) (?:sentences?|lines?|words)|is that a thing|wait (?:i|you) said)\b|^(?:if|in case) (?:you|u) (?:were )?(?:gonna|going to|want to|wanna) (?:ask|know)/i.test(c));
  const sentences = message.split(/(?<=[.!?])\s+|\n+|;\s*|,\s*(?:but|and then|then|so)\s+|\s+but\s+/i);
  // A long run-on sentence, as reps type on a phone, is read in its comma-separated parts too:
  // its details ("owner Luis, his cpa charges $300 a month") are what the coach should say back.
  const parts = (c: string) => c.split(/,\s+|\s+and\s+(?=(?:he|she|they|we|i|last|then)\b)/i);
  const long = echoable(sentences.flatMap((c) => (c.split(/\s+/).length > 24 ? parts(c) : [c])));
  // A sentence that cannot be said back whole ("word for word pls, she picked a $1,899 washer") gives its parts.
  const clauses = long.length > 0 ? long : echoable(sentences.flatMap(parts));
  const score = (c: string) => (BUYER.test(c) ? 1 : 0) + (/\d/.test(c) ? 2 : 0) + (/\s[A-Z][a-z]+/.test(c) ? 1 : 0);
  let best: string | undefined;
  for (const c of clauses) if (best === undefined || score(c) > score(best)) best = c;
  return best;
}

/**
 * Why the rep says the advice will not work, in their words: the clause of their pushback that
 * gives a reason ("these supers hate anything that sounds like sales"), not the pushback itself
 * ("that won't work", "something else?").
 */
export function pushbackReason(message: string): string | undefined {
  const bare = / (?:won t|will not|wont|doesn t|does not) work| not gonna work|(?:something|anything) (?:else|different)|what else|different (?:approach|angle|idea)| tried that| too (?:soft|pushy|salesy|long|slow|generic|cheesy) /;
  const clauses = message
    .split(/(?<=[.!?])\s+|\n+|;\s*|,\s*/)
    .map((c) => c.trim().replace(/^(?:(?:and|but|so|ok|okay|well|honestly|yeah|nah|nope|tbh|lol)[,\s]+)+/i, '').replace(/[.!?]+$/, ''))
    .filter((c) => c.split(/\s+/).length >= 4 && !bare.test(` ${normalize(c).trim()} `));
  const reason = clauses[0];
  return reason ? toSecondPerson(reason) : undefined;
}

/** "it's not X, it's Y": the rep corrects the coach; Y is what counts now. */
function correctionIn(message: string): { not: string; is: string } | undefined {
  const m = /\b(?:it'?s|its|that'?s|thats) not (?:really )?(?:that |the )?([^.,;!?]{2,80})[.,;!?]\s*(?:it'?s|its|it is|the (?:real )?(?:problem|issue) is)\s+([^.;!?]{2,80})/i.exec(message);
  return m?.[1] && m[2] ? { not: m[1].trim(), is: m[2].trim() } : undefined;
}

/**
 * The first line of a reply: what the coach heard, in the rep's and their buyer's words, so the
 * advice that follows is visibly about this situation.
 */
export function reflection(message: string, facts: Facts): string {
  const quote = facts.quotes.at(-1);
  const fresh = quote && message.includes(quote.slice(0, Math.min(20, quote.length)));
  if (fresh) return `"${quote}": that is the moment to work on.`;
  // The rep's own words are quoted exactly or not at all (issue #23): rewriting them into the
  // second person garbled them ("Got it: stop, how did you do.") and put words in their mouth.
  if (correctionIn(message)) return 'That changes the advice.';
  return '';
}

export interface CoachingParts {
  opening: string;
  technique: Technique;
  stage: Stage;
  topic: Topic;
  passage: KnowledgePassage | undefined;
  profile: RepProfile;
  closing: string;
  /** The next occasion the rep named, if any: the action is for it. */
  occasion?: string;
  /** What the rep said, for the line. */
  facts?: LineFacts;
}

/** A coaching reply: the technique, why, the line to say, one action, the playbook's own words. */
export function coachingText(p: CoachingParts): string {
  const t = p.technique;
  const lines = [
    p.opening,
    '',
    // Its own paragraph: Markdown joins lines a single newline separates, and the method ran into the why.
    `**${t.name}** · *Method: ${t.method}*`,
    '',
    fill(t.why, p.profile, p.facts),
    '',
    `**Try saying:** ${fill(t.example, p.profile, p.facts)}`,
    '',
    `**${p.occasion ? `For ${toSecondPerson(p.occasion)}` : 'On your next call'}:** ${fill(t.action, p.profile, p.facts)}`,
  ];
  // The section's own heading reads better in a citation than its whole heading path.
  if (p.passage) lines.push('', `> **From our playbook, "${p.passage.title.split(' › ').at(-1)}":** ${excerpt(p.passage)}`);
  lines.push('', p.closing);
  return lines.filter((l, i) => !(i === 0 && !l)).join('\n').trim();
}

export function diagnosisLine(stage: Stage, topic: Topic): string {
  const label = TOPIC_LABELS[topic].toLowerCase();
  const article = /^[aeiou]/.test(label) ? 'an' : 'a';
  return stage === 'general' ? `This is ${article} **${label}** problem.` : `This breaks down at **${STAGE_LABELS[stage].toLowerCase()}**: ${article} **${label}** problem.`;
}
