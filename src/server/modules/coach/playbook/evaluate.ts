import type { Stage, Topic } from '#shared/coaching.js';
import type { CoachContext, HistoryMessage, RepProfile } from '../engine.js';
import { diagnose } from './diagnose.js';
import { playbookReply } from './playbook-engine.js';
import type { Scenario } from './scenario-file.js';

export interface ScenarioResult {
  id: string;
  message: string;
  expectedStage: Stage;
  expectedTopics: Topic[];
  predictedStage: Stage;
  predictedTopics: Topic[];
  stageOk: boolean;
  topicOk: boolean;
  /** The coaching reply (reached by tapping the first option of any question before it) names a method and ends with a question or options. */
  replyOk: boolean;
  method?: string;
}

export interface EvalReport {
  rows: ScenarioResult[];
  stageCorrect: number;
  topicCorrect: number;
  replyCorrect: number;
  /** The engine's own reply time over every reply produced. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const EVAL_PROFILE: RepProfile = {
  username: 'eval',
  industry: 'Dental practices',
  product: 'scheduling software',
  salesExperience: '3-5 years',
  biggestStruggle: null,
  targetIncome: 6500,
  currentIncome: 4200,
  city: null,
  state: null,
};

const PASSAGE = [{ title: 'Objection handling › Price', content: 'Clarify what the price is being compared with before you answer.', rank: 0.5 }];

export async function evaluateScenarios(scenarios: Scenario[]): Promise<EvalReport> {
  const rows: ScenarioResult[] = [];
  const times: number[] = [];
  const timed = <T>(fn: () => T): T => {
    const t0 = performance.now();
    const out = fn();
    times.push(performance.now() - t0);
    return out;
  };
  for (const sc of scenarios) {
    const d = diagnose(sc.message);
    const ctx: CoachContext = { profile: EVAL_PROFILE, history: [], message: sc.message, knowledge: PASSAGE };
    let reply = timed(() => playbookReply(ctx));
    const first = reply;
    // Follow the dialogue as a rep tapping the first option would, until the coach coaches
    // (a clarifying question and a targeted question may come first).
    const history: HistoryMessage[] = [];
    let said = sc.message;
    for (let turn = 0; turn < 3 && !reply.coaching.method && reply.options[0]; turn++) {
      history.push({ role: 'user', content: said }, { role: 'assistant', content: reply.content, options: reply.options, coaching: reply.coaching, state: reply.state ?? null });
      said = reply.options[0];
      const message = said;
      reply = timed(() => playbookReply({ ...ctx, history: [...history], message }));
    }
    const endsWithQuestion = reply.content.trim().endsWith('?');
    // The stage and topics the engine reports on its first reply are the diagnosis scored here.
    const predictedStage = first.coaching.stage === 'general' ? d.stage : first.coaching.stage;
    const predictedTopics = first.coaching.topics.length ? first.coaching.topics : d.topics;
    rows.push({
      id: sc.id,
      message: sc.message,
      expectedStage: sc.stage,
      expectedTopics: sc.topics,
      predictedStage,
      predictedTopics,
      stageOk: predictedStage === sc.stage,
      topicOk: predictedTopics[0] !== undefined && sc.topics.includes(predictedTopics[0]),
      replyOk: Boolean(reply.coaching.method) && (endsWithQuestion || reply.options.length > 0),
      method: reply.coaching.method,
    });
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return {
    rows,
    stageCorrect: rows.filter((r) => r.stageOk).length,
    topicCorrect: rows.filter((r) => r.topicOk).length,
    replyCorrect: rows.filter((r) => r.replyOk).length,
    p50Ms: q(0.5),
    p99Ms: q(0.99),
    maxMs: times[times.length - 1] ?? 0,
  };
}
