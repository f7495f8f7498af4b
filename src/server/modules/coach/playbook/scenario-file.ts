import fs from 'node:fs';
import { z } from 'zod';
import { STAGES, TOPICS } from '#shared/coaching.js';

/**
 * The one format of the coach's labelled messages: the dev set (docs/coach-eval.md),
 * the held-out sets (bench/coach-eval/*.json) and the classifier's training corpus
 * (training-corpus.json). The evaluation, the bench, the classifier and the tests all read them
 * through this module, so a file that one of them accepts is a file all of them accept. Keys not
 * named here (`about`, `offTopicAbout`) are notes for people and are ignored.
 */
export const scenarioSchema = z.object({
  id: z.string(),
  /** What the rep types. */
  message: z.string(),
  /** The stage the diagnosis should find. */
  stage: z.enum(STAGES),
  /** The topics a right diagnosis may put first, the most fitting first (the classifier trains on that order). */
  topics: z.array(z.enum(TOPICS)).min(1),
});
export type Scenario = z.infer<typeof scenarioSchema>;

export const scenarioFileSchema = z.object({
  scenarios: z.array(scenarioSchema),
});

/** The training corpus: scenarios, plus chatter with no sales content for the sales-or-not model. */
export const trainingCorpusSchema = z.object({
  /**
   * `weight` (default 1): how much one example counts in training. The turns taken from dialogue
   * sets count less than the opening messages written for the corpus: their label often depends
   * on the conversation before them, which the one-message models do not see.
   */
  scenarios: z.array(scenarioSchema.extend({ weight: z.number().positive().max(1).optional() })),
  offTopic: z.array(z.string()).default([]),
});
export type TrainingCorpus = z.infer<typeof trainingCorpusSchema>;

function readJson<T>(file: string | URL, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  // Name the file: the same error from the dev set and from the corpus reads alike otherwise.
  if (!parsed.success) throw new Error(`${String(file)}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The scenarios of an evaluation file; throws, naming the file, when it is not in the format. */
export function readScenarioFile(file: string | URL): Scenario[] {
  return readJson(file, scenarioFileSchema).scenarios;
}

export function readTrainingCorpus(file: string | URL): TrainingCorpus {
  return readJson(file, trainingCorpusSchema);
}
