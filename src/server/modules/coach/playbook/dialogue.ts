import { STAGE_LABELS, TOPIC_LABELS, TOPIC_STAGE, type CallStage, type Coaching, type Stage, type Topic } from '../../../../shared/coaching.js';
import type { CoachContext, CoachReply, HistoryMessage } from '../engine.js';
import { classify } from './classifier.js';
import { CONFIDENT_SCORE, diagnose } from './diagnose.js';
import { NO_FACTS, readFacts, withMessage, type Facts } from './facts.js';
import { momentOf } from './moment.js';
import { motionsIn, type Motion } from './motion.js';
import { assess, quoteOf, sceneFeedback, strongerLine } from './role-play.js';
import { coachingText, diagnosisLine, fill, keyClause, pushbackReason, reflection, toSecondPerson } from './replies.js';
import { FOLLOW_UP_QUESTIONS, TECHNIQUES, techniquesFor, type Technique } from './techniques.js';
import { isDirectQuestion, normalize } from './text.js';

/**
 * The built-in coach's dialogue: the state it keeps between turns and how each rep message moves
 * it. The state travels in each assistant message (`state`), so a conversation resumes from its
 * history alone. Pure and deterministic: the same context gives the same turn.
 */
type Phase = 'start' | 'asked' | 'coached' | 'roleplay';

// A type alias, not an interface, so it fits the engine interface's open state record.
export type DialogueState = {
  phase: Phase;
  topic?: Topic;
  stage?: Stage;
  techniqueId?: string;
  /** Techniques given so far, oldest first. */
  used: string[];
  /** The rep's words describing the problem, for picking the technique that fits. */
  problem?: string;
  /** Consecutive turns the coach could not place (DECISIONS §6: twice → a person takes over). */
  lowStreak: number;
  /** What the rep has told the coach (facts.ts). */
  facts: Facts;
  /** Every question the coach has asked, normalised: it never asks one twice. */
  asked: string[];
  /** The role-play in progress: the buyer's last line and how many exchanges so far. */
  scene?: { buyer: string; who: string; exchanges: number; lines?: string[] };
};

export const NEXT_OPTIONS = ['Give me another tip', 'Role-play this with me', 'I have a different problem'] as const;
const SCENE_OPTIONS = ['Give me a hint', 'Stop the role-play'];
const AFTER_SCENE = ['Try the scene again', 'Give me another tip', 'I have a different problem'];
const MAX_EXCHANGES = 4;

/** The part-of-the-call picker offered when the coach needs the rep to point; each choice is a topic. */
const PICKER: Array<[string, Topic]> = [
  ['Getting prospects to talk to me', 'prospecting'],
  ['Finding out what they need', 'discovery'],
  ['Presenting and demos', 'presentation'],
  ['Handling objections', 'objection_handling'],
  ['Closing the deal', 'closing'],
  ['Following up', 'follow_up'],
];
export const TOPIC_PICKER = PICKER.map(([label]) => label);
const pickedTopic = (message: string): Topic | undefined => PICKER.find(([label]) => label.toLowerCase() === message.trim().toLowerCase())?.[1];

// A request for a person never reaches the engine: coach/person-request.ts answers it for every engine.
type Intent = 'another_tip' | 'roleplay' | 'different_problem' | 'try_again' | 'hint' | 'stop' | 'thanks' | 'pushback' | 'off_topic';

const INTENTS: Array<[Intent, RegExp]> = [
  ['stop', /^ (?:ok |okay )?(?:stop|end|enough|stop the role ?play|end the role ?play|let s stop|lets stop|i m done|im done|done|how did i do)(?: |$)/],
  ['roleplay', / role ?play| practi[cs]e (?:it|this|that|the|with me)|can we practi[cs]e| (?:can|could) (?:you|u) (?:be|play) (?:the|him|her|my)| you be (?:the|him|her)| be the (?:prospect|buyer|customer|mom|wife|husband|cfo|owner)|try the scene again/],
  ['different_problem', / (?:different|another|new|other) (?:problem|issue|question|topic|challenge) /],
  ['try_again', /^ (?:try again|again|let me try again|one more time) $/],
  ['hint', / (?:give me a |a )?hint | help me answer /],
  [
    'pushback',
    / (?:won t|will not|wont|doesn t|does not|didn t|did not) work| not gonna work| tried that| tried (?:the|that|this|your) [a-z]+(?: [a-z]+)? (?:thing|one|line|approach|trick|idea|method|script)| think (?:it s|its|it is) a line| already (?:do|did|tried|doing)| i already | too (?:soft|pushy|salesy|long|slow|generic|cheesy)| hate (?:that|it|anything|when)| heard every| smell (?:a|it)| roll their eyes| (?:something|anything) (?:else|different)| different (?:approach|angle|idea)| what else (?:you got|do you have|can i do)?| nah | shorter| nobody reads| no one reads/,
  ],
  ['another_tip', / (?:another|one more|more|next) (?:tip|idea|technique|suggestion|approach)s? |^ (?:more|next) $/],
  ['off_topic', / (?:random|unrelated|off topic|side note|btw|by the way) .*(?:weather|recipe|cook|chili|super ?bowl|game|movie|song|team|restaurant|vacation|birthday|pizza|football|basketball|soccer)| (?:weather|recipe|super ?bowl|who (?:u|you) got winning) /],
  ['thanks', /^ (?:thanks|thank you|thx|cheers|great|awesome|perfect|got it|ok|okay|cool)(?: (?:so much|a lot|coach))? $/],
];

/** A rep flagging an aside: "lol random but…", "unrelated, …", "btw …". */
const ASIDE = / (?:random|unrelated|off topic|side note|btw|by the way|not sales related|personal q(?:uestion)?) /;

function intentOf(message: string): Intent | null {
  const s = normalize(message);
  // An aside is off-topic when what it asks is not about selling, as the classifier's sales-or-not
  // model reads it ("random q but how do i handle 'send me an email'" is still coaching).
  if (ASIDE.test(s) && (classify(message)?.sales ?? 1) < 0.5) return 'off_topic';
  for (const [intent, re] of INTENTS) if (re.test(s)) return intent;
  return null;
}

export function lastState(history: HistoryMessage[]): DialogueState {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (m?.role === 'assistant' && m.state && typeof m.state === 'object' && 'phase' in m.state) {
      const s = m.state as Partial<DialogueState>;
      return {
        phase: s.phase ?? 'start',
        topic: s.topic,
        stage: s.stage,
        techniqueId: s.techniqueId,
        used: s.used ?? [],
        problem: s.problem,
        lowStreak: s.lowStreak ?? 0,
        facts: readFacts(s.facts),
        asked: Array.isArray(s.asked) ? s.asked : [],
        scene: s.scene,
      };
    }
  }
  return resumedState(history);
}

/**
 * Where a conversation stands when no turn of it was this engine's: the LLM engine answered
 * until now and the built-in coach stands in for it (issue #22). It goes on from the model's last
 * diagnosis and what the rep has said, never re-asks the model's questions, and starts with no
 * unsure turns counted, so a provider outage does not start the conversation over or call in a
 * person.
 */
function resumedState(history: HistoryMessage[]): DialogueState {
  const fresh: DialogueState = { phase: 'start', used: [], lowStreak: 0, facts: { ...NO_FACTS }, asked: [] };
  const replies = history.filter((m) => m.role === 'assistant');
  if (replies.length === 0) return fresh;
  const said = history.filter((m) => m.role === 'user').map((m) => m.content);
  const last = replies.findLast((m) => m.coaching && m.coaching.topics.length > 0)?.coaching;
  const asked = replies.flatMap((m) => m.content.match(/[^.!?\n]*\?/g) ?? []).map(questionKey).filter(Boolean);
  return {
    ...fresh,
    phase: last ? 'coached' : 'start',
    topic: last?.topics[0],
    stage: last?.stage,
    problem: said.slice(-3).join(' '),
    facts: said.reduce(withMessage, { ...NO_FACTS }),
    asked,
  };
}

const questionKey = (q: string) => normalize(q).trim();

/** What one turn answers: the reply, and the technique whose playbook section it should cite. */
export interface Turn {
  reply: CoachReply;
  technique?: Technique;
}

// Read through a widened type so this compiles whether or not a technique list declares motions.
const motionsOf = (t: Technique): readonly Motion[] | undefined => (t as Technique & { motions?: Motion[] }).motions;

/** Techniques of a topic that fit the rep's motion (or any motion). */
function fitting(topic: Topic, facts: Facts): Technique[] {
  const all = techniquesFor(topic);
  const fits = all.filter((t) => fitsMotion(t, facts));
  return fits.length ? fits : all.filter((t) => !motionsOf(t));
}

/** A technique for any motion, or for the rep's own, or (motion unknown) for one they have not ruled out. */
function fitsMotion(t: Technique, facts: Facts): boolean {
  const motions = motionsOf(t);
  if (!motions) return true;
  if (facts.motion) return motions.includes(facts.motion);
  return !motions.every((m) => facts.notMotions.includes(m));
}

/** Each technique's situation pattern with the global flag matchAll needs, compiled once: this runs on every message. */
const GLOBAL_FITS = new Map(TECHNIQUES.flatMap((t) => (t.fits ? [[t.id, new RegExp(t.fits.source, t.fits.flags.includes('g') ? t.fits.flags : `${t.fits.flags}g`)] as const] : [])));

/**
 * The technique for this turn: one that fits the motion, not given yet; after pushback, one with a
 * different method than the last. Among those, from the turn's topic and the others it touches
 * (`also`), the first that is made for the situation the rep described: what they say first
 * (`firstWords`) before the rest, and a technique made for their motion before a general one
 * (the spouse stall at a front door is met by the door-to-door answer, not the generic one).
 */
/** How much of the rep's words a technique's situation pattern covers: the characters of all its matches. */
function fitLength(t: Technique, s: string): number {
  const all = GLOBAL_FITS.get(t.id);
  if (!all) return 0;
  let n = 0;
  for (const m of s.matchAll(all)) n += m[0].trim().length;
  return n;
}

/** British and American spellings read alike ("neighbour", "neighbor"). */
const spelling = (text: string) => normalize(text).replace(/our\b/g, 'or');
const GENERIC = new Set(['thing', 'that', 'this', 'tried', 'with', 'them', 'they', 'line', 'people', 'already', 'have', 'does', 'work', 'works', 'the', 'your', 'just']);

/** Whether the rep said they already tried this technique ("tried the neighbor thing"): then it is not offered. */
function alreadyTried(t: Technique, facts: Facts): boolean {
  if (!facts.tried.length) return false;
  const named = spelling(`${t.name} ${t.method}`);
  return facts.tried.some((x) => spelling(x).trim().split(' ').some((w) => w.length > 3 && !GENERIC.has(w) && named.includes(` ${w}`)));
}

/** The longest phrase of the rep's words a technique's situation pattern matches in one stretch. */
function longestFit(t: Technique, s: string): number {
  const all = GLOBAL_FITS.get(t.id);
  if (!all) return 0;
  let n = 0;
  // A phrase of several words, not one word that happens to sit in many messages ("different").
  for (const m of s.matchAll(all)) if (m[0].trim().includes(' ')) n = Math.max(n, m[0].trim().length);
  return n;
}

/** Characters of one match a technique from another topic needs to be chosen: a phrase, not a word. */
const CLEAR_FIT = 8;

function chooseTechnique(topic: Topic, words: string, state: DialogueState, facts: Facts, avoidMethod?: string, firstWords?: string, also: readonly Topic[] = []): Technique {
  const poolOf = (t: Topic) => {
    const pool = fitting(t, facts).filter((x) => !alreadyTried(x, facts));
    const fresh = pool.filter((x) => !state.used.includes(x.id));
    let candidates = fresh.length ? fresh : pool;
    if (avoidMethod) {
      const other = candidates.filter((x) => x.method !== avoidMethod);
      const anyOther = pool.filter((x) => x.method !== avoidMethod);
      candidates = other.length ? other : anyOther.length ? anyOther : candidates;
    }
    return candidates;
  };
  const main = poolOf(topic);
  // Other topics lend only techniques not given yet: they widen the choice, they never repeat
  // one; and a technique given before comes after every fresh one, from whichever topic.
  const isFresh = (x: Technique) => !state.used.includes(x.id);
  const others = also.filter((t) => t !== topic).flatMap((t) => poolOf(t).filter(isFresh));
  const wider = [...main.filter(isFresh), ...others, ...main.filter((x) => !isFresh(x))];
  const forMotion = (t: Technique) => Boolean(facts.motion && motionsOf(t)?.includes(facts.motion));
  // What the rep first described picks the technique before anything said since ("I drop the
  // price" answers the coach's question; it does not make the problem a negotiation).
  // Techniques made for exactly what the rep describes may sit under another topic ("get both of
  // them there" is about booking, not the objection it came from; "he won't forward anything
  // from vendors" is about the champion, not discovery). They count only on a clear fit: a phrase
  // of the rep's words, not one word that sits in many messages.
  let elsewhere: Technique[] | undefined;
  const outsiders = () => (elsewhere ??= TECHNIQUES.filter((t) => t.fits && !wider.includes(t) && !state.used.includes(t.id) && t.method !== avoidMethod && fitsMotion(t, facts) && !alreadyTried(t, facts)));
  for (const text of [firstWords ?? '', words]) {
    if (!text.trim()) continue;
    const s = normalize(text);
    const fits = wider.filter((t) => t.fits?.test(s));
    // A phrase made for another topic beats words that only brush this one.
    const phraseHere = Math.max(0, ...fits.map((t) => longestFit(t, s)));
    const phrases = phraseHere < CLEAR_FIT ? outsiders().filter((t) => longestFit(t, s) >= CLEAR_FIT) : [];
    const longest = Math.max(0, ...phrases.map((t) => longestFit(t, s)));
    const across = phrases.find((t) => longestFit(t, s) === longest && forMotion(t)) ?? phrases.find((t) => longestFit(t, s) === longest);
    if (across) return across;
    // Of the techniques the words fit, the one they describe most of: "$40 cheaper at the honda
    // place" is a competitor's quote (cheaper, quoted less) more than a price complaint (cheaper).
    const best = Math.max(0, ...fits.map((t) => fitLength(t, s)));
    const closest = fits.filter((t) => fitLength(t, s) === best);
    const fit = closest.find(forMotion) ?? fits.find(forMotion) ?? closest[0];
    if (fit) return fit;
  }
  // Nothing the rep said names a technique. How the rep reaches people (the opening, and the
  // follow-up after) is their motion: a front door, a showroom floor, a phone; so there an
  // opener or a follow-up made for it beats a general one. In between, a motion's techniques
  // answer particular situations (a spouse, a sister, cover through work) the rep has not
  // described, so a general technique comes first.
  const general = main.find((t) => !motionsOf(t));
  return (topic === 'prospecting' || topic === 'follow_up' ? main.find(forMotion) : general) ?? main[0] ?? (TECHNIQUES[0] as Technique);
}

const lastCoaching = (history: HistoryMessage[]): Coaching | undefined => {
  for (let i = history.length - 1; i >= 0; i--) {
    const c = history[i]?.coaching;
    if (c) return c;
  }
  return undefined;
};

/** The last diagnosis, without a method: for replies that coach with none (thanks, off-topic, a person). */
const plainCoaching = (history: HistoryMessage[], fallback?: Coaching): Coaching => {
  const c = lastCoaching(history) ?? fallback ?? { stage: 'general', topics: [] };
  return { stage: c.stage, topics: c.topics };
};

function coach(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, technique: Technique, opening: string, also: Topic[] = []): Turn {
  const found = techniquePassage(ctx.knowledge, technique);
  // A section the rep has already been shown is cited by its title alone, not quoted again.
  const shown = found && ctx.history.some((m) => m.role === 'assistant' && m.content.includes(`From our playbook, "${found.title.split(' › ').at(-1)}"`));
  const reply: CoachReply = {
    content: coachingText({ opening, technique, stage, topic, passage: shown ? undefined : found, profile: ctx.profile, closing: 'What would help most next?', occasion: state.facts.occasion, facts: state.facts }),
    options: [...NEXT_OPTIONS],
    coaching: { stage, topics: [...new Set([topic, ...also, ...(state.topic ? [state.topic] : [])])].slice(0, 3), method: technique.method },
    confidence: 0.85,
    state: { ...state, phase: 'coached', topic, stage, techniqueId: technique.id, used: [...state.used, technique.id], lowStreak: 0, scene: undefined } satisfies DialogueState,
  };
  return { reply, technique };
}

/** The passage of the section a technique comes from, if `knowledge` holds one. */
export function techniquePassage(knowledge: CoachContext['knowledge'], technique: Technique) {
  for (const source of technique.sources) {
    const needle = source.toLowerCase();
    const found = knowledge.find((k) => k.title.toLowerCase().includes(needle));
    if (found) return found;
  }
  return undefined;
}

/** The rep's line in a role-play, as they typed it: the quoted words when they quoted them, at most about 60 words. */
function spokenLine(message: string): string {
  const quoted = /(?:^|[\s(:,.])['‘"“]((?:[^'’"”]|['’](?=[a-z])){8,}?)(?:['’"”](?=[\s.,!?;:)]|$)|$)/i.exec(message)?.[1];
  const w = (quoted ?? message).trim().split(/\s+/);
  return w.length > 60 ? `${w.slice(0, 60).join(' ')}…` : w.join(' ');
}

/** One question, never one asked before; when it was, the coach coaches instead. */
function ask(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, problem: string): Turn | undefined {
  const named = techniquesFor(topic).some((t) => t.fits?.test(normalize(problem)));
  const q = FOLLOW_UP_QUESTIONS[topic][named ? 'named' : 'which'];
  if (state.asked.includes(questionKey(q.question))) return undefined;
  const opening = [reflection(ctx.message, state.facts), diagnosisLine(stage, topic)].filter(Boolean).join(' ');
  return {
    reply: {
      content: `${opening} One question so the advice fits:\n\n${q.question}`,
      options: q.options,
      coaching: { stage, topics: [topic] },
      confidence: 0.7,
      state: { ...state, phase: 'asked', topic, stage, problem, lowStreak: 0, asked: [...state.asked, questionKey(q.question)] } satisfies DialogueState,
    },
  };
}

/**
 * Whether a message already says enough to coach on without a question: the rep said what they
 * do ("I froze", "I drop the price"), asked outright, or told a whole story.
 */
function specificEnough(message: string): boolean {
  const s = normalize(message);
  const said = / i (?:say|said|tell|told|go|just|froze|freeze|drop|offer|argue|explain|try|tried|usually|always|show|send|ask|give|walk|pitch|do) /.test(s);
  const question = isDirectQuestion(message.replace(/^\s*(?:ok(?:ay)?|so|and|but|well|alright|right)[,.\s]+/i, ''));
  return said || question || s.trim().split(' ').length >= 22;
}

/** The first ask for more: what the coach did hear comes back first, so the rep adds to it rather than repeating it. */
function heard(ctx: CoachContext, state: DialogueState): string {
  const echo = reflection(ctx.message, state.facts);
  return echo
    ? `${echo} To coach you on it, tell me what you say or do right then, and what the buyer does next, or pick the part that feels hardest:`
    : 'Happy to help. Tell me what happens on the call in your own words (what the buyer said, what you did), or pick the part that feels hardest:';
}

function clarify(ctx: CoachContext, state: DialogueState, guess: Coaching): Turn {
  const streak = state.lowStreak + 1;
  const escalate = streak >= 2;
  const content = escalate
    ? "I want to get this right, and I'm not sure I've understood yet. I've asked someone from our coaching team to read this conversation; their reply will appear right here, marked **Coaching team**, usually within one business day.\n\nMeanwhile, pick the part of the call that feels hardest:"
    : heard(ctx, state);
  const rank = (t: Topic) => {
    const i = guess.topics.indexOf(t);
    return i === -1 ? guess.topics.length + PICKER.findIndex(([, x]) => x === t) : i;
  };
  return {
    reply: {
      content,
      options: [...PICKER].sort(([, a], [, b]) => rank(a) - rank(b)).map(([label]) => label),
      coaching: { stage: guess.stage, topics: guess.topics },
      confidence: 0.2,
      state: { ...state, phase: 'start', lowStreak: escalate ? 0 : streak } satisfies DialogueState,
      ...(escalate ? { escalation: { reason: 'The coach could not understand the rep twice in a row.', priority: 'normal' as const } } : {}),
    },
  };
}

/** Who the coach plays: the decider the rep named, else their buyer. */
const buyerName = (facts: Facts) => (facts.decider ? facts.decider.replace(/^the /, '').replace(/^their /, '') : 'your buyer');

function startScene(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, technique: Technique): Turn {
  const who = buyerName(state.facts);
  // The buyer's own words from this conversation, when the rep gave them; else the technique's.
  // The newest line the rep quoted from this buyer, or from a buyer they did not name: a line
  // procurement said is not the CFO's to say.
  const { quotes, speakers } = state.facts;
  // Only words the buyer could say to the rep's face: "the honda place quoted him less" is the
  // rep's report of the scene, not a line the buyer speaks.
  const own = quotes.findLast((q, i) => (!speakers[i] || speakers[i] === state.facts.decider) && !/\b(?:he|she|him|her|his|hers)\b/i.test(q) && q.split(/\s+/).length <= 25);
  const line = own ? `${own.charAt(0).toUpperCase()}${own.slice(1)}` : fill(technique.roleplay, ctx.profile, state.facts);
  return {
    reply: {
      content: `Let's practise. I'll be ${who === 'your buyer' ? 'your buyer' : `the ${who}`}; answer the way you would for real, and say "stop" whenever you want feedback.\n\n**${capitalise(who)}:** "${line}"`,
      options: SCENE_OPTIONS,
      coaching: { stage, topics: [topic], method: technique.method },
      confidence: 0.9,
      state: { ...state, phase: 'roleplay', topic, stage, techniqueId: technique.id, scene: { buyer: line, who, exchanges: 0 } } satisfies DialogueState,
    },
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The buyer's next line: it follows from what the rep just did. */
function buyerReaction(a: ReturnType<typeof assess>, facts: Facts, history: HistoryMessage[]): string {
  const lines: string[] = [];
  if (a.faults.some((f) => f.id === 'pressure' || f.id === 'trust-me')) lines.push("Now I really don't want to decide today. We'll let you know.", "That sounds like a sales line. I'd rather take my time.");
  if (a.faults.some((f) => f.id === 'argued')) lines.push("Look, I'm not going to argue about it. We'll think it over.", "I didn't say it was bad. I said I'm not sure yet.");
  if (a.good.some((g) => g.id === 'next-step')) lines.push('Maybe. What exactly would we be agreeing to?', "I guess that could work. But I'm not promising anything.");
  if (a.good.some((g) => g.id === 'asked')) {
    lines.push(facts.numbers.length ? `Honestly it's mostly the money. ${facts.numbers.at(-1)} is a lot for us right now.` : "Honestly, I just want to be sure we're not overpaying. What makes yours worth it?", "It's more that we've been burned before. How do I know this time is different?");
  }
  lines.push("I hear you, but I still need to think about it.", "Okay. And if it doesn't work out for us, then what?");
  // The buyer never says the same line twice in one conversation.
  return lines.find((l) => !history.some((m) => m.role === 'assistant' && m.content.includes(l))) ?? lines[0] ?? '';
}

function sceneTurn(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, technique: Technique, ending: boolean): Turn {
  const scene = state.scene ?? { buyer: technique.roleplay, who: 'your buyer', exchanges: 0 };
  if (ending && scene.lines?.length) {
    return {
      reply: {
        content: `${sceneFeedback(scene.lines)}\n\nTry the scene again, or move on?`,
        options: AFTER_SCENE,
        coaching: { stage, topics: [topic], method: technique.method },
        confidence: 0.85,
        state: { ...state, phase: 'coached', scene: undefined } satisfies DialogueState,
      },
    };
  }
  if (ending) {
    // "stop" before any line: nothing to judge, so what to carry into the real call.
    return {
      reply: {
        content: `That ends the scene after ${scene.exchanges} exchange${scene.exchanges === 1 ? '' : 's'}. What to carry into the real call: acknowledge what ${scene.who === 'your buyer' ? 'they' : `the ${scene.who}`} said before you answer, ask one question about it, and end with a small next step that has a day attached, not a deadline.\n\nTry the scene again, or move on?`,
        options: AFTER_SCENE,
        coaching: { stage, topics: [topic], method: technique.method },
        confidence: 0.85,
        state: { ...state, phase: 'coached', scene: undefined } satisfies DialogueState,
      },
    };
  }
  const a = assess(ctx.message);
  const line = quoteOf(ctx.message);
  const fault = a.faults[0];
  const good = a.good[0];
  const verdict = fault
    ? `**Out of character for a moment.** In "${line}", one thing to change: ${fault.said}`
    : a.good.length >= 2
      ? `**Out of character for a moment.** That's a good answer. ${good?.said ?? ''}`
      : `**Out of character for a moment.** That works better than arguing. ${good?.said ?? 'It stays calm, which keeps the door open.'}`;
  const keep = fault && good ? ` What works: ${good.said}` : '';
  const exchanges = scene.exchanges + 1;
  const done = exchanges >= MAX_EXCHANGES;
  // A line that acknowledges, asks and proposes a next step, with no fault, has nothing to strengthen.
  const complete = !fault && a.good.length >= 3;
  const lines = [
    `${verdict}${keep}`,
    '',
    complete
      ? `**Keep that line.** ${a.good.slice(1).map((g) => g.said).join(' ')}`
      : `**A stronger version of your line:** ${strongerLine(ctx.message, a, scene.buyer)}`,
  ];
  // The buyer answers until the scene has had its exchanges; then it ends.
  const next = done ? undefined : buyerReaction(a, state.facts, ctx.history);
  const said = [...(scene.lines ?? []), spokenLine(ctx.message)];
  // The last exchange ends the scene with the feedback on all of the rep's lines.
  lines.push('', next ? `Back in character.\n\n**${capitalise(scene.who)}:** "${next}"` : `That ends the scene. ${sceneFeedback(said)}\n\nTry it again, or shall we move on?`);
  return {
    reply: {
      content: lines.join('\n'),
      options: next ? SCENE_OPTIONS : AFTER_SCENE,
      coaching: { stage, topics: [topic], method: technique.method },
      confidence: 0.85,
      state: (next ? { ...state, phase: 'roleplay', scene: { ...scene, buyer: next, exchanges, lines: said } } : { ...state, phase: 'coached', scene: undefined }) satisfies DialogueState,
    },
  };
}

function steerBack(ctx: CoachContext, state: DialogueState): Turn {
  const topic = state.topic;
  // Without a diagnosis yet, the way back is what the rep already told: they need not say it again.
  const told = state.problem ? keyClause(state.problem) : undefined;
  const back = topic
    ? `Back to your ${TOPIC_LABELS[topic].toLowerCase()}: want another angle on it, or shall we practise it?`
    : told
      ? `Back to what you told me: ${toSecondPerson(told).replace(/^./, (c) => c.toLowerCase())}. Where does that go wrong first?`
      : 'Tell me what happens on your calls, and we will start there.';
  return {
    reply: {
      content: `I'll leave that one to someone else: I'm your sales coach, so I stick to selling. ${back}`,
      options: topic ? [...NEXT_OPTIONS] : TOPIC_PICKER,
      coaching: plainCoaching(ctx.history),
      confidence: 0.9,
      state: { ...state, lowStreak: 0 } satisfies DialogueState,
    },
  };
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
function pickedFromList(message: string, history: HistoryMessage[]): string | undefined {
  const m = / the ([a-z]+(?: [a-z]+)?) (?:one|thing|part|issue|problem) /.exec(normalize(message));
  const key = m?.[1];
  if (!key || ['first', 'second', 'third', 'last', 'other', 'same'].includes(key)) return undefined;
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i];
    if (h?.role !== 'user') continue;
    const clause = h.content.split(/(?<=[.!?])\s+|\s+\d\)\s*|;\s*|\n+/).find((c) => normalize(c).includes(` ${key} `));
    if (clause) return clause.trim();
  }
  return undefined;
}

/** The rep says they are moving to something else: the moment they were at does not carry. */
const NEW_SUBJECT = /^ (?:(?:ok|okay|so|also|and) )?(?:diff|different|another|new|other|separate|unrelated) (?:question|q|thing|problem|issue|topic|one) /;

/** A question about how to answer what the buyer said, as opposed to a question about a new move. */
const RESPONDING = / (?:what (?:do|should|can|would) i (?:say|tell|answer|reply|respond)|how (?:do|should|can|would) i (?:respond|answer|reply|handle|deal with|come back)|what s (?:a )?(?:good |the )?(?:answer|response|comeback)|what do i say back) /;

const SHORTER = / (?:too long|shorter|shorten|tl ?dr|nobody reads|no one reads|too wordy|cut it down) /;

/** The one sentence of an example line that asks something (its greeting kept), else its first. */
function shortest(example: string): string {
  const text = example.replace(/^"|"$/g, '');
  const sentences = text.match(/[^.!?]+[.!?]+/g)?.map((x) => x.trim()) ?? [text];
  const question = sentences.filter((x) => x.endsWith('?')).at(-1);
  const greeting = /^(?:hi|hey|hello)\b[^,]*,/i.exec(text)?.[0];
  const core = question ?? sentences[0] ?? text;
  return greeting && !core.toLowerCase().startsWith(greeting.toLowerCase()) ? `${greeting} ${core.charAt(0).toLowerCase()}${core.slice(1)}` : core;
}

/** A question about how to carry out what was just advised, about someone already named. */
const asksHowToDoIt = (message: string): boolean =>
  / (?:how (?:do|should|can) i|what do i say to|how would i) (?:ask|tell|get|bring|say|put|approach|raise|do|pitch|frame|word)\b.* (?:her|him|them|it|that) | what (?:do|should|would) i (?:say|tell them|ask) (?:at the door |on the phone |at the table |then |there )?(?:to|so) (?:get|bring|have|make) (?:both|them|him|her|the two) /.test(` ${normalize(message).trim()} `);

/** The technique just given, worked through step by step for the rep's question; its line is not repeated. */
function deepen(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, technique: Technique, alsoTopics: Topic[]): Turn {
  const focus = reflection(ctx.message, state.facts);
  const steps = technique.steps.map((step, i) => `${i + 1}. ${fill(step, ctx.profile, state.facts)}`).join('\n');
  const content = [
    focus || "Here is how to do it.",
    '',
    `**${technique.name}**, step by step · *Method: ${technique.method}*`,
    steps,
    '',
    `**${state.facts.occasion ? `For ${state.facts.occasion}` : 'On your next call'}:** ${fill(technique.action, ctx.profile, state.facts)}`,
    '',
    'What would help most next?',
  ].join('\n');
  return {
    reply: {
      content,
      options: [...NEXT_OPTIONS],
      coaching: { stage, topics: [...new Set([topic, ...alsoTopics])].slice(0, 3), method: technique.method },
      confidence: 0.85,
      state: { ...state, phase: 'coached', lowStreak: 0 } satisfies DialogueState,
    },
    technique,
  };
}

/** The topic most often at each moment, for when the rep rules out the one under discussion and names no other. */
const MOMENT_TOPIC: Record<CallStage, Topic> = { intro: 'prospecting', middle: 'discovery', close: 'closing' };
const stageOrMiddle = (stage: Stage): CallStage => (stage === 'general' ? 'middle' : stage);

/** The motion the onboarding profile names, if it names one. */
const profileMotion = (p: CoachContext['profile']): Motion | undefined => motionsIn([p.industry, p.product, p.biggestStruggle].filter(Boolean).join('. ')).named[0];

/** One turn of the built-in coach. */
export function nextTurn(ctx: CoachContext): Turn {
  const previous = lastState(ctx.history);
  // Before the rep says how they sell, the profile says it ("Solar panels, door to door").
  const known = previous.facts.motion ? previous.facts : { ...previous.facts, motion: profileMotion(ctx.profile) };
  const state: DialogueState = { ...previous, facts: withMessage(known, ctx.message) };
  const intent = intentOf(ctx.message);
  const technique = TECHNIQUES.find((t) => t.id === state.techniqueId);
  const topic = state.topic;
  const stage = state.stage ?? (topic ? TOPIC_STAGE[topic] : 'general');

  if (intent === 'different_problem') {
    return {
      reply: {
        content: "Sure, let's look at something else. Tell me what happens on the call, in your own words, or pick the part that feels hardest:",
        options: TOPIC_PICKER,
        coaching: { stage: 'general', topics: [] },
        confidence: 0.9,
        state: { ...state, phase: 'start', topic: undefined, techniqueId: undefined, problem: undefined, lowStreak: 0, scene: undefined } satisfies DialogueState,
      },
    };
  }

  // The scene in progress comes first: what the rep types is their line to the buyer.
  if (state.phase === 'roleplay' && topic && technique) {
    if (intent === 'hint') {
      return {
        reply: {
          content: `Acknowledge what they said, ask one question about it, then offer a small next step. For example: ${fill(technique.example, ctx.profile, state.facts)}\n\nNow say it in your own words.`,
          options: ['Stop the role-play'],
          coaching: { stage, topics: [topic], method: technique.method },
          confidence: 0.9,
          state,
        },
      };
    }
    // "and if she says…?" unquoted is a question to the coach, not a line to the buyer: the scene ends.
    const toCoach = / (?:(?:if|when) (?:she|he|they) (?:says|say|goes|go)|what (?:do|should) i say|how do i|what if) /.test(normalize(ctx.message));
    if (intent !== 'roleplay' && intent !== 'another_tip' && !toCoach) return sceneTurn(ctx, state, topic, stage, technique, intent === 'stop');
  }

  if (intent === 'roleplay' || (intent === 'try_again' && state.phase === 'coached')) {
    const d = diagnose(ctx.message);
    const sceneTopic = topic ?? d.topics[0] ?? 'objection_handling';
    const sceneStage = topic ? stage : d.stage === 'general' ? TOPIC_STAGE[sceneTopic] : d.stage;
    const t = technique ?? chooseTechnique(sceneTopic, `${state.problem ?? ''} ${ctx.message}`, state, state.facts);
    return startScene(ctx, state, sceneTopic, sceneStage, t);
  }

  if (intent === 'off_topic') return steerBack(ctx, state);

  // "Too long, shorter": the same advice, cut to the line that matters; the method was not the problem.
  if (topic && technique && intent === 'pushback' && SHORTER.test(normalize(ctx.message))) {
    const line = shortest(fill(technique.example, ctx.profile, state.facts));
    return {
      reply: {
        content: `Fair enough, shorter. Just this:\n\n"${line}"\n\nOne line, one question: it is easy to answer from a phone. Want another angle, or shall we practise it?`,
        options: [...NEXT_OPTIONS],
        coaching: { stage, topics: [topic], method: technique.method },
        confidence: 0.85,
        state: { ...state, lowStreak: 0 } satisfies DialogueState,
      },
      technique,
    };
  }

  if (topic && (intent === 'pushback' || intent === 'another_tip')) {
    const words = `${state.problem ?? ''} ${ctx.message}`;
    // Every technique that fits was given: the next topic the rep's own problem touches, if it
    // has one left; else say so rather than cycle round.
    if (!fitting(topic, state.facts).some((t) => !state.used.includes(t.id) && !alreadyTried(t, state.facts))) {
      // Where to look: what the rep's words touch, then the other topics the coach already named.
      const named = ctx.history.toReversed().flatMap((m) => m.coaching?.topics ?? []);
      const nearby = [...diagnose(`${state.problem ?? ''} ${ctx.message}`).topics, ...named];
      const related = nearby.find((x) => x !== topic && fitting(x, state.facts).some((t) => !state.used.includes(t.id) && !alreadyTried(t, state.facts)));
      if (related) {
        const other = chooseTechnique(related, words, state, state.facts, technique?.method);
        const reason = pushbackReason(ctx.message);
        const opening = `Fair enough${reason ? `: ${reason.replace(/^./, (c) => c.toLowerCase())}` : ''}. What you describe is also **${TOPIC_LABELS[related].toLowerCase()}**, so here is a different angle from there.`;
        return coach(ctx, { ...state, problem: state.problem ?? ctx.message }, related, momentOf(ctx.message) ?? stage, other, opening);
      }
      return {
        reply: {
          content: `That covers the ${TOPIC_LABELS[topic].toLowerCase()} techniques I'd start with for your situation. The fastest way to make one stick is to practise it: shall we role-play the last one, or look at a different problem?`,
          options: ['Role-play this with me', 'I have a different problem'],
          coaching: plainCoaching(ctx.history, { stage, topics: [topic] }),
          confidence: 0.9,
          state,
        },
      };
    }
    const next = chooseTechnique(topic, words, state, state.facts, intent === 'pushback' ? technique?.method : undefined);
    const tried = state.facts.tried.at(-1);
    const reason = pushbackReason(ctx.message);
    const why =
      tried && tried.split(/\s+/).length >= 3 && ctx.message.includes(tried.slice(0, 12))
        ? `: if you already ${/^(?:the|that|this|your) /i.test(tried) ? `tried ${toSecondPerson(tried)}` : toSecondPerson(tried).replace(/^(?:do|did) /, 'do ')}, more of it won't change anything`
        : reason
          ? `: ${reason.replace(/^./, (c) => c.toLowerCase())}`
          : ', that one does not fit your buyers';
    const opening = intent === 'pushback' ? `Fair enough${why}. Here is a different angle, with a different method.` : `${reflection(ctx.message, state.facts)} Here is another one for the same problem.`.trim();
    return coach(ctx, { ...state, problem: state.problem ?? ctx.message }, topic, stage, next, opening);
  }

  if (intent === 'thanks') {
    return {
      reply: {
        // "ok" or "got it" is not a thank-you, so it gets no "you're welcome".
        content: `${/thank|thx|cheers/.test(normalize(ctx.message)) ? "You're welcome." : 'Good.'} Try it on your next call and tell me how it went: I'll help you adjust. Anything else to work on?`,
        options: topic ? [...NEXT_OPTIONS] : TOPIC_PICKER,
        coaching: plainCoaching(ctx.history),
        confidence: 0.9,
        state,
      },
    };
  }

  const picked = pickedTopic(ctx.message);
  if (picked) {
    const asked = ask(ctx, { ...state, topic: undefined }, picked, TOPIC_STAGE[picked], state.problem ?? ctx.message);
    if (asked) return asked;
    return coach(ctx, state, picked, TOPIC_STAGE[picked], chooseTechnique(picked, state.problem ?? '', state, state.facts), diagnosisLine(TOPIC_STAGE[picked], picked));
  }

  // "the sister one": the rep picks one of the problems they listed earlier; that one is the message.
  const picking = pickedFromList(ctx.message, ctx.history);
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
  const moment = momentOf(ctx.message);
  // Where the conversation already is carries to a message that names no moment, when the rep
  // goes on about the same call: a statement, or a question about answering what was described
  // ("what do i say back when she says that"). A question about a new move ("do i call him or
  // wait?", "how do i ask for a shot?") is read on its own, like its topic.
  const goesOn = !NEW_SUBJECT.test(normalize(ctx.message)) && (!(isDirectQuestion(ctx.message) || ASKING.test(ctx.message)) || RESPONDING.test(normalize(ctx.message)));
  const carriedStage = goesOn && previous.stage && previous.stage !== 'general' ? previous.stage : undefined;
  const fallback = ruledOut ? (d.topics[0] ?? MOMENT_TOPIC[moment ?? stageOrMiddle(stage)]) : undefined;
  const found = fallback ?? d.topics[0];
  const understood = found !== undefined && (d.confidence >= 0.45 || fallback !== undefined);
  // The other topics this message touches, reported beside the one coached.
  const also = (main: Topic): Topic[] => {
    const near = d.topics.filter((x) => x !== main && d.topicScores[x] > 0 && d.topicScores[x] >= d.topicScores[main] / 2);
    return [...new Set([...(quotedBuyer && main !== 'objection_handling' ? ['objection_handling' as const] : []), ...near])].slice(0, 2);
  };

  if (state.phase === 'asked' && topic) {
    // The answer to the coach's question is taken as the answer: it may move the topic.
    const nextTopic = understood && found && (d.topicScores[found] >= 3 || ruledOut) && found !== topic ? found : (carried ?? found ?? topic);
    const nextStage = moment ?? carriedStage ?? (d.stage === 'general' ? TOPIC_STAGE[nextTopic] : d.stage);
    const chosen = chooseTechnique(nextTopic, `${state.problem ?? ''} ${ctx.message}`, state, state.facts, undefined, state.problem, also(nextTopic));
    const opening = [reflection(ctx.message, state.facts), `Here is what I'd work on first, at **${STAGE_LABELS[nextStage].toLowerCase()}** of the call.`].filter(Boolean).join(' ');
    return coach(ctx, { ...state, topic: carried }, nextTopic, nextStage, chosen, opening, also(nextTopic));
  }

  // "How do I ask her…?" right after a technique, naming no new problem: the rep wants the
  // technique they were just given worked through, not a different one.
  if (technique && topic && state.phase === 'coached' && asksHowToDoIt(ctx.message) && !quotedBuyer && !(found && found !== topic && d.topicScores[found] >= 3)) {
    return deepen(ctx, state, topic, moment ?? stage, technique, also(topic));
  }

  // Mid-conversation, a message that adds context (their fiscal year, who the buyers are) is still
  // about the rep's problem; only a clear new problem, a new buyer's line, a new question, or the
  // rep ruling the current topic out moves the coaching.
  const newProblem = understood && found !== undefined && found !== topic && (d.topicScores[found] >= 3 || quotedBuyer || isDirectQuestion(ctx.message) || ruledOut);
  if (carried && (state.phase === 'coached' || state.phase === 'roleplay') && !newProblem && normalize(ctx.message).trim().split(' ').length >= 5) {
    // What the rep adds now (a correction: "it's not the price, his wife wasn't there") picks the
    // technique before the situation they first described; a new question is answered on its own terms.
    const words = isDirectQuestion(ctx.message) ? ctx.message : `${state.problem ?? ''} ${ctx.message}`;
    // The topic of the technique just given is a neighbour: the rep may be going on about it.
    const near = [...also(carried), ...(technique && technique.topic !== carried ? [technique.topic] : [])];
    const chosen = chooseTechnique(carried, words, state, state.facts, undefined, ctx.message, near);
    return coach(ctx, state, carried, moment ?? stage, chosen, reflection(ctx.message, state.facts), also(carried));
  }

  if (!understood || !found) {
    const guess: Coaching = found ? { stage: d.stage, topics: d.topics } : (lastCoaching(ctx.history) ?? { stage: 'general', topics: [] });
    return clarify(ctx, { ...state, problem: ctx.message }, guess);
  }

  // The moment the message names; else where the conversation already is: a rep who goes on
  // about the same call without naming a moment is still at the moment they were at, whatever
  // the topic ("the husband says no and the wife wants it" after a story that ended at the close).
  const newStage = moment ?? (carriedStage ?? (d.stage === 'general' ? TOPIC_STAGE[found] : d.stage));
  const withProblem = { ...state, problem: ctx.message };
  // One question at the start of a conversation, not once coaching is under way.
  if (state.used.length === 0 && !specificEnough(ctx.message)) {
    const asked = ask(ctx, { ...withProblem, topic: undefined }, found, newStage, ctx.message);
    if (asked) return asked;
  }
  // The conversation's topic so far is a neighbour too: "what if he says he already bought it"
  // during a follow-up is answered from the follow-up techniques made for it.
  const neighbours = [...also(found), ...(carried && carried !== found ? [carried] : [])];
  const chosen = chooseTechnique(found, `${ctx.message} ${state.facts.quotes.join(' ')}`, withProblem, state.facts, undefined, undefined, neighbours);
  // The technique made for the situation may come from another topic the message touches (the
  // spouse stall told inside a story about listening): the diagnosis names what the coach teaches.
  const main = chosen.topic !== found && neighbours.includes(chosen.topic) ? chosen.topic : found;
  // The diagnosis is news only when it names a new problem.
  const opening = [reflection(ctx.message, state.facts), main === topic ? '' : diagnosisLine(newStage, main)].filter(Boolean).join(' ');
  return coach(ctx, { ...withProblem, topic: carried }, main, newStage, chosen, opening, [found, ...also(found)].filter((x) => x !== main));
}
