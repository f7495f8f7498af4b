import { TOPIC_STAGE, type CallStage, type Stage, type Topic } from '#shared/coaching.js';
import type { CoachContext } from '../../engine.js';
import { CONFIDENT_SCORE, diagnose, type Diagnosis } from '../diagnose.js';
import type { DialogueState } from '../dialogue-state.js';
import { isDirectQuestion, normalize } from '../text.js';

/**
 * The message read against the conversation: what it is about once the rep's question, a buyer
 * they quote and what they rule out are taken in, and whether it goes on about the same call.
 * Only the rules from the answer to the coach's question on need it (turn-input.ts reads it then).
 */
export interface Reading {
  /** The diagnosis, with the topic the rep asks about first and the topics they rule out left out. */
  d: Diagnosis;
  /** The rep quoted a new line from their buyer. */
  quotedBuyer: boolean;
  /** The conversation's topic, unless the rep has just ruled it out. */
  carried: Topic | undefined;
  /** The rep has just ruled out the conversation's topic. */
  ruledOut: boolean;
  /** The moment the conversation was at, when the message goes on about the same call. */
  carriedStage: Stage | undefined;
  /** The topic the message is about, if any. */
  found: Topic | undefined;
  /** Whether `found` is sure enough to coach on. */
  understood: boolean;
  /** The other topics this message touches, reported beside `main`, the one coached. */
  also(main: Topic): Topic[];
  /** The moment to coach `topic` at: the one the message names, else the one it goes on at, else the diagnosis's. */
  stageFor(topic: Topic): Stage;
}

export function readMessage(ctx: CoachContext, previous: DialogueState, state: DialogueState, stage: Stage, moment: CallStage | undefined): Reading {
  const topic = state.topic;
  // "the sister one": the rep picks one of the problems they listed earlier; that one is the message.
  const picking = pickedFromList(ctx.message, previous.seen.clauses);
  const story = diagnose(picking ? `${picking} ${ctx.message}` : ctx.message);
  const asked = askedTopic(ctx.message, topic !== undefined);
  const diagnosed = asked && asked !== story.topics[0]
    ? { ...story, topics: [asked, ...story.topics.filter((x) => x !== asked)], topicScores: { ...story.topicScores, [asked]: Math.max(3, story.topicScores[asked]) }, confidence: Math.max(story.confidence, 0.45), stage: TOPIC_STAGE[asked] }
    : story;
  // A line the rep quotes from their buyer is the buyer answering them: how to handle what a
  // buyer says is objection handling, first when nothing else places the message, else beside it.
  const quotedBuyer = state.facts.quotes.length > previous.facts.quotes.length;
  const placed = quotedBuyer && diagnosed.confidence < 0.45 ? { ...diagnosed, topics: ['objection_handling' as const, ...diagnosed.topics.filter((x) => x !== 'objection_handling')], confidence: 0.45 } : diagnosed;
  // What the rep rules out ("I don't do any follow-up") is not their problem, however the words score.
  const denied = deniedTopics(ctx.message);
  const d = { ...placed, topics: placed.topics.filter((x) => !denied.includes(x)) };
  // A carried topic the rep has just ruled out gives way to what the message does name, else to
  // the usual topic of the moment it names ("the hang-up is 15 minutes in": the middle).
  const carried = topic && denied.includes(topic) ? undefined : topic;
  const ruledOut = topic !== undefined && carried === undefined;
  // Where the conversation already is carries to a message that names no moment, when the rep
  // goes on about the same call: a statement, or a question about answering what was described
  // ("what do i say back when she says that"). A question about a new move ("do i call him or
  // wait?", "how do i ask for a shot?") is read on its own, like its topic.
  const goesOn = !NEW_SUBJECT.test(normalize(ctx.message)) && (!(isDirectQuestion(ctx.message) || ASKING.test(ctx.message)) || RESPONDING.test(normalize(ctx.message)));
  const carriedStage = goesOn && previous.stage && previous.stage !== 'general' ? previous.stage : undefined;
  const fallback = ruledOut ? (d.topics[0] ?? MOMENT_TOPIC[moment ?? stageOrMiddle(stage)]) : undefined;
  const found = fallback ?? d.topics[0];
  const understood = found !== undefined && (d.confidence >= 0.45 || fallback !== undefined);
  const also = (main: Topic): Topic[] => {
    const near = d.topics.filter((x) => x !== main && d.topicScores[x] > 0 && d.topicScores[x] >= d.topicScores[main] / 2);
    return [...new Set([...(quotedBuyer && main !== 'objection_handling' ? ['objection_handling' as const] : []), ...near])].slice(0, 2);
  };
  // The moment the message names; else where the conversation already is: a rep who goes on
  // about the same call without naming a moment is still at the moment they were at, whatever
  // the topic ("the husband says no and the wife wants it" after a story that ended at the close).
  const stageFor = (x: Topic): Stage => moment ?? carriedStage ?? (d.stage === 'general' ? TOPIC_STAGE[x] : d.stage);
  return { d, quotedBuyer, carried, ruledOut, carriedStage, found, understood, also, stageFor };
}

/**
 * What the rep explicitly asks for help with outranks the story around it: in "...homeowners roll
 * their eyes. how do i close without that", the question is about closing. Only the asking clause
 * is read ("how do i…", "what do i say…", "write me…", "do i call…").
 */
const ASKS: Array<[Topic, RegExp]> = [
  ['follow_up', / (?:(?:write|draft|send)(?: me)? (?:the |a |an )?(?:actual )?(?:note|email|text|message|follow ?up)|do i (?:call|text|email|follow up|wait|chase)|follow up|chase|check in|call (?:him|her|them) back|what do i send) /],
  ['closing', / (?:close|closing|commit|ask for (?:the )?(?:sale|order|business|deposit)|get (?:[a-z]+ ){1,2}to (?:sign|buy|say yes|put down)|sign today|lock (?:it|them) in) /],
  ['prospecting', / (?:get (?:past|through) the first|first (?:\d+|ten|few|five) (?:sec|seconds|minutes)|first (?:two|2|couple) lines|open(?:er|ing)? (?:the|my|a) (?:call|door|conversation)|get (?:a|the) meeting|book (?:more )?(?:appointments|meetings)) /],
  ['presentation', / (?:demo|present(?:ation)?|walk (?:them|him|her) through) /],
];
// Anywhere in the message, after a word boundary: "ok meanwhile what do i text luis" asks too.
const ASKING = /\b((?:how (?:do|can|should) i|what (?:do|should|can) i|can you|help me|give me|write me|draft|do i)\b[^.!?]*)/i;

function askedTopic(message: string, midConversation: boolean): Topic | undefined {
  const clause = ASKING.exec(message)?.[1];
  if (!clause) return undefined;
  const s = ` ${normalize(clause).trim()} `;
  const named = ASKS.find(([, re]) => re.test(s))?.[0];
  if (named || !midConversation) return named;
  // Mid-conversation the story is already known, so a new question is read on its own: it is
  // what the rep wants now. (A first message is read whole; its question is part of the story.)
  const d = diagnose(clause);
  const top = d.topics[0];
  return top && d.topicScores[top] >= CONFIDENT_SCORE ? top : undefined;
}

/**
 * Topics the rep rules out: "I don't do any follow-up, the office handles that", "these aren't
 * cold calls". A topic ruled out is never the one the coach carries on with.
 */
const DENIALS: Array<[Topic, RegExp]> = [
  ['follow_up', / (?:do not|don t|never|can not|no) (?:do |get to |make )?(?:any )?follow ?ups?(?! is)| not (?:about )?(?:the )?follow ?up /],
  ['prospecting', / (?:not|never) (?:cold calls?|cold calling|prospecting|the opener|the opening|at the start)| not (?:calls|cold) | (?:they|leads|customers|people|ppl) (?:call|come|walk) in /],
  ['closing', / not (?:at )?(?:the )?(?:close|closing) /],
  ['presentation', / not (?:the |my )?(?:demo|presentation|pitch) /],
];
const deniedTopics = (message: string): Topic[] => {
  const s = normalize(message);
  return DENIALS.filter(([, re]) => re.test(s)).map(([t]) => t);
};

/**
 * When the rep answers "the finance one" or "the sister thing", the clause of their earlier
 * message that names it: the problem they chose.
 */
function pickedFromList(message: string, clauses: readonly string[]): string | undefined {
  const m = / the ([a-z]+(?: [a-z]+)?) (?:one|thing|part|issue|problem) /.exec(normalize(message));
  const key = m?.[1];
  if (!key || ['first', 'second', 'third', 'last', 'other', 'same'].includes(key)) return undefined;
  // The rep's earlier clauses, newest message first (memory.ts).
  return clauses.find((c) => normalize(c).includes(` ${key} `));
}

/** The rep says they are moving to something else: the moment they were at does not carry. */
const NEW_SUBJECT = /^ (?:(?:ok|okay|so|also|and) )?(?:diff|different|another|new|other|separate|unrelated) (?:question|q|thing|problem|issue|topic|one) /;

/** A question about how to answer what the buyer said, as opposed to a question about a new move. */
const RESPONDING = / (?:what (?:do|should|can|would) i (?:say|tell|answer|reply|respond)|how (?:do|should|can|would) i (?:respond|answer|reply|handle|deal with|come back)|what s (?:a )?(?:good |the )?(?:answer|response|comeback)|what do i say back) /;

/** The topic most often at each moment, for when the rep rules out the one under discussion and names no other. */
export const MOMENT_TOPIC: Record<CallStage, Topic> = { intro: 'prospecting', middle: 'discovery', close: 'closing' };
const stageOrMiddle = (stage: Stage): CallStage => (stage === 'general' ? 'middle' : stage);
