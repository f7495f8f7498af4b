import type { Coaching, Stage, Topic } from '#shared/coaching.js';
import type { CoachContext, CoachReply, HistoryMessage } from '../engine.js';
import { NEXT_STEP_OPTIONS } from '../vocabulary.js';
import { questionKey, type DialogueState, type Turn } from './dialogue-state.js';
import { coachingText, diagnosisLine, reflection } from './replies.js';
import { FOLLOW_UP_QUESTIONS, techniquesFor, type Technique } from './techniques.js';
import { normalize } from './text.js';

/**
 * The turns several turn rules end in: coaching with a technique, one question, and the options
 * and diagnosis they carry.
 */

/** The vocabulary's next steps, under this name for the turn rules that offer them. */
export const NEXT_OPTIONS = NEXT_STEP_OPTIONS;

/** The part-of-the-call picker offered when the coach needs the rep to point; each choice is a topic. */
export const PICKER: Array<[string, Topic]> = [
  ['Getting prospects to talk to me', 'prospecting'],
  ['Finding out what they need', 'discovery'],
  ['Presenting and demos', 'presentation'],
  ['Handling objections', 'objection_handling'],
  ['Closing the deal', 'closing'],
  ['Following up', 'follow_up'],
];
export const TOPIC_PICKER = PICKER.map(([label]) => label);

export const lastCoaching = (history: HistoryMessage[]): Coaching | undefined => {
  for (let i = history.length - 1; i >= 0; i--) {
    const c = history[i]?.coaching;
    if (c) return c;
  }
  return undefined;
};

/** The last diagnosis, without a method: for replies that coach with none (thanks, off-topic, a person). */
export const plainCoaching = (history: HistoryMessage[], fallback?: Coaching): Coaching => {
  const c = lastCoaching(history) ?? fallback ?? { stage: 'general', topics: [] };
  return { stage: c.stage, topics: c.topics };
};

/** A coaching turn: the technique, worded for the rep, after `opening`; `also` names the other topics it touches. */
export function coach(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, technique: Technique, opening: string, also: Topic[] = []): Turn {
  const found = techniquePassage(ctx.knowledge, technique);
  // A section the rep has already been shown is cited by its title alone, not quoted again.
  const shown = found && state.seen.quoted.includes(found.title.split(' › ').at(-1) ?? '');
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

/** One question, never one asked before; when it was, the coach coaches instead. */
export function ask(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, problem: string): Turn | undefined {
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
