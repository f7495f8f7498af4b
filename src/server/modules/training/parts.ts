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
 * The order matches TRAINING_VIDEO_IDS.
 */
export const TRAINING_PARTS: readonly TrainingPartContent[] = [
  {
    id: 'discovery',
    description: 'Open calls with questions that uncover the buyer’s situation, the pain behind it and what it costs them, before you pitch anything.',
  },
  {
    id: 'objections',
    description: 'Hear “too expensive”, “send me an email” and “we already have a vendor” as questions, and answer them with acknowledge, clarify and respond.',
  },
  {
    id: 'closing',
    description: 'Ask for the decision with confidence: trial closes, summarising value in the buyer’s words, and ending every call with a dated next step.',
  },
  {
    id: 'pipeline',
    description: 'Open in under 15 seconds, earn the first minute, qualify out early and end every conversation with something dated.',
  },
];
