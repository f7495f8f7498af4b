import type { CallStage } from '#shared/coaching.js';
import { normalize, perText } from './text.js';

/**
 * Where in the call the rep's trouble sits, read from the moments their message names rather
 * than from the topic: a price objection at the showroom desk after the numbers is the close,
 * the same objection shouted through a half-open door is the opening. A rep tells a story in
 * call order ("test drove it, loved it, then at the desk she goes…"), so the trouble sits at the
 * last moment the message names. A message that names none says nothing about the moment: the
 * conversation's stage carries on (dialogue.ts).
 */
const MOMENTS: Array<[CallStage, RegExp]> = [
  // The opening: the first seconds, the approach, the rep's first line, reaching the person.
  [
    'intro',
    / (?:(?<=^ )the (?:opening|opener|intro|start|beginning)|(?:at|in|during) the (?:opening|intro)|first (?:few |ten |10 |five |5 |two |2 |thirty |30 |couple (?:of )?)?(?:sec|secs|seconds|minute|minutes|sentence|line|lines|words)|opener|opening line|open (?:better|the call|the door|with)|hang up|hangs up|hung up|at the door|door (?:shuts|closes|in my face)|knock (?:on|at)|knocking|walk up|walks up|walk past|walking past|keep walking|pushing carts|cold (?:call|calls|calling|called|email|emails|emailed|emailing)|walk (?:into|in to)|walk ins?|at the (?:very )?(?:start|beginning)|from the (?:start|beginning|get go)|first thing|i (?:just )?(?:say|said|go) (?:hi|hey|hello)|not interested|voicemail|gatekeeper|receptionist|when they (?:call|call in|ask to see|reach out|inquire|enquire)|(?:linkedin|cold) (?:msg|message|note|dm)|book (?:a|the) (?:meeting|appointment|showing)|(?:open|start|kick off|begin) (?:it|the (?:meeting|call|appointment|visit|demo|presentation)|my (?:meeting|call|appointment|visit|demo|pitch))|agenda) /,
  ],
  // The middle: finding out what they need, showing the product, and doubts about the product itself.
  [
    'middle',
    / (?:(?<=^ )the (?:middle|discovery|demo|presentation|pitch)|what (?:do|should) i ask|questions? (?:to|should i) ask|find out (?:what|how|if|whether)|figure out (?:who|what|if)|tire kickers?|discovery|demo|demos|presentation|walk (?:them|him|her) through|test (?:drive|drove|ride)|tasting|toured|site visit|inspection|(?:\d+|ten|fifteen|twenty|thirty) (?:min|mins|minutes) in|way later|halfway|half way|in the middle|(?:is|are) (?:fake|legit)|(?:is|are) (?:it|they|that|this) (?:real|safe|legit)|how do (?:we|they|i) know|what s the difference|compare (?:it|them|coverage)|comparing) /,
  ],
  // The close: the numbers on the table, the buyer won over and then stalling, the decision, the ask.
  [
    'close',
    / (?:(?<=^ )the (?:close|closing|end|ending)|(?:at|in|during) the close|think (?:about it|it over)|after (?:they|he|she) (?:sign|signs|signed)|(?:they|he|she) (?:sign|signs|signed) (?:on|the|it)|sleep on it|(?:talk (?:to|with|it over with)|ask|asking|check with) (?:my|her|his|their|the) (?:wife|husband|spouse|partner|family)|check (?:with|w)|run it by|shop around|(?:other|more|couple (?:more|of)|3|three) quotes|get back to (?:you|me)|call (?:you|me) back|let (?:you|me) know|not ready|wait (?:until|till)|after q[1-4]|next quarter|next month|sister|second opinion|look at (?:my|our|the) budget|(?:handles|decides|makes the decisions (?:on|about)|does) (?:all )?(?:my|the|our|her|his) (?:money|finances|finance)|do not buy (?:anything )?(?:at|on|today)|quoted (?:them |him |her )?(?:\$|\d)|after the (?:final |last |first |second )?(?:showing|demo|tour|test drive|tasting|presentation|pilot|trial|walkthrough)|if they like (?:me|it|us)|i (?:said|told (?:him|her|them)|gave|quoted|showed|mentioned|presented) (?:them |him |her )?(?:the )?(?:\$|price|pricing|number|quote|proposal|monthly)|pencil|at the desk|final (?:pricing|price|proposal|numbers)|go ahead|deposit|signing|sign (?:the |a )?(?:contract|paperwork|agreement|papers)|paperwork|discount|\d+ ?% off|leave without (?:buying|signing|booking|committing|a deal)|check (?:out )?(?:a )?(?:couple|few|other|more) (?:more |other )?(?:dealers|dealerships|places|options|companies|stores|quotes)|all in|sold on (?:it|us)|was nodding|(?:the one|who) (?:signs|decides|approves)|signs off|sign off|signer|economic buyer|budget (?:line|approval)|add a [^ ]+ line|deadline|(?:closes|expires|ends) (?:on )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d)|ask (?:him |her |them )?for (?:the |a )?(?:[a-z]+ ){0,3}(?:sale|order|business|deposit|signature|spot|placement|commitment)|move (?:the )?(?:other )?(?:[^ ]+ )?lines? over|radio silence|ghost|ghosted|went dark|at the (?:very )?end|(?:get|got|come|came|gets|comes) to the (?:[a-z]+ )?(?:price|pricing|numbers|cost|investment)|(?:they|she|he) (?:like|likes|liked|love|loves|loved) (?:it|us|the [a-z]+)|(?:is|was|were|are) all in|not (?:doing|buying|signing|deciding|committing to) (?:anything |it )?(?:tonight|today|now|right now|yet)|locked in(?:to)? (?:for |something|a )|(?:talk to|ask|check with) (?:my|the|our) (?:kids|son|daughter|children)|(?:wife|husband|spouse|partner|he|she) handles (?:this|that|these|it|all)|(?:never|won t|will not|wouldn t) pay|(?:pick|choose|go with|sign with) (?:me|us)|ringing (?:them |him |her |people |ppl |it )?up|at the register|at checkout|(?:ask|asking) (?:them |him |her )?to (?:put|sign|schedule|book|start|get) |on the schedule|tabled) /,
  ],
];

// Compiled once with the global flag matchAll needs: this runs on every chat message.
const GLOBAL_MOMENTS = MOMENTS.map(([stage, re]) => [stage, new RegExp(re.source, 'g')] as const);

/**
 * "these aren't cold calls", "there's no receptionist": a moment the rep says is not theirs is not
 * where they are. What the rep does not do is another matter: "I never ask for the business" is
 * their trouble at the close, so only a negated "is/are" or a "no" rules a moment out.
 */
const NEGATED = /(?:^| )(?:isn t|aren t|arent|isnt|wasn t|weren t|wasnt|werent|no|(?<!(?:do|does|did|am|i m|m) )not)(?: [a-z]+)? $/;

/**
 * The buyer's line a story ends on: the last one in quote marks, else the words after "then she
 * goes…", with where it starts and ends in the message.
 */
const QUOTED = /(?:^|[\s(:,.])['‘"“]((?:[^'’"”]|['’](?=[a-z]))+?)['’"”](?=[\s.,!?;:)]|$)/gi;
const REPORTED = /\b(?:she|he|they|the (?:husband|wife|customer|buyer|homeowner|owner|guy|lady|couple|dr|doctor)|homeowners?|customers?|buyers?)\s+(?:says|said|goes|go|went|tells me|told me)\s+(?:like\s+)?([^.!?\n]{6,160})/gi;
function lastBuyerLine(message: string): { start: number; end: number; text: string } | undefined {
  const found = [...message.matchAll(QUOTED)].at(-1) ?? [...message.matchAll(REPORTED)].at(-1);
  if (!found?.[1]) return undefined;
  const start = (found.index ?? 0) + found[0].indexOf(found[1]);
  return { start, end: start + found[1].length, text: found[1] };
}

/**
 * What the buyer had done before that line: seen, tried or talked through the product (the
 * middle's moments, and the ways a buyer engages with it on a floor, in a home or on a call).
 */
const ENGAGED = / (?:sat (?:on|in)|sits (?:on|in)|sitting (?:on|in)|lay on|laid on|tried (?:it|them|one) (?:on|out)|test (?:drove|drive|driven|rode|ride)|drove it|loved|liked|picked (?:out|the)|spent (?:like )?(?:an? |\d+ )|for (?:like |about )?(?:an? |\d+ )(?:min|mins|minutes|hour|hours)|inspection|inspected|estimate|measured|claim (?:was |got )?approved|approved for|pics|photos|showed (?:them|him|her|the)|walked (?:them|him|her) through|walk (?:them|him|her) through|demo|demos|tour|toured|tasting|presentation|walkthrough|health questions|good better best|went through|quoted|the number|the price|pricing|\$\d) /;
/**
 * A line in which the buyer puts off, hands off or turns down the decision: waiting, thinking,
 * asking someone else, going elsewhere or for less, refusing the terms. Said after the product
 * was seen, that is the close. A worry about the product itself ("my techs will think I'm spying")
 * is not: it belongs to the middle, where the product is weighed.
 */
const DECIDING = / (?:wait|waiting|think (?:about|it over|on it)|(?:let me|need to|have to|got to|gotta) think|sleep on|before (?:we|i) (?:spend|decide|sign|buy|commit|go ahead)|(?:look at|check) it (?:first|before)|look (?:it|them|things) over|go over it|review it|go home|going home|come back|get back|later|not today|not tonight|not now|not ready|next (?:week|month|year|time)|after the|ask (?:my|her|his|the)|talk to|check with|run it by|without (?:him|her|my|them)|my (?:wife|husband|partner|daughter|son|kids|brother|sister|mom|dad|boss)|brother in law|other (?:quote|quotes|place|places|guys|company|companies)|cheaper|less|lower|sale|deal|discount|do it for|pay (?:from|cash|for it)|afford|budget|money|price|too (?:much|expensive|high|long)|no way|can not do|can t do|will not|won t|not (?:buying|signing|doing|interested in)|measure|shop|look around|quotes?) /;
/** "during the demo they go…": a line the rep places inside the middle stays there. */
const DURING = / (?:during|while|halfway|half way|in the middle of|mid (?:demo|presentation|tour)) /;

/**
 * The moment of the call a message names: the last moment it names, in call order. A story that
 * ends on the buyer's line after they have seen or tried the product ("sat in it ten minutes,
 * then 'we'll wait for the sale'") ends at the close, where the buyer is asked to decide, when the
 * line puts off or turns down the decision and the rep does not place it during the middle.
 */
export const momentOf = perText(momentIn);

function momentIn(message: string): CallStage | undefined {
  const named = lastMomentIn(message);
  const line = lastBuyerLine(message);
  if (!line) return named;
  const before = normalize(message.slice(0, line.start));
  // "your quote is higher…": the line itself says the price was already given.
  const engaged = ENGAGED.test(before) || / your (?:quote|price|proposal|estimate|bid|number) /.test(normalize(line.text));
  if (!engaged || !DECIDING.test(normalize(line.text)) || DURING.test(before.split(' ').slice(-12).join(' ') + ' ')) return named;
  // A moment named after the buyer's line is where the story went on to.
  return lastMomentIn(message.slice(line.end)) ?? 'close';
}

function lastMomentIn(message: string): CallStage | undefined {
  const s = normalize(message);
  let last: { at: number; stage: CallStage } | undefined;
  for (const [stage, re] of GLOBAL_MOMENTS) {
    for (const m of s.matchAll(re)) {
      if (NEGATED.test(s.slice(Math.max(0, (m.index ?? 0) - 24), (m.index ?? 0) + 1))) continue;
      const at = (m.index ?? 0) + m[0].length;
      if (!last || at >= last.at) last = { at, stage };
    }
  }
  return last?.stage;
}
