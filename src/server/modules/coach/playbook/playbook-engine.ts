import { STAGE_LABELS, TOPIC_LABELS, TOPIC_STAGE, type Coaching, type Stage, type Topic } from '../../../../shared/coaching.js';
import type { CoachContext, CoachEngine, CoachReply, CoachStream, HistoryMessage, KnowledgePassage, RepProfile } from '../engine.js';
import { diagnose } from './diagnose.js';
import { FOLLOW_UP_QUESTIONS, TECHNIQUES, techniquesFor, type Technique } from './techniques.js';
import { isDirectQuestion, normalize } from './text.js';

/**
 * The built-in coach (DECISIONS §6): offline and deterministic. It diagnoses where the call
 * breaks down, asks one targeted question with tappable answers, then coaches with a named
 * technique tailored to the rep's profile and grounded in the knowledge base, and offers the
 * next step (another tip, a role-play, a different problem). What it remembers of the dialogue
 * travels in each assistant message's state.
 */
type Phase = 'start' | 'asked' | 'coached' | 'roleplay';

// A type alias, not an interface, so it fits the engine interface's open state record.
type DialogueState = {
  phase: Phase;
  topic?: Topic;
  stage?: Stage;
  techniqueId?: string;
  used: string[];
  /** The rep's words describing the problem, for picking the technique that fits. */
  problem?: string;
  /** Consecutive turns the coach could not place (DECISIONS §6: twice → a person takes over). */
  lowStreak: number;
};

export const NEXT_OPTIONS = ['Give me another tip', 'Role-play this with me', 'I have a different problem'] as const;
const ROLEPLAY_OPTIONS = ['Try again', 'Give me another tip', 'I have a different problem'];
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

const INTENTS: Array<[Intent, RegExp]> = [
  ['human', / (?:talk|speak|chat|get in touch) (?:to|with) (?:a |an |some )?(?:real |actual |live )?(?:human|person|people|someone|somebody|coach|manager|agent|team)| (?:real|actual|live) (?:person|human|coach)| human (?:coach|help|please)| escalate | someone from (?:your|the) team /],
  ['another_tip', / (?:another|one more|more|next|different) (?:tip|idea|technique|suggestion|approach)s? |^ (?:more|next) $/],
  ['roleplay', / role ?play| practi[cs]e (?:it|this|with me)| (?:can|could) you (?:be|play) the (?:prospect|buyer|customer)/],
  ['different_problem', / (?:different|another|new|other) (?:problem|issue|question|topic|challenge)| something else /],
  ['try_again', /^ (?:try again|again|let me try again|one more time) $/],
  ['hint', / (?:give me a |a )?hint | help me answer /],
  ['thanks', /^ (?:thanks|thank you|thx|cheers|great|awesome|perfect|got it|ok|okay|cool)(?: (?:so much|a lot|coach))? $/],
];
type Intent = 'human' | 'another_tip' | 'roleplay' | 'different_problem' | 'try_again' | 'hint' | 'thanks';

function intentOf(message: string): Intent | null {
  const s = normalize(message);
  for (const [intent, re] of INTENTS) if (re.test(s)) return intent;
  return null;
}

function lastState(history: HistoryMessage[]): DialogueState {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (m?.role === 'assistant' && m.state && typeof m.state === 'object' && 'phase' in m.state) {
      const s = m.state as Partial<DialogueState>;
      return { phase: s.phase ?? 'start', topic: s.topic, stage: s.stage, techniqueId: s.techniqueId, used: s.used ?? [], problem: s.problem, lowStreak: s.lowStreak ?? 0 };
    }
  }
  return { phase: 'start', used: [], lowStreak: 0 };
}

/**
 * Puts the rep's product and industry into a line. Without them the line still reads well
 * ("your product"); a placeholder that starts a sentence starts it with a capital.
 */
function fill(text: string, p: RepProfile): string {
  const values: Record<string, string> = { product: p.product?.trim() || 'your product', industry: p.industry?.trim() || 'your market' };
  return text.replace(/(^|[.!?]\s+|"\s*)?\{(product|industry)\}/g, (_m, start: string | undefined, key: string) => {
    const value = values[key] ?? '';
    return start !== undefined ? `${start}${value.charAt(0).toUpperCase()}${value.slice(1)}` : value;
  });
}

const money = (n: number) => `$${n.toLocaleString('en-US')}`;

/** A line that makes the advice about this rep: their experience and this month's target. */
function personalLine(p: RepProfile): string {
  const goal = p.targetIncome ? ` Every deal you rescue this way moves you toward your ${money(p.targetIncome)} target this month.` : '';
  if (p.salesExperience === '1-2 years') return `Keep it simple at first: one change per call is how new reps improve fastest.${goal}`;
  if (p.salesExperience === '6+ years') return `You know the basics; the edge at your level is doing this on every call, not most of them.${goal}`;
  return goal.trim();
}

/** The topic's techniques not given yet in this conversation (all of them again once every one was). */
function candidatesFor(topic: Topic, used: string[]): Technique[] {
  const pool = techniquesFor(topic);
  const fresh = pool.filter((t) => !used.includes(t.id));
  return fresh.length ? fresh : pool;
}

/** The technique made for the situation `words` describe, if one is. */
function fittingTechnique(topic: Topic, words: string, used: string[]): Technique | undefined {
  const s = normalize(words);
  return candidatesFor(topic, used).find((t) => t.fits?.test(s));
}

function chooseTechnique(topic: Topic, words: string, used: string[]): Technique {
  return fittingTechnique(topic, words, used) ?? candidatesFor(topic, used)[0] ?? (TECHNIQUES[0] as Technique);
}

function excerpt(passage: KnowledgePassage): string {
  const text = passage.content.replace(/^[-*]\s+/gm, '').replace(/\s+/g, ' ').trim();
  const sentences = text.match(/[^.!?]+[.!?]+/g) ?? [text];
  let out = '';
  for (const s of sentences) {
    if ((out + s).length > 260) break;
    out += s;
  }
  return (out || text.slice(0, 257) + '...').trim();
}

function coachingReply(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, technique: Technique, opening: string): CoachReply {
  const p = ctx.profile;
  // Cite only the section the technique comes from: a passage about something else under the
  // advice reads as if the playbook said something it does not.
  const passage = techniquePassage(ctx.knowledge, technique);
  const lines = [
    opening,
    `### ${technique.name}`,
    `*Method: ${technique.method}*`,
    '',
    fill(technique.why, p),
    '',
    '**How:**',
    ...technique.steps.map((step, i) => `${i + 1}. ${fill(step, p)}`),
    '',
    `**Try saying:** ${fill(technique.example, p)}`,
    '',
    `**On your next call:** ${fill(technique.action, p)}`,
  ];
  // The section's own heading reads better in a citation than its whole heading path.
  if (passage) lines.push('', `> **From our playbook, "${passage.title.split(' › ').at(-1)}":** ${excerpt(passage)}`);
  const personal = personalLine(p);
  if (personal) lines.push('', personal);
  lines.push('', 'What would help most next?');
  const reply: CoachReply = {
    content: lines.filter((l, i) => !(i === 0 && !l)).join('\n').trim(),
    options: [...NEXT_OPTIONS],
    coaching: { stage, topics: orderTopics(topic, state), method: technique.method },
    confidence: 0.85,
    state: { ...state, phase: 'coached', topic, stage, techniqueId: technique.id, used: [...state.used, technique.id], lowStreak: 0 } satisfies DialogueState,
  };
  if (!passage) uncited.set(reply, technique);
  return reply;
}

/** The passage of the section a technique comes from, if `knowledge` holds one. */
export function techniquePassage(knowledge: KnowledgePassage[], technique: Technique): KnowledgePassage | undefined {
  for (const source of technique.sources) {
    const needle = source.toLowerCase();
    const found = knowledge.find((k) => k.title.toLowerCase().includes(needle));
    if (found) return found;
  }
  return undefined;
}

/** Coaching replies whose technique's section was not among the passages the chat turn found. */
const uncited = new WeakMap<CoachReply, Technique>();

/**
 * The reply, citing the section its technique comes from. The turn's passages were found from
 * the rep's words before the technique was chosen; when its section is not among them, the
 * engine searches for it and answers again (the engine is deterministic, so the same reply,
 * now with the citation). Without a search, or when the search fails, the reply goes uncited.
 */
export async function playbookReplyWithCitation(ctx: CoachContext): Promise<CoachReply> {
  const reply = playbookReply(ctx);
  const technique = uncited.get(reply);
  if (!technique || !ctx.search) return reply;
  let found: KnowledgePassage[];
  try {
    found = await ctx.search(technique.sources.join(' '), 5);
  } catch {
    return reply;
  }
  const passage = techniquePassage(found, technique);
  return passage ? playbookReply({ ...ctx, knowledge: [passage, ...ctx.knowledge] }) : reply;
}

function orderTopics(first: Topic, state: DialogueState): Topic[] {
  return state.topic && state.topic !== first ? [first, state.topic] : [first];
}

function askReply(state: DialogueState, topic: Topic, stage: Stage, problem: string, profile: RepProfile): CoachReply {
  const named = fittingTechnique(topic, problem, state.used) !== undefined;
  const q = FOLLOW_UP_QUESTIONS[topic][named ? 'named' : 'which'];
  const where = stage === 'general' ? '' : `It sounds like your calls break down at **${STAGE_LABELS[stage].toLowerCase()}**: `;
  const label = TOPIC_LABELS[topic].toLowerCase();
  const article = /^[aeiou]/.test(label) ? 'an' : 'a';
  const about = `${where}${where ? 'this' : 'This'} is ${article} **${label}** problem, and it is very fixable.`;
  const productNote = profile.product ? '' : ' It also helps to know what you sell and to whom; you can add that in your account.';
  return {
    content: `${about} Before I suggest anything, one question so the advice fits.${productNote}\n\n${q.question}`,
    options: q.options,
    coaching: { stage, topics: [topic] },
    confidence: 0.7,
    state: { ...state, phase: 'asked', topic, stage, problem, lowStreak: 0 } satisfies DialogueState,
  };
}

const rankOf = (guess: Coaching, topic: Topic) => {
  const i = guess.topics.indexOf(topic);
  return i === -1 ? guess.topics.length + PICKER.findIndex(([, t]) => t === topic) : i;
};

function clarifyReply(state: DialogueState, guess: Coaching): CoachReply {
  const streak = state.lowStreak + 1;
  const escalate = streak >= 2;
  const content = escalate
    ? "I want to get this right for you, and I'm not sure I've understood yet. I've asked someone from our coaching team to read this conversation; their reply will appear right here, marked **Coaching team**.\n\nMeanwhile, which part of the call feels hardest?"
    : "Happy to help. Tell me what happens on the call, in your own words (for example what the buyer said and what you did), or pick the part that feels hardest:";
  return {
    content,
    // The coach's best guesses come first, so the likely answer is one tap away.
    options: [...PICKER].sort(([, a], [, b]) => rankOf(guess, a) - rankOf(guess, b)).map(([label]) => label),
    coaching: guess,
    confidence: 0.2,
    state: { ...state, phase: 'start', lowStreak: escalate ? 0 : streak } satisfies DialogueState,
    ...(escalate ? { escalation: { reason: 'The coach could not understand the rep twice in a row.', priority: 'normal' as const } } : {}),
  };
}

function roleplayStart(ctx: CoachContext, state: DialogueState, technique: Technique, stage: Stage, topic: Topic): CoachReply {
  return {
    content: `Let's practise **${technique.name}**. I'll play the prospect; you answer the way you would on a real call.\n\n**Prospect:** "${fill(technique.roleplay, ctx.profile)}"\n\nYour turn: how do you respond?`,
    options: ['Give me a hint'],
    coaching: { stage, topics: [topic], method: technique.method },
    confidence: 0.9,
    state: { ...state, phase: 'roleplay', techniqueId: technique.id } satisfies DialogueState,
  };
}

/** What a good answer in a role-play does, checked in plain words. */
const ANSWER_CHECKS: Array<{ re: RegExp; good: string; missing: string }> = [
  {
    re: / (?:i )?(?:understand|hear you|totally|fair|makes sense|appreciate|good point|good question|agree|get it|of course|absolutely|sure) /,
    good: 'You acknowledged them first, which lowers their guard.',
    missing: 'Start by acknowledging what they said ("That\'s fair…"), so they feel heard before you answer.',
  },
  {
    re: /\?| (?:what|how|why|when|which|would|could|can|is it|are you|do you) /,
    good: 'You asked a question, which keeps them talking and tells you what is really going on.',
    missing: 'Ask a question back: it turns a rebuttal into a conversation and tells you what is really behind it.',
  },
  {
    re: / (?:save|saves|saving|cost|costs|revenue|time|result|results|value|roi|return|goal|goals|problem|grow|growth|profit|money|less|more) /,
    good: 'You tied it to what matters to them: value, not features.',
    missing: 'Tie your answer to their outcome (time, money, the problem they told you about), not to your product.',
  },
  {
    re: / (?:next step|meeting|tomorrow|thursday|monday|tuesday|wednesday|friday|calendar|schedule|book|minutes|call you|demo|trial|start|send you) /,
    good: 'You moved toward a concrete next step.',
    missing: 'Finish by proposing a small, specific next step (a time, a short call), so the conversation keeps moving.',
  },
];

function roleplayFeedback(ctx: CoachContext, state: DialogueState, technique: Technique, stage: Stage, topic: Topic): CoachReply {
  const s = ` ${normalize(ctx.message).trim()} ${ctx.message.includes('?') ? '?' : ''} `;
  const results = ANSWER_CHECKS.map((c) => ({ ok: c.re.test(s), c }));
  const score = results.filter((r) => r.ok).length;
  const verdict = score >= 3 ? 'Strong answer.' : score === 2 ? 'Good start.' : 'Let\'s sharpen that.';
  const lines = [
    `**${verdict}** Here is how it landed, using ${technique.method}:`,
    '',
    ...results.map((r) => (r.ok ? `- ✓ ${r.c.good}` : `- ✗ ${r.c.missing}`)),
    '',
    `**A stronger version:** ${fill(technique.example, ctx.profile)}`,
    '',
    'Want to try again, or move on?',
  ];
  return {
    content: lines.join('\n'),
    options: ROLEPLAY_OPTIONS,
    coaching: { stage, topics: [topic], method: technique.method },
    confidence: 0.85,
    state: { ...state, phase: 'coached' } satisfies DialogueState,
  };
}

const lastCoaching = (history: HistoryMessage[]): Coaching | undefined => {
  for (let i = history.length - 1; i >= 0; i--) {
    const c = history[i]?.coaching;
    if (c) return c;
  }
  return undefined;
};

/** One reply of the built-in coach: pure, fast, deterministic for the same context. */
export function playbookReply(ctx: CoachContext): CoachReply {
  const state = lastState(ctx.history);
  const intent = intentOf(ctx.message);
  const technique = TECHNIQUES.find((t) => t.id === state.techniqueId);
  const topic = state.topic;
  const stage = state.stage ?? (topic ? TOPIC_STAGE[topic] : 'general');

  if (intent === 'human') {
    return {
      content:
        "Of course. I've asked someone from our coaching team to read this conversation; their reply will appear right here, marked **Coaching team**.\n\nIn the meantime, do you want to keep working on it with me?",
      options: topic ? ['Give me another tip', 'I have a different problem'] : TOPIC_PICKER,
      coaching: lastCoaching(ctx.history) ?? { stage: 'general', topics: [] },
      confidence: 0.9,
      state,
      escalation: { reason: 'The rep asked to talk to a person.', priority: 'high' },
    };
  }
  if (intent === 'different_problem') {
    return {
      content: "Sure, let's look at something else. Tell me what happens on the call, in your own words, or pick the part that feels hardest:",
      options: TOPIC_PICKER,
      coaching: { stage: 'general', topics: [] },
      confidence: 0.9,
      state: { phase: 'start', used: state.used, lowStreak: 0 } satisfies DialogueState,
    };
  }
  if (topic && technique && (intent === 'roleplay' || (intent === 'try_again' && state.phase === 'coached'))) {
    return roleplayStart(ctx, state, technique, stage, topic);
  }
  if (topic && technique && state.phase === 'roleplay' && intent === 'hint') {
    return {
      content: `A good answer here does four things: acknowledges them, asks a question, ties to their outcome, and proposes a next step. For example: ${fill(technique.example, ctx.profile)}\n\nNow try it in your own words: how do you respond?`,
      options: [],
      coaching: { stage, topics: [topic], method: technique.method },
      confidence: 0.9,
      state,
    };
  }
  if (topic && technique && state.phase === 'roleplay' && !intent) {
    return roleplayFeedback(ctx, state, technique, stage, topic);
  }
  if (topic && intent === 'another_tip') {
    const hasFresh = (t: Topic) => techniquesFor(t).some((x) => !state.used.includes(x.id));
    if (hasFresh(topic)) return coachingReply(ctx, state, topic, stage, chooseTechnique(topic, state.problem ?? '', state.used), 'Here is another one to try.');
    // Every technique for this topic was given; going round again would repeat the first one.
    const covered = `That covers the ${techniquesFor(topic).length} ${TOPIC_LABELS[topic].toLowerCase()} techniques I'd start with.`;
    const related = diagnose(state.problem ?? '').topics.find((t) => t !== topic && hasFresh(t));
    if (related) {
      const opening = `${covered} What you described also touches **${TOPIC_LABELS[related].toLowerCase()}**, so here is one for that.`;
      return coachingReply(ctx, state, related, stage, chooseTechnique(related, state.problem ?? '', state.used), opening);
    }
    return {
      content: `${covered} The fastest way to make one stick is to practise it: shall we role-play the last one, or look at a different problem?`,
      options: ['Role-play this with me', 'I have a different problem'],
      coaching: lastCoaching(ctx.history) ?? { stage, topics: [topic] },
      confidence: 0.9,
      state,
    };
  }
  if (intent === 'thanks') {
    return {
      // "ok" or "got it" is not a thank-you, so it gets no "you're welcome".
      content: `${/thank|thx|cheers/.test(normalize(ctx.message)) ? "You're welcome." : 'Good.'} Try it on your next call and tell me how it went: I'll help you adjust. Anything else you want to work on?`,
      options: topic ? ['Give me another tip', 'Role-play this with me', 'I have a different problem'] : TOPIC_PICKER,
      coaching: lastCoaching(ctx.history) ?? { stage: 'general', topics: [] },
      confidence: 0.9,
      state,
    };
  }

  const picked = pickedTopic(ctx.message);
  if (picked) return askReply({ ...state, topic: undefined }, picked, TOPIC_STAGE[picked], state.problem ?? ctx.message, ctx.profile);

  const d = diagnose(ctx.message);
  const found = d.topics[0];
  const understood = found !== undefined && d.confidence >= 0.45;

  if (state.phase === 'asked' && topic) {
    // The answer to our question: it may move the topic ("it's the price" under prospecting).
    const nextTopic = understood && found && d.topicScores[found] >= 3 && found !== topic ? found : topic;
    const nextStage = nextTopic === topic ? stage : d.stage === 'general' ? TOPIC_STAGE[nextTopic] : d.stage;
    // The situation the rep first described picks the technique; their answer, when it names one.
    const chosen = fittingTechnique(nextTopic, state.problem ?? '', state.used) ?? chooseTechnique(nextTopic, `${state.problem ?? ''} ${ctx.message}`, state.used);
    const opening = `Thanks, that helps. Here is what I'd work on first, at **${STAGE_LABELS[nextStage].toLowerCase()}** of the call.`;
    return coachingReply(ctx, state, nextTopic, nextStage, chosen, opening);
  }

  if (!understood || !found) {
    // Not sure enough to coach: ask the rep to point, and still report the best guess.
    const guess: Coaching = found ? { stage: d.stage, topics: d.topics } : (lastCoaching(ctx.history) ?? { stage: 'general', topics: [] });
    return clarifyReply({ ...state, problem: ctx.message }, guess);
  }

  const newStage: Stage = d.stage === 'general' ? TOPIC_STAGE[found] : d.stage;
  if (isDirectQuestion(ctx.message)) {
    const chosen = chooseTechnique(found, ctx.message, state.used);
    const opening = `Good question: this is about **${TOPIC_LABELS[found].toLowerCase()}**, at **${STAGE_LABELS[newStage].toLowerCase()}** of the call.`;
    return coachingReply(ctx, { ...state, problem: ctx.message }, found, newStage, chosen, opening);
  }
  return askReply({ ...state, topic: undefined }, found, newStage, ctx.message, ctx.profile);
}

/** Splits text into small pieces that keep whitespace, so the stream concatenates to the content. */
function pieces(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [text];
}

/** Waits `ms`, or less if the rep goes away; its abort listener goes with it, so a long stream adds none. */
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function createPlaybookEngine(options: { streamDelayMs?: number } = {}): CoachEngine {
  const delay = options.streamDelayMs ?? 0;
  return {
    name: 'playbook',
    reply: (ctx) => playbookReplyWithCitation(ctx),
    stream(ctx, signal): CoachStream {
      const reply = playbookReplyWithCitation(ctx);
      // A failure reaches the caller through textStream and reply; this only keeps a reply the
      // caller never awaits from counting as an unhandled rejection.
      reply.catch(() => {});
      async function* textStream() {
        const parts = pieces((await reply).content);
        // Three words at a time reads like typing without flooding the connection.
        for (let i = 0; i < parts.length; i += 3) {
          if (signal?.aborted) return;
          yield parts.slice(i, i + 3).join('');
          await sleep(delay, signal);
        }
      }
      return { textStream: textStream(), reply };
    },
  };
}
