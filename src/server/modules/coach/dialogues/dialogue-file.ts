import fs from 'node:fs';
import { z } from 'zod';
import { STAGES, TOPICS } from '#shared/coaching.js';

/**
 * The multi-turn dialogue files (the dev dialogues of docs/coach-eval.md and ours under
 * bench/coach-eval/dialogues-*.json), as docs/coach-eval.md defines them.
 */
export const turnExpectSchema = z.object({
  stage: z.enum(STAGES).optional(),
  topicsAny: z.array(z.enum(TOPICS)).optional(),
  mentionsAny: z.array(z.string()).optional(),
  mentionsNone: z.array(z.string()).optional(),
  methodNamed: z.boolean().optional(),
  methodChanged: z.boolean().optional(),
  methodNew: z.boolean().optional(),
  answersFirst: z.array(z.string()).optional(),
  maxWords: z.number().int().positive().optional(),
});
export type TurnExpect = z.infer<typeof turnExpectSchema>;

/** The onboarding fields; any left out take the defaults below. */
export const dialogueProfileSchema = z.strictObject({
  industry: z.string().optional(),
  product: z.string().optional(),
  biggestStruggle: z.string().optional(),
  salesExperience: z.enum(['1-2 years', '3-5 years', '6+ years']).optional(),
  age: z.number().int().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  currentIncome: z.number().int().optional(),
  targetIncome: z.number().int().optional(),
});

export const dialogueSchema = z.object({
  id: z.string(),
  profile: dialogueProfileSchema.default({}),
  turns: z.array(z.object({ rep: z.string(), expect: turnExpectSchema.default({}) })).min(1),
});
export type Dialogue = z.infer<typeof dialogueSchema>;

export const dialogueFileSchema = z.object({ dialogues: z.array(dialogueSchema) });

/** docs/coach-eval.md: "a 34-year-old rep in Austin, TX, 3-5 years, $4,000 last month, $6,500 target, B2B software". */
export const DEFAULT_PROFILE = {
  age: 34,
  city: 'Austin',
  state: 'TX',
  salesExperience: '3-5 years',
  currentIncome: 4000,
  targetIncome: 6500,
  industry: 'B2B software',
  product: 'B2B software',
  biggestStruggle: 'Closing more deals',
} as const;

export function readDialogueFile(file: string): Dialogue[] {
  const parsed = dialogueFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data.dialogues;
}
