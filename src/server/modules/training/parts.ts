import type { TrainingPartId } from '#shared/schemas/training.js';

/**
 * A part of the course as the list describes it; the lesson itself is written in
 * content/practice/lessons/<id>.md (lessons.ts), its video id comes from configuration
 * (TRAINING_VIDEO_IDS).
 */
export interface TrainingPartContent {
  id: TrainingPartId;
  description: string;
}

/**
 * The four parts of the Pro course, in order (product §9.1). Fixed content in code rather than
 * rows: they change with a release, not at run time, and each user's marks refer to them by id.
 * The order matches TRAINING_VIDEO_IDS (README): openers and prospecting first (issue #27).
 */
export const TRAINING_PARTS: readonly TrainingPartContent[] = [
  {
    id: 'pipeline',
    description: 'Prospect at the same time every day, open in under 15 seconds with one true reason, ask for a small slice, qualify out early and end every conversation with something dated.',
  },
  {
    id: 'discovery',
    description: 'Ask SPIN questions (situation, problem, implication, need-payoff) to find the real problem and put a number on what it costs, then sum it up in the buyer’s words before you recommend anything.',
  },
  {
    id: 'objections',
    description: 'Hear an objection as what the buyer is missing: acknowledge it, ask one question to find the real concern, answer that briefly and confirm; LAER when it comes with feeling.',
  },
  {
    id: 'closing',
    description: 'Ask for the decision with confidence: trial closes, summarising value in the buyer’s words, and ending every call with a dated next step.',
  },
];
