import type { TrainingPartId } from '#shared/schemas/training.js';

/** A part of the course as written here; its video id comes from configuration (TRAINING_VIDEO_IDS). */
export interface TrainingPartContent {
  id: TrainingPartId;
  title: string;
  description: string;
  durationMinutes: number;
}

/**
 * The four parts of the Pro course, in order (product §9.1: 15, 20, 18 and 22 minutes; 75 in
 * all). Fixed content in code rather than rows: they change with a release, not at run time,
 * and each user's marks refer to them by id. The order matches TRAINING_VIDEO_IDS.
 */
export const TRAINING_PARTS: readonly TrainingPartContent[] = [
  {
    id: 'discovery',
    title: 'Part 1: Discovery That Finds the Real Problem',
    description: 'Open calls with questions that uncover the buyer’s situation, the pain behind it and what it costs them, before you pitch anything.',
    durationMinutes: 15,
  },
  {
    id: 'objections',
    title: 'Part 2: Handling Objections Without Arguing',
    description: 'Hear “too expensive”, “send me an email” and “we already have a vendor” as questions, and answer them with acknowledge, clarify and respond.',
    durationMinutes: 20,
  },
  {
    id: 'closing',
    title: 'Part 3: Closing With Clear Next Steps',
    description: 'Ask for the decision with confidence: trial closes, summarising value in the buyer’s words, and ending every call with a dated next step.',
    durationMinutes: 18,
  },
  {
    id: 'pipeline',
    title: 'Part 4: Running a Pipeline That Hits Quota',
    description: 'Prospect every day, qualify out early, follow up on a rhythm and read your numbers so next month’s quota is won this month.',
    durationMinutes: 22,
  },
];

export const TRAINING_TOTAL_MINUTES = TRAINING_PARTS.reduce((sum, p) => sum + p.durationMinutes, 0);
