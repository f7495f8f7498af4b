import type { Stage, Topic } from '#shared/coaching.js';
import type { CoachReply, HistoryMessage } from '../engine.js';
import { NO_FACTS, readFacts, withMessage, type Facts } from './facts.js';
import { readSeen, recall, type Seen } from './memory.js';
import { NO_PLAY, readPlay, type PlayState } from './play-turns.js';
import type { DrillScene } from './scene.js';
import type { Technique } from './techniques.js';
import { normalize } from './text.js';

/**
 * The state the built-in coach keeps between turns, and what one turn answers. The state travels
 * in each assistant message (`state`), so a conversation resumes from its history alone.
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
  /** Consecutive turns the coach could not place (product §8.4: twice → a person takes over). */
  lowStreak: number;
  /** What the rep has told the coach (facts.ts). */
  facts: Facts;
  /** Every question the coach has asked, normalised: it never asks one twice. */
  asked: string[];
  /**
   * The role-play in progress: the buyer's last line and how many exchanges so far; a lesson's
   * drill adds what its strong answer does, said again with the feedback (issue #27).
   */
  scene?: { buyer: string; who: string; exchanges: number; lines?: string[]; rubric?: string[] };
  /** Where the coaching from the written ways of selling stands (play-turns.ts). */
  play: PlayState;
  /** A lesson's drill (issue #27): its scene, so "Try the scene again" replays the lesson's buyer. */
  drill?: DrillScene;
  /** What the conversation has said so far, for the checks that look back over it (memory.ts). */
  seen: Seen;
};

/** What one turn answers: the reply, and the technique whose playbook section it should cite. */
export interface Turn {
  reply: CoachReply;
  technique?: Technique;
}

export const questionKey = (q: string) => normalize(q).trim();

export function lastState(history: HistoryMessage[]): DialogueState {
  for (let i = history.length - 1; i >= 0; i--) {
    const m = history[i];
    if (m?.role === 'assistant' && m.state && typeof m.state === 'object' && 'phase' in m.state) {
      const s = m.state as Partial<DialogueState>;
      const stored = readSeen(s.seen);
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
        play: readPlay(s.play),
        drill: s.drill,
        seen: stored ? recall(stored, history.slice(i + 1)) : recall(undefined, history),
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
  const fresh: DialogueState = { phase: 'start', used: [], lowStreak: 0, facts: { ...NO_FACTS }, asked: [], play: { ...NO_PLAY }, seen: recall(undefined, history) };
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
