import { CALL_STAGES, TOPIC_STAGE, TOPICS, type CallStage, type Stage, type Topic } from '#shared/coaching.js';
import { classify, type Classification } from './classifier.js';
import { FOCUS_MARKER, SIGNALS, type Signal } from './signals.js';
import { normalize, withoutStrengths } from './text.js';

/**
 * How the hand-written signals (signals.ts) and the statistical classifier (classifier.ts) are
 * combined. Tuned by 10-fold cross-validation over training-corpus.json + the dev set of docs/coach-eval.md
 * + bench/coach-eval/holdout.json; a broad plateau, not a sharp optimum.
 */
export interface Tuning {
  /** Points a topic gets per unit of classifier posterior above chance (1/6), next to signal points. */
  topicClassifier: number;
  /** Weight of the signals' explicit stage cues ("at the end", "halfway", "first ten seconds"). */
  stageSignals: number;
  /** Weight of the stage classifier's posterior. */
  stageClassifier: number;
  /** How much the combined topic belief votes for the topic's usual stage. */
  topicStageVote: number;
  /** Below this much evidence the message has no sales content: stage 'general', no topics. */
  minEvidence: number;
  /** Evidence points the classifier alone can give, when sure and the text is well known to it. */
  classifierEvidence: number;
}

export const TUNING: Tuning = {
  topicClassifier: 3,
  stageSignals: 1,
  stageClassifier: 1.5,
  topicStageVote: 2,
  minEvidence: 1,
  classifierEvidence: 3,
};

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

/** A signal about chasing someone: follow-up is the largest of its topics. */
function isFollowUpSignal(signal: Signal): boolean {
  const weights = Object.values(signal.topics ?? {});
  return (signal.topics?.follow_up ?? 0) > 0 && (signal.topics?.follow_up ?? 0) >= Math.max(...weights);
}

const CHANCE = 1 / TOPICS.length;
const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The chat service (to aim the knowledge search) and the engine both diagnose the rep's new
 * message; the last few results are kept so the second call is free. Callers must not mutate
 * the result they get.
 */
const recent = new Map<string, Diagnosis>();
export const RECENT_MAX = 64;

export function diagnose(text: string): Diagnosis {
  const known = recent.get(text);
  if (known) return known;
  const d = diagnoseWith(text, classify);
  if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value as string);
  recent.set(text, d);
  return d;
}

/** The diagnosis with a given classifier (or none: signals only), for cross-validation and tests. */
export function diagnoseWith(message: string, classifier: ((text: string) => Classification | undefined) | null, tuning: Tuning = TUNING): Diagnosis {
  const text = withoutStrengths(message);
  const s = normalize(text);
  const signalTopic = Object.fromEntries(TOPICS.map((t) => [t, 0])) as Record<Topic, number>;
  const signalStage: Record<CallStage, number> = { intro: 0, middle: 0, close: 0 };
  const matched = SIGNALS.filter((signal) => signal.re.test(s));
  // When the rep says which trouble they want help with, what they said before it counts half.
  const focus = FOCUS_MARKER.exec(s);
  const tail = focus ? s.slice(focus.index) : s;
  const weightOf = (signal: Signal) => (focus && !signal.re.test(tail) ? 0.5 : 1);
  // Chasing a cold approach is still the opening; chasing a proposal or a meeting is the close.
  const outreach = matched.filter((m) => m.context === 'outreach').length;
  const followUpStage: CallStage = outreach > matched.filter((m) => m.context === 'deal').length ? 'intro' : 'close';
  for (const signal of matched) {
    const k = weightOf(signal);
    for (const [topic, weight] of Object.entries(signal.topics ?? {}) as Array<[Topic, number]>) signalTopic[topic] += k * weight;
    const chasing = isFollowUpSignal(signal);
    for (const [stage, weight] of Object.entries(signal.stages ?? {}) as Array<[CallStage, number]>) {
      signalStage[chasing && stage === 'close' ? followUpStage : stage] += k * weight;
    }
  }
  const c = classifier?.(text);
  // How much the classifier knows this text: the share of its words seen in training, and enough of
  // them (one or two known words are not enough to trust a naive Bayes posterior).
  const familiarity = c && c.words > 0 ? Math.min(1, Math.max(0, c.knownWords - 1) / 3) * (c.knownWords / c.words) : 0;

  const topicScores = Object.fromEntries(TOPICS.map((t) => [t, 0])) as Record<Topic, number>;
  for (const t of TOPICS) {
    const lift = c ? Math.max(0, (c.topic[t] - CHANCE) / (1 - CHANCE)) : 0;
    topicScores[t] = round2(signalTopic[t] + tuning.topicClassifier * lift);
  }
  const ranked = [...TOPICS].sort((a, b) => topicScores[b] - topicScores[a] || TOPICS.indexOf(a) - TOPICS.indexOf(b));
  const top = ranked[0] as Topic;

  // Is this about selling at all? The hand signals' points for the top topic, or words the
  // classifier knows from sales talk (and not from chatter: "hi", "thanks", "what's the weather").
  const salesTalk = signalTopic[top] + tuning.classifierEvidence * (c ? c.sales * familiarity : 0);
  // How sure of the topic: the signals' points, plus the classifier's certainty on familiar text.
  const topLift = c ? Math.max(0, (c.topic[top] - CHANCE) / (1 - CHANCE)) : 0;
  const evidence = signalTopic[top] + tuning.classifierEvidence * topLift * familiarity * (c ? c.sales : 0);
  const confidence = round2(Math.min(0.95, evidence >= CONFIDENT_SCORE ? 0.6 + evidence / 20 : evidence / (CONFIDENT_SCORE * 2)));
  if (salesTalk < tuning.minEvidence) {
    return { stage: 'general', topics: [], topicScores, stageScores: signalStage, confidence };
  }

  // Stage: explicit cues from the signals, the stage classifier, and the topics' usual stages.
  const stageScores: Record<CallStage, number> = { intro: 0, middle: 0, close: 0 };
  const best = topicScores[top];
  const weights = TOPICS.map((t) => Math.exp(topicScores[t] - best));
  const total = weights.reduce((a, b) => a + b, 0);
  for (const st of CALL_STAGES) stageScores[st] = tuning.stageSignals * signalStage[st] + (c ? tuning.stageClassifier * c.stage[st] : 0);
  TOPICS.forEach((t, i) => {
    stageScores[t === 'follow_up' ? followUpStage : TOPIC_STAGE[t]] += (tuning.topicStageVote * (weights[i] ?? 0)) / total;
  });
  for (const st of CALL_STAGES) stageScores[st] = round2(stageScores[st]);
  const stage = [...CALL_STAGES].sort((a, b) => stageScores[b] - stageScores[a] || CALL_STAGES.indexOf(a) - CALL_STAGES.indexOf(b))[0] as CallStage;

  const topics = ranked.filter((t) => t === top || topicScores[t] >= Math.max(0.5, best / 4));
  return { stage, topics, topicScores, stageScores, confidence };
}
