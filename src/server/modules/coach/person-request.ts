/**
 * "Can I talk to a real person?" (issue #12): a fixed check in front of every engine. A model may
 * miss the request or answer it as if it were the person, and the rep must be able to rely on it,
 * so the wrapper answers it itself, opens the escalation and leaves the engine's dialogue where
 * it was.
 */
import type { Coaching } from '#shared/coaching.js';
import type { CoachContext, CoachEngine, CoachReply, CoachStream, EngineState, HistoryMessage } from './engine.js';
import { DIFFERENT_PROBLEM, NEXT_STEP_OPTIONS } from './vocabulary.js';

export const PERSON_REQUEST_REASON = 'The rep asked to talk to a person.';

// ---------------------------------------------------------------------------------------------
// The check. The message is cut into clauses (at punctuation and at and/but/so/or), and a clause
// counts when the rep asks for a person in it: "can I talk to a real person", "is there a real
// person who…", "get me a human", "someone from your team", "escalate this". Words about a person
// the rep's buyers want ("my customers want to talk to a person") or a person at the buyer's
// company ("talk to someone in procurement") do not.

/** Words a clause may open with before the request itself ("honestly, can I just…"). */
const FILLER = String.raw`(?:(?:please|pls|plz|hey|hi|hello|ok|okay|honestly|actually|seriously|look|well|just|really|um|uh|yeah|yes|no|fine|sorry|coach|like|then|now)\s+)*`;
/** Softeners inside the request: "can I just", "I really need to". */
const ADVERB = String.raw`(?:(?:please|pls|just|really|actually|honestly|maybe|possibly|quickly|now|rather|kinda|kind\s+of|even|also)\s+)*`;
/** A first-person request that leads into a verb: "can I", "I'd like to", "is it possible to". */
const ASK_TO = String.raw`(?:(?:can|could|may|might|would|will)\s+(?:i|we)\s+${ADVERB}(?:be\s+able\s+to\s+)?|(?:i|we)\s+${ADVERB}(?:want|wanna|need|would\s+like|d\s+like|like|prefer|would\s+prefer|d\s+prefer|would\s+rather|d\s+rather|would\s+love|d\s+love|am\s+asking|m\s+asking|am\s+trying|m\s+trying|was\s+hoping|am\s+hoping|m\s+hoping)\s+${ADVERB}(?:to\s+)?${ADVERB}|(?:i|we)\s+(?:was|am|m)\s+wondering\s+if\s+(?:i|we)\s+(?:can|could|might)\s+${ADVERB}|(?:is\s+it\s+possible|would\s+it\s+be\s+possible|is\s+there\s+(?:a\s+)?(?:way|chance)|any\s+(?:way|chance))\s+(?:for\s+me\s+)?(?:to\s+|i\s+(?:can|could)\s+)?${ADVERB}|how\s+(?:do|can|could)\s+i\s+${ADVERB}|(?:please\s+)?let\s+me\s+|(?:can|could|would|will)\s+(?:you|u)\s+${ADVERB}(?:let\s+me\s+)?)?`;
/** The verbs of talking to someone, up to their "to"/"with". */
const TALK_TO = String.raw`(?:talk|speak|chat|get\s+in\s+touch|get\s+in\s+contact|be\s+in\s+touch|reach|contact|connect(?:\s+me)?|be\s+connected|get\s+connected|put\s+me\s+through|be\s+put\s+through|transfer\s+me|hand\s+(?:me|this|it)(?:\s+over)?|pass\s+(?:me|this|it)(?:\s+(?:on|over))?|switch\s+me|send\s+me|have\s+a\s+(?:word|call|chat))(?:\s+(?:to|with))?\s+`;
/** Requests that lead straight into the person: "is there", "get me", "I want". */
const ASK_FOR = String.raw`(?:is\s+there|are\s+there|do\s+you\s+(?:guys\s+)?have|have\s+you\s+got|you\s+got|(?:can|could|may)\s+(?:i|we)\s+${ADVERB}(?:get|have|ask\s+for|request)|(?:can|could|would|will)\s+(?:you|u)\s+${ADVERB}(?:get|find|give)\s+me|(?:please\s+)?(?:get|give|find)\s+me|(?:i|we)\s+${ADVERB}(?:want|wanna|need|would\s+like|d\s+like|prefer|would\s+prefer|d\s+prefer|d\s+rather\s+have|would\s+rather\s+have|d\s+love|would\s+love|am\s+asking\s+for|m\s+asking\s+for|request|am\s+requesting|m\s+requesting)|(?:i|we)\s+(?:want|need|would\s+like|d\s+like)\s+to\s+(?:see|have|get|ask\s+for)|asking\s+for|requesting)\s+`;

const ARTICLE = String.raw`(?:(?:a|an|some|any|one\s+of\s+your|another|your)\s+)?`;
/** Nouns that follow "human" in sales talk without meaning a person on our side. */
const NOT_A_PERSON = String.raw`(?!\s+(?:touch|resources?|element|side|nature|error|connection|face|voice|interest|brain|psychology|behaviou?r|centered|centred|approach|feel|tone|emotion|emotions)\b)`;
/** A person on our side, said so plainly: "a real person", "a human coach", "a live agent". */
const PLAIN_PERSON = String.raw`${ARTICLE}(?:(?:real|actual|live|human)\s+(?:live\s+|human\s+)?(?:person|persons|people|human|humans|human\s+being|being|coach|coaches|someone|somebody|agent|support|expert|trainer|sales\s+coach)|humans?(?:\s+(?:being|coach|coaches|expert|trainer|support|help))?${NOT_A_PERSON}|coach(?:es)?|flesh\s+and\s+blood\s+(?:person|human|coach))`;
/** A person, but the word alone could be anyone: counts only with a tail that makes it us. */
const SOME_PERSON = String.raw`${ARTICLE}(?:person|someone|somebody|anyone|anybody|people)`;
/** A person from our coaching team, named as such: "someone from your team", "one of your coaches". */
const TEAM_MEMBER = String.raw`(?:(?:someone|somebody|anyone|anybody|a\s+person|a\s+human|a\s+coach|one\s+of\s+you|people|a\s+member|members?)\s+(?:from|on|at|of|in)\s+(?:your|the\s+coaching|your\s+coaching|the\s+salescoach)\s+(?:team|staff|company|side)|one\s+of\s+your\s+(?:coaches|people|staff))`;
/** Our coaching team, named: the members above, or the team itself ("talk to your team"). */
const OUR_TEAM = String.raw`(?:${TEAM_MEMBER}|(?:your|the)\s+coaching\s+team|your\s+(?:team|staff|support\s+team))`;

/** What may follow a plainly named person: anything but a place at the buyer's ("a real person at the bank"). */
const PLAIN_TAIL = String.raw`(?:$|\s+(?!(?:at|in|inside|within|over\s+at)\s+(?!(?:your|this\s+app|the\s+app|here|salescoach)\b))(?!who\s+(?:decides|signs|makes|approves|owns|controls|has|holds|is\s+in\s+charge|runs|manages|can\s+(?:sign|approve|decide|buy)))(?!from\s+(?:the|their|his|her|that|a|an|my)\b))`;
/** What may follow "someone": only words that make it a person here, for the rep. */
const SOME_TAIL = String.raw`(?:\s+(?:please|pls|plz|now|asap|instead|here|today|right\s+now|real\s+quick|quickly|for\s+help|for\s+a\s+(?:minute|second|bit)|about\s+(?:this|it|that|my\s+\w+(?:\s+\w+)?)|on\s+your\s+(?:side|team|end)|from\s+your\s+(?:side|team|end|company)|who\s+(?:can|could|will|would)\s+(?:listen|help|look|review|check|coach|go\s+over|hear|read|watch|walk|give|answer|explain|tell)\b.*|not\s+(?:a\s+|an\s+|the\s+|this\s+)?(?:bot|ai|machine|robot|computer|chatbot|program|app)\b.*|(?:rather\s+than|instead\s+of)\s+(?:a\s+|an\s+|the\s+|this\s+|you\b)?.*))*$`;

const REQUESTS: RegExp[] = [
  // "can I talk to a real person", "I'd like to speak with a human coach who knows dental"
  new RegExp(String.raw`^${FILLER}${ASK_TO}${TALK_TO}(?:${PLAIN_PERSON}${PLAIN_TAIL}|${SOME_PERSON}${SOME_TAIL}|${OUR_TEAM})`),
  // "is there a real person who can listen to my call recordings", "get me a human"
  new RegExp(String.raw`^${FILLER}${ASK_FOR}(?:${PLAIN_PERSON}${PLAIN_TAIL}|${SOME_PERSON}${SOME_TAIL})`),
  // "human please", "real person", "a human coach?": the whole clause is the request
  new RegExp(String.raw`^${FILLER}(?:${ARTICLE}(?:(?:real|actual|live)\s+(?:person|human|coach)|humans?(?:\s+(?:being|coach))?)|${OUR_TEAM})(?:\s+(?:please|pls|plz|now|asap|instead))*$`),
  // "escalate", "please escalate this", "can you escalate me to a human"
  new RegExp(
    String.raw`^${FILLER}(?:(?:can|could|would|will)\s+(?:you|u)\s+${ADVERB}|(?:i|we)\s+${ADVERB}(?:want|need|would\s+like|d\s+like)\s+(?:you\s+)?to\s+${ADVERB}|let\s+s\s+|lets\s+)?escalate(?:\s+(?:this|it|me|that|my\s+(?:case|question|issue|chat|conversation|problem|request)))?(?:\s+(?:to|with)\s+(?:${PLAIN_PERSON}|${SOME_PERSON}|${OUR_TEAM}|(?:a\s+)?supervisor|support))?(?:\s+(?:please|pls|plz|now|asap))*$`,
  ),
];

/**
 * Anywhere in a clause: a member of our team ("could someone from your team look at this?"), unless
 * the team already answered ("someone from your team replied"), or being escalated to a person.
 */
const ANYWHERE: RegExp[] = [
  new RegExp(String.raw`(?:^|\s)${TEAM_MEMBER}(?!\s+(?:already|answered|replied|said|wrote|told|helped|called|emailed|got|responded|was|did|has|had)\b)(?:\s|$)`),
  new RegExp(String.raw`(?:^|\s)escalate\s+(?:this\s+|it\s+|me\s+)?to\s+(?:${PLAIN_PERSON}|${SOME_PERSON}|${OUR_TEAM})(?:\s|$)`),
];

/** Someone other than the rep, who would be the one asking: "my client wants someone from your team…". */
const THIRD_PARTY = /(?:^|\s)(?:customers?|clients?|buyers?|prospects?|leads?|callers?|homeowners?|owners?|boss(?:es)?|managers?|he|she|they|them|his|her|their|patients?|doctors?|dr|cfo|ceo|vp|gatekeepers?|husband|wife|spouse|partners?|everyone|everybody|nobody|guy|lady|folks|family|tenants?|users?|decision\s+makers?|people|consumers?|shoppers?|visitors?|parents?|students?)(?:\s|$)/;
/** Getting past the front desk is a sales problem: "a real person" there is the buyer. */
const GATEKEEPING = /\b(?:gatekeepers?|receptionists?|voicemails?|phone\s+tree|ivr|switchboard|front\s+desk|secretary|auto\s*attendant|answering\s+machine)\b/;
const OWN_TEAM = new RegExp(String.raw`(?:^|\s)${OUR_TEAM}(?:\s|$)`);

function clausesOf(message: string): string[] {
  return message
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    .split(/[.!?;:\n,()"“”]+|\s(?:and|but|so|or|because|cause|though|although|however|cuz)\s/)
    .map((clause) =>
      clause
        // "I'd", "I'm", "let's": the letters stay, the apostrophe goes ("i d", "i m", "let s").
        .replace(/'/g, ' ')
        .replace(/[^a-z0-9\s]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

/** True when the rep asks, in plain words, to talk to a person from the coaching team. */
export function asksForPerson(message: string): boolean {
  const clauses = clausesOf(message);
  const gatekeeping = GATEKEEPING.test(clauses.join(' '));
  return clauses.some((clause) => {
    // A request that opens the clause is the rep's own: only fillers may come before it.
    if (REQUESTS.some((re) => re.test(clause))) return !gatekeeping || OWN_TEAM.test(clause);
    // Elsewhere in the clause it is theirs unless someone else came first ("my client wants…").
    return ANYWHERE.some((re) => {
      const found = re.exec(clause);
      return found !== null && !THIRD_PARTY.test(clause.slice(0, found.index + 1));
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The reply.

const OPENING =
  "Of course. I'm an AI coach, so I've asked a person from our coaching team to read this conversation. Their reply will appear right here in this chat, marked **Coaching team**, usually within one business day.";
const OPENING_AGAIN =
  "I've told the coaching team again that you'd like a person. They'll read the whole conversation and answer right here, marked **Coaching team**, usually within one business day.";

/** The engine's state as it stored it last, handed back untouched so the engine resumes there. */
function lastEngineState(history: HistoryMessage[]): EngineState | undefined {
  return history.findLast((m) => m.role === 'assistant' && m.state)?.state ?? undefined;
}

/** The last diagnosis without its method: this reply coaches with none. */
function lastCoaching(history: HistoryMessage[]): Coaching {
  const coaching = history.findLast((m) => m.coaching)?.coaching;
  return coaching ? { stage: coaching.stage, topics: [...coaching.topics] } : { stage: 'general', topics: [] };
}

/**
 * The fixed answer to a request for a person. What it offers meanwhile depends on where the
 * conversation stands, so that what the rep taps next means something to the engine: after
 * coaching, the usual next steps; with a question of the coach's still open, its answers again;
 * otherwise, to go on in their own words. It asks no question itself, so asking twice never
 * repeats one.
 */
export function personReply(history: HistoryMessage[]): CoachReply {
  const isPersonReply = (m: HistoryMessage) => m.role === 'assistant' && (m.content.startsWith(OPENING) || m.content.startsWith(OPENING_AGAIN));
  const lastCoach = history.findLast((m) => m.role !== 'user');
  const askedBefore = lastCoach !== undefined && isPersonReply(lastCoach);
  // Where the engine's dialogue stands: its own last message, unless the team has answered since.
  const teamAt = history.findLastIndex((m) => m.role === 'team');
  const previousAt = history.findLastIndex((m) => m.role === 'assistant' && !isPersonReply(m));
  const previous = previousAt > teamAt ? history[previousAt] : undefined;
  const coached = Boolean(previous?.coaching?.method);
  // After "I can't advise on that" (notCoaching) there is no question of the coach's open, and an
  // option that asks for the team is what the rep just tapped: neither is offered back.
  const pendingOptions = coached || previous?.coaching?.notCoaching ? [] : (previous?.options ?? []).filter((o) => !asksForPerson(o));

  let meanwhile: string;
  let options: string[];
  if (coached) {
    meanwhile = 'In the meantime, we can keep working on it together: I can give you another tip, or we can role-play it so you are ready for the next call.';
    options = [...NEXT_STEP_OPTIONS];
  } else if (pendingOptions.length > 0) {
    meanwhile = 'In the meantime, we can keep going where we left off: pick the answer to my last question below, or tell me about a different problem.';
    options = [...new Set([...pendingOptions.slice(0, 3), DIFFERENT_PROBLEM])];
  } else {
    meanwhile = "In the meantime, I'm happy to keep working on this with you: tell me what happens on the call, in your own words.";
    options = ['Keep working on this with me', DIFFERENT_PROBLEM];
  }

  const state = lastEngineState(history);
  return {
    content: `${askedBefore ? OPENING_AGAIN : OPENING}\n\n${meanwhile}`,
    options,
    coaching: lastCoaching(history),
    ...(state ? { state } : {}),
    confidence: 1,
    escalation: { reason: PERSON_REQUEST_REASON, priority: 'high' },
  };
}

function streamOf(reply: CoachReply): CoachStream {
  async function* textStream() {
    yield reply.content;
  }
  return { textStream: textStream(), reply: Promise.resolve(reply) };
}

/**
 * `engine`, with requests for a person answered before it is asked: the engine is not called for
 * them at all, and its dialogue state goes through unchanged, so its next turn resumes there.
 */
export function withPersonRequests(engine: CoachEngine): CoachEngine {
  return {
    name: engine.name,
    ...(engine.describe ? { describe: engine.describe.bind(engine) } : {}),
    ...(engine.checkReachable ? { checkReachable: engine.checkReachable.bind(engine) } : {}),
    ...(engine.searchHints ? { searchHints: engine.searchHints.bind(engine) } : {}),
    reply: (ctx: CoachContext, signal?: AbortSignal) => (asksForPerson(ctx.message) ? Promise.resolve(personReply(ctx.history)) : engine.reply(ctx, signal)),
    stream: (ctx: CoachContext, signal?: AbortSignal) => (asksForPerson(ctx.message) ? streamOf(personReply(ctx.history)) : engine.stream(ctx, signal)),
  };
}
