import { TOPIC_STAGE } from '#shared/coaching.js';
import type { CoachReply } from '../engine.js';
import type { DialogueState } from './dialogue-state.js';
import { NO_FACTS } from './facts.js';
import { recall, seeing } from './memory.js';
import { NO_PLAY } from './play-turns.js';
import { drillOpening, type DrillScene } from './scene.js';
import { TECHNIQUES } from './techniques.js';

export type { DrillScene } from './scene.js';

/**
 * The opening coach message of a lesson's drill (issue #27), as the built-in coach would have
 * stored it: a new conversation's state with the scene already running on the lesson's buyer.
 * The technique is the lesson's own (its hint and method, if the rep asks for one mid-scene).
 */
export function drillReply(drill: DrillScene): CoachReply {
  const technique = TECHNIQUES.find((t) => t.id === drill.techniqueId);
  if (!technique) throw new Error(`No coaching technique "${drill.techniqueId}" for the drill`);
  const fresh: DialogueState = { phase: 'start', used: [], lowStreak: 0, facts: { ...NO_FACTS }, asked: [], play: { ...NO_PLAY }, seen: recall(undefined, []) };
  const reply = drillOpening(drill, fresh, technique, TOPIC_STAGE[drill.topic]);
  const state = reply.state as DialogueState;
  // What the coach said is remembered as any reply is (dialogue.ts remembered), so later turns need not re-read it.
  return { ...reply, state: { ...state, seen: seeing(state.seen, { role: 'assistant', content: reply.content, coaching: reply.coaching }) } satisfies DialogueState };
}
