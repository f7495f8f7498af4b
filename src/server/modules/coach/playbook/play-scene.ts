import type { Cell } from './plays/schema.js';
import { assess, asSentence, type Assessment } from './role-play.js';
import { normalize } from './text.js';

/**
 * Role-play from a written way of selling (issue #23): the coach plays the buyer the rep asked for,
 * in that way's voice, reacting to what the rep just said (an acknowledgement or a real question
 * softens them, pressure hardens them, a fair next step moves them), and stays in character until
 * "stop" or the scene's end. Then feedback that is true of the rep's lines.
 */

/** The people reps ask the coach to play, as they name them. */
const ROLES =
  /\b(?:be|play|playing|pretend (?:to be|you re)|you re|you are|act as|as)\s+(?:the|my|his|her|their|a|an)?\s*((?:wife|husband|spouse|partner|mom|mother|dad|father|son|daughter|widow|widower|homeowner|home owner|seller|sellers|couple|customer|client|buyer|prospect|lead|member|owner|business owner|boss|gatekeeper|receptionist|office manager|scheduler|assistant|surgeon|doctor|physician|nurse|cfo|ceo|cto|cio|ciso|coo|vp(?: of [a-z]+)?|director(?: of [a-z]+)?|head of [a-z]+|procurement(?: manager| guy| lady| person| lead)?|purchasing(?: manager)?|champion|economic buyer|committee|hr(?: director| manager)?|hiring manager|recruiter|manager|it manager|operations manager|value analysis(?: chair| committee)?|supply chain|controller|super|superintendent|plant manager|general manager|gm|principal|agent|dealer|shopper|guest|tenant|landlord|parent|brother in law|sister|brother))\b/i;

/** "name's linda", "her name is Sharon": the buyer's own name, as reps type it. */
const GIVEN_NAME = /\b(?:name s|names|name is|named|called)\s+([a-z]{3,})\b/i;

/** A person the rep names to be played: "be Sharon", "play Dr. Patel". */
const NAMED = /\b(?:be|play|you re|you are|as)\s+((?:Dr\.? |Mr\.? |Mrs\.? |Ms\.? )?[A-Z][a-z]{2,})\b/;

/** "ok be brent", "play linda": reps type names in lower case. */
const LOWER_NAMED = /\b(?:be|play)\s+([a-z]{3,12})\b(?!\s+(?:the|a|an|my|your|his|her)\b)/;
/** Words that follow "be" or "play" and are not a name. */
const COMMON = new Set(['honest', 'real', 'straight', 'blunt', 'brutal', 'nice', 'quick', 'short', 'clear', 'specific', 'serious', 'careful', 'patient', 'direct', 'more', 'less', 'very', 'this', 'that', 'with', 'along', 'hard', 'tough', 'mean', 'ready', 'better', 'there', 'here', 'back', 'done', 'fine', 'okay', 'sure', 'around', 'again', 'them', 'him', 'her', 'out', 'it', 'scene', 'role', 'buyer', 'customer', 'prospect', 'someone', 'somebody', 'mad', 'rude', 'nicer', 'cold', 'warm']);

const NOT_NAMES = new Set(['The', 'My', 'Him', 'Her', 'Them', 'That', 'This', 'It', 'Me', 'Honest', 'Real', 'Tough', 'Mean', 'Nice', 'Hard', 'Ready']);

/** Who the rep asks the coach to play, with its article ("the wife", "Sharon"), if they say. */
export function namedBuyer(message: string): string | undefined {
  const given = GIVEN_NAME.exec(message.replace(/['’]/g, ' '))?.[1];
  if (given && !NOT_NAMES.has(given.charAt(0).toUpperCase() + given.slice(1).toLowerCase())) return given.charAt(0).toUpperCase() + given.slice(1).toLowerCase();
  const role = ROLES.exec(message)?.[1];
  if (role) {
    const r = role.toLowerCase().replace(/^home owner$/, 'homeowner');
    return /^(?:cfo|ceo|cto|cio|ciso|coo|vp|hr)\b/.test(r) ? `the ${r.replace(/^(cfo|ceo|cto|cio|ciso|coo|vp|hr)\b/, (x) => x.toUpperCase())}` : `the ${r}`;
  }
  const name = NAMED.exec(message)?.[1] ?? LOWER_NAMED.exec(message)?.[1];
  const cased = name && name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
  return cased && !NOT_NAMES.has(cased) && !COMMON.has(cased.toLowerCase()) ? cased : undefined;
}

/** How the buyer's name reads at the start of their line: "The wife", "Sharon". */
export const speaker = (who: string) => who.charAt(0).toUpperCase() + who.slice(1);

type Buyer = Cell['buyer'];

/**
 * The one who was not there (the son, the husband, the owner), when the rep asks the coach to play
 * them: a written moment's buyer lines are the voice of the one who defers to them.
 */
export const DECIDER: Record<'consumer' | 'business', Omit<Buyer, 'who'>> = {
  consumer: {
    opens: ["Before anyone agrees to anything, what exactly is this and what does it cost?", "I look after the money here, so walk me through it. What's the catch?"],
    softer: ["Okay, that's fair. What happens if we want to stop later?", "That's more straightforward than I expected. Does the price ever go up?"],
    harder: ["This sounds like a sales pitch. We'll figure it out ourselves.", "I don't like being pushed. If it's good today, it'll be good next week."],
    moving: ["Alright. Go over it with both of us on the line and I'll listen.", "Send me the details in writing and we'll look at it together this week."],
  },
  business: {
    opens: ["I've got five minutes. Why should this jump ahead of everything else on my list?", "My people say they like it. What's it going to cost me, all in?"],
    softer: ["Okay. If it does what you say, how fast would we see it?", "Fair question. The real issue is whether my team will actually use it."],
    harder: ["Don't sell me. Send me numbers or we're done here.", "If you need an answer today, the answer is no."],
    moving: ["Show me that on our own numbers and I'll give you thirty minutes next week.", "Put one page together and I'll go through it with my team."],
  },
};

/** Lines the buyer has said in this conversation, so they never say one twice. */
const unsaid = (lines: readonly string[], said: string) => lines.filter((l) => !said.includes(l));

/**
 * The buyer's next line: it follows from what the rep just did. Pressure or arguing hardens them;
 * a fair next step moves them; an acknowledgement or a real question softens them.
 */
export function buyerReply(b: Omit<Buyer, 'who'>, a: Assessment, said: string): string {
  const pressured = a.faults.some((f) => f.id === 'pressure' || f.id === 'trust-me' || f.id === 'argued');
  const moved = a.good.some((g) => g.id === 'next-step');
  const opened = a.good.some((g) => g.id === 'asked' || g.id === 'acknowledged');
  const order = pressured ? [b.harder, b.opens] : moved ? [b.moving, b.softer] : opened ? [b.softer, b.moving] : [b.opens, b.harder];
  for (const group of order) {
    const fresh = unsaid(group, said);
    if (fresh[0]) return fresh[0];
  }
  return (order[0] ?? b.opens)[0] ?? b.opens[0] ?? '';
}

/** The sentences of a line, kept as the rep wrote them. */
const sentencesOf = (line: string) => (line.match(/[^.!?]+[.!?]*/g) ?? [line]).map((s) => s.trim()).filter(Boolean);

const ACKS = ['I hear you.', 'Makes sense.', 'Fair question.'];

/**
 * A stronger version of the rep's line that keeps everything good in it: their sentences (and every
 * term of a concession) stay; a sentence that pressures or argues goes or loses its "but"; what it
 * lacks is added once: an acknowledgement, a question taken from the approach's own lines.
 */
export function strongerVersion(line: string, a: Assessment, cell: Cell, usedAcks: number): string {
  const kept = sentencesOf(line)
    .map((s) => s.replace(/,?\s*\btrust me\b,?/gi, '').replace(/^but\s+/i, '').replace(/\s+but\s+/i, ' and ').trim())
    .filter((s) => {
      const x = assess(s);
      return s && !x.faults.some((f) => f.id === 'pressure' || f.id === 'argued');
    });
  // Only a sentence that pressures or argues goes, so every term of a concession in the others stays.
  const body = kept;
  const hasAsk = body.some((s) => s.endsWith('?'));
  const hasAck = a.good.some((g) => g.id === 'acknowledged');
  const question = cell.approaches.flatMap((x) => x.lines).find((l) => l.trim().endsWith('?') && l.split(/\s+/).length <= 18);
  // A missing next step is named in the feedback, not invented here: only the rep knows what they can offer.
  const out = [...(hasAck ? [] : [ACKS[usedAcks % ACKS.length] ?? 'I hear you.']), ...body, ...(hasAsk || !question ? [] : [question])];
  return `"${out.map(asSentence).join(' ')}"`;
}

/** A line short enough to quote whole is quoted whole, so the rep sees exactly what they said. */
const quoted = (line: string) => {
  const w = line.trim().split(/\s+/);
  return w.length <= 22 ? line.trim() : `${w.slice(0, 22).join(' ')}…`;
};

/**
 * The feedback at the end of a scene, from every line the rep said in it: what worked (quoting the
 * line that did it), one change (a fault, quoted, or the move none of their lines made), and a
 * stronger version of the line that needs it most, keeping what was good in it.
 */
export function feedbackOn(lines: readonly string[], cell: Cell): string {
  if (lines.length === 0) {
    return `**That ends the scene** before your first line, so there is nothing of yours to judge yet. When you run it again, open with one of these: "${cell.approaches[0]?.lines[0] ?? ''}"`;
  }
  const assessed = lines.map((line) => ({ line, a: assess(line) }));
  const out = [`**How you did, over your ${lines.length === 1 ? 'line' : `${lines.length} lines`}:**`];
  const good = assessed.filter((x) => x.a.good.length > 0).sort((x, y) => y.a.good.length - x.a.good.length)[0];
  if (good) out.push(`- **What worked:** "${quoted(good.line)}": ${good.a.good.map((g) => g.said.replace(/^You /, 'you ')).slice(0, 2).join(' And ').replace(/^./, (c) => c.toUpperCase())}`);
  else out.push('- **What worked:** you stayed in the conversation and kept it calm; none of your lines yet acknowledged them, asked, or proposed a next step.');
  const faulty = assessed.find((x) => x.a.faults.length > 0);
  const missing = (['acknowledged', 'asked', 'next-step'] as const).find((id) => !assessed.some((x) => x.a.good.some((g) => g.id === id)));
  const MISSING: Record<'acknowledged' | 'asked' | 'next-step', string> = {
    acknowledged: 'none of your lines acknowledged what they said before you answered',
    asked: 'you never asked them a question, so you never found out what is really behind it',
    'next-step': 'none of your lines proposed a concrete next step, so the scene ended with nothing agreed',
  };
  if (faulty) out.push(`- **One change:** "${quoted(faulty.line)}": ${faulty.a.faults[0]?.said ?? ''}`);
  else if (missing) out.push(`- **One change:** ${MISSING[missing]}.`);
  else out.push('- **One change:** nothing big: keep the lines this short on the real call.');
  const target = faulty ?? [...assessed].sort((x, y) => x.a.good.length - y.a.good.length)[0];
  const complete = target && target.a.faults.length === 0 && target.a.good.length >= 3;
  const stronger = target && !complete ? strongerVersion(target.line, target.a, cell, 0) : undefined;
  // A "stronger" version that only capitalises the rep's line adds nothing.
  const same = (x: string) => x.toLowerCase().replace(/[^a-z0-9]+/g, '');
  if (target && stronger && same(stronger) !== same(target.line)) out.push(`- **Stronger version of "${quoted(target.line)}":** ${stronger}`);
  return out.join('\n');
}

/** "stop", "how did i do", "end the role play": the rep ends the scene. */
export const endsScene = (message: string) => / (?:stop|end (?:the )?(?:role ?play|scene)|how did i do|how d i do|feedback|break character|out of character|i m done|im done) /.test(normalize(message));
