import { TOPICS, type Stage, type Topic } from '../../../../shared/coaching.js';
import { SIGNALS, type CallStage } from './signals.js';
import { normalize } from './text.js';

/** Which part of the call each topic usually lives in, when the rep does not say. */
const TOPIC_STAGE: Record<Topic, CallStage> = {
  prospecting: 'intro',
  discovery: 'middle',
  presentation: 'middle',
  objection_handling: 'middle',
  closing: 'close',
  follow_up: 'close',
};

/** How much a topic's own score votes for its usual stage, next to explicit cues ("at the end"). */
const TOPIC_STAGE_VOTE = 0.6;
/** Below this top-topic score the coach is guessing and should ask instead. */
export const CONFIDENT_SCORE = 2.5;

export interface Diagnosis {
  stage: Stage;
  /** Every topic with any evidence, most likely first. */
  topics: Topic[];
  topicScores: Record<Topic, number>;
  stageScores: Record<CallStage, number>;
  /** 0..1, from the strength of the best evidence. */
  confidence: number;
}

export function diagnose(text: string): Diagnosis {
  const s = normalize(text);
  const topicScores = Object.fromEntries(TOPICS.map((t) => [t, 0])) as Record<Topic, number>;
  const stageScores: Record<CallStage, number> = { intro: 0, middle: 0, close: 0 };
  for (const signal of SIGNALS) {
    if (!signal.re.test(s)) continue;
    for (const [topic, weight] of Object.entries(signal.topics ?? {}) as Array<[Topic, number]>) topicScores[topic] += weight;
    for (const [stage, weight] of Object.entries(signal.stages ?? {}) as Array<[CallStage, number]>) stageScores[stage] += weight;
  }
  const topics = TOPICS.filter((t) => topicScores[t] > 0).sort((a, b) => topicScores[b] - topicScores[a] || TOPICS.indexOf(a) - TOPICS.indexOf(b));
  const best = topics[0] ? topicScores[topics[0]] : 0;

  const votes = { ...stageScores };
  for (const t of topics) votes[TOPIC_STAGE[t]] += TOPIC_STAGE_VOTE * topicScores[t];
  const ranked = (Object.keys(votes) as CallStage[]).sort((a, b) => votes[b] - votes[a]);
  const top = ranked[0] ?? 'middle';
  const stage: Stage = votes[top] >= 1 ? top : 'general';

  const confidence = Math.min(0.95, best >= CONFIDENT_SCORE ? 0.6 + best / 20 : best / (CONFIDENT_SCORE * 2));
  return { stage, topics, topicScores, stageScores, confidence: Math.round(confidence * 100) / 100 };
}
