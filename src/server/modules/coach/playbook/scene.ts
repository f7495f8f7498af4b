import type { Stage, Topic } from '#shared/coaching.js';
import type { CoachContext, CoachReply } from '../engine.js';
import { AFTER_SCENE_OPTIONS, SCENE_OPTIONS } from '../vocabulary.js';
import type { DialogueState, Turn } from './dialogue-state.js';
import type { Facts } from './facts.js';
import { fill } from './replies.js';
import { assess, quoteOf, sceneFeedback, strongerLine } from './role-play.js';
import type { Technique } from './techniques.js';

/**
 * The role-play: the coach plays the rep's buyer, answers each of the rep's lines in character
 * after a word out of character on it, and ends with feedback on all of them.
 */

const MAX_EXCHANGES = 4;

/** The rep's line in a role-play, as they typed it: the quoted words when they quoted them, at most about 60 words. */
export function spokenLine(message: string): string {
  const quoted = /(?:^|[\s(:,.])['‘"“]((?:[^'’"”]|['’](?=[a-z])){8,}?)(?:['’"”](?=[\s.,!?;:)]|$)|$)/i.exec(message)?.[1];
  const w = (quoted ?? message).trim().split(/\s+/);
  return w.length > 60 ? `${w.slice(0, 60).join(' ')}…` : w.join(' ');
}

/** Who the coach plays: the decider the rep named, else their buyer. */
const buyerName = (facts: Facts) => (facts.decider ? facts.decider.replace(/^the /, '').replace(/^their /, '') : 'your buyer');

/** The scene's opening: the coach, as the buyer, speaks first, with the buyer's own words when the rep quoted them. */
export function startScene(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, technique: Technique): Turn {
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
      options: [...SCENE_OPTIONS],
      coaching: { stage, topics: [topic], method: technique.method },
      confidence: 0.9,
      state: { ...state, phase: 'roleplay', topic, stage, techniqueId: technique.id, scene: { buyer: line, who, exchanges: 0 } } satisfies DialogueState,
    },
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A drill's own rubric (the lesson's "A strong answer"), under the feedback, to hold the lines against. */
const rubricNote = (rubric: readonly string[] | undefined) => (rubric?.length ? `\n\n**What the lesson's strong answer does:**\n${rubric.map((r, i) => `${i + 1}. ${r}`).join('\n')}` : '');

/** A lesson's drill, as the training module describes it: the scene the coach opens with the buyer's first line. */
export interface DrillScene {
  /** Who the coach plays, as the lesson describes them ("Dave, mid-fifties, dinner on the stove"). */
  buyer: string;
  /** Their first name or role, for the speaker label ("Dave"). */
  who: string;
  openingLine: string;
  moment: string;
  rubric: string[];
  topic: Topic;
  techniqueId: string;
}

/**
 * The first coach turn of a lesson's drill (issue #27): the buyer's opening line, already in the
 * scene, so the rep answers it straight away. Its state is the one startScene leaves, so the next
 * message is the rep's line to the buyer (the "in scene" rule) and the scene ends with feedback
 * as any other; the lesson's rubric rides in the scene to be shown with that feedback.
 */
export function drillOpening(drill: DrillScene, state: DialogueState, technique: Technique, stage: Stage): CoachReply {
  return {
    content: `Let's drill it. I'll be the buyer: ${drill.buyer} The moment: ${drill.moment} Answer the way you would for real, and say "stop" whenever you want feedback.\n\n**${capitalise(drill.who)}:** "${drill.openingLine}"`,
    options: [...SCENE_OPTIONS],
    // No method while the buyer speaks (dialogue.ts asRolePlay): the line is theirs, not a technique.
    coaching: { stage, topics: [drill.topic], rolePlay: true },
    confidence: 1,
    state: {
      ...state,
      phase: 'roleplay',
      topic: drill.topic,
      stage,
      techniqueId: technique.id,
      used: state.used.includes(technique.id) ? state.used : [...state.used, technique.id],
      scene: { buyer: drill.openingLine, who: drill.who, exchanges: 0, rubric: drill.rubric },
      drill,
    } satisfies DialogueState,
  };
}

/** The buyer's next line: it follows from what the rep just did. */
function buyerReaction(a: ReturnType<typeof assess>, facts: Facts, said: readonly string[]): string {
  const lines: string[] = [];
  if (a.faults.some((f) => f.id === 'pressure' || f.id === 'trust-me')) lines.push("Now I really don't want to decide today. We'll let you know.", "That sounds like a sales line. I'd rather take my time.");
  if (a.faults.some((f) => f.id === 'argued')) lines.push("Look, I'm not going to argue about it. We'll think it over.", "I didn't say it was bad. I said I'm not sure yet.");
  if (a.good.some((g) => g.id === 'next-step')) lines.push('Maybe. What exactly would we be agreeing to?', "I guess that could work. But I'm not promising anything.");
  if (a.good.some((g) => g.id === 'asked')) {
    lines.push(facts.numbers.length ? `Honestly it's mostly the money. ${facts.numbers.at(-1)} is a lot for us right now.` : "Honestly, I just want to be sure we're not overpaying. What makes yours worth it?", "It's more that we've been burned before. How do I know this time is different?");
  }
  lines.push("I hear you, but I still need to think about it.", "Okay. And if it doesn't work out for us, then what?");
  // The buyer never says the same line twice in one conversation.
  return lines.find((l) => !said.includes(l)) ?? lines[0] ?? '';
}

/** The rep's line in the scene, or their "stop" (`ending`): a word on it out of character, then the buyer's next line or the feedback. */
export function sceneTurn(ctx: CoachContext, state: DialogueState, topic: Topic, stage: Stage, technique: Technique, ending: boolean): Turn {
  const scene = state.scene ?? { buyer: technique.roleplay, who: 'your buyer', exchanges: 0 };
  if (ending && scene.lines?.length) {
    return {
      reply: {
        content: `${sceneFeedback(scene.lines)}${rubricNote(scene.rubric)}\n\nTry the scene again, or move on?`,
        sceneEnded: true,
        options: [...AFTER_SCENE_OPTIONS],
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
        options: [...AFTER_SCENE_OPTIONS],
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
  const next = done ? undefined : buyerReaction(a, state.facts, state.seen.lines);
  const said = [...(scene.lines ?? []), spokenLine(ctx.message)];
  // The last exchange ends the scene with the feedback on all of the rep's lines.
  lines.push('', next ? `Back in character.\n\n**${capitalise(scene.who)}:** "${next}"` : `That ends the scene. ${sceneFeedback(said)}${rubricNote(scene.rubric)}\n\nTry it again, or shall we move on?`);
  return {
    reply: {
      content: lines.join('\n'),
      ...(next ? {} : { sceneEnded: true as const }),
      options: [...(next ? SCENE_OPTIONS : AFTER_SCENE_OPTIONS)],
      coaching: { stage, topics: [topic], method: technique.method },
      confidence: 0.85,
      state: (next ? { ...state, phase: 'roleplay', scene: { ...scene, buyer: next, exchanges, lines: said } } : { ...state, phase: 'coached', scene: undefined }) satisfies DialogueState,
    },
  };
}
