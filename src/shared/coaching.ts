/**
 * The coach's vocabulary (product §8.2), shared by the engines, the API and the chat screen.
 */
import { z } from 'zod';

/** The parts of a sales call, in call order. */
export const CALL_STAGES = ['intro', 'middle', 'close'] as const;
export type CallStage = (typeof CALL_STAGES)[number];

/** A call stage, or `general` for a message about no part of a call (chatter, a thank-you). */
export const STAGES = [...CALL_STAGES, 'general'] as const;
export type Stage = (typeof STAGES)[number];

export const TOPICS = ['prospecting', 'discovery', 'presentation', 'objection_handling', 'closing', 'follow_up'] as const;
export type Topic = (typeof TOPICS)[number];

/** The part of the call each topic usually lives in, for when the rep does not say which. */
export const TOPIC_STAGE: Record<Topic, CallStage> = {
  prospecting: 'intro',
  discovery: 'middle',
  presentation: 'middle',
  objection_handling: 'middle',
  closing: 'close',
  follow_up: 'close',
};

export const TOPIC_LABELS: Record<Topic, string> = {
  prospecting: 'Prospecting and openers',
  discovery: 'Discovery',
  presentation: 'Presenting and demos',
  objection_handling: 'Objection handling',
  closing: 'Closing',
  follow_up: 'Follow-up',
};

export const STAGE_LABELS: Record<Stage, string> = {
  intro: 'The opening',
  middle: 'The middle',
  close: 'The close',
  general: 'General',
};

/** SQUARE, our call framework (product §8.2): S is the intro, Q–R the middle, E the close. */
export const SQUARE_STEPS = [
  { letter: 'S', name: 'Set the stage', stage: 'intro' },
  { letter: 'Q', name: 'Question', stage: 'middle' },
  { letter: 'U', name: 'Uncover the need and what it costs', stage: 'middle' },
  { letter: 'A', name: 'Address objections', stage: 'middle' },
  { letter: 'R', name: 'Recommend, tied to the need', stage: 'middle' },
  { letter: 'E', name: 'Earn the commitment', stage: 'close' },
] as const;

/** The diagnosis every assistant message carries. */
export const coachingSchema = z.object({
  stage: z.enum(STAGES),
  /** Most likely first. */
  topics: z.array(z.enum(TOPICS)),
  /** The named method the reply coaches with, when it coaches with one. */
  method: z.string().optional(),
  /**
   * A role-play turn: the coach playing the rep's buyer, or its feedback on the rep's lines in the
   * scene. Practice, not advice to try on a call, so it takes no call outcome ("Tried it?").
   */
  rolePlay: z.literal(true).optional(),
  /**
   * A question the coach cannot advise on (legal, tax, HR, medical): it says so and offers the
   * coaching team. Not advice to try on a call either, so no "Tried it?" and no count in Progress.
   * Kept apart from `rolePlay`, which Progress also reads as "practised in a scene".
   */
  notCoaching: z.literal(true).optional(),
});
export type Coaching = z.infer<typeof coachingSchema>;
