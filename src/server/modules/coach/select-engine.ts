import type { Env, LlmCoachEnv } from '../../env.js';
import { CircuitBreaker } from './circuit-breaker.js';
import type { CoachEngine, CoachTurnReport } from './engine.js';
import { withFallback, type FallbackLog } from './fallback.js';
import { withPersonRequests } from './person-request.js';
import { diagnose } from './playbook/diagnose.js';
import { createPlaybookEngine } from './playbook/playbook-engine.js';

/** The app's logger, or any with pino's two levels used here. */
export interface CoachLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface SelectOptions {
  /** Where the engine writes how each model turn went and what failed (the app's logger). */
  log?: CoachLog;
  /** Told how each turn went, whoever answered (coach:dialogues counts fallbacks with it). */
  onTurn?: (report: CoachTurnReport) => void;
  /** The circuit breaker's settings, for tests: failures in a row before it opens, and the first background retry. */
  breaker?: { failuresToOpen: number; probeAfterMs: number; maxProbeMs?: number };
}

const BREAKER_FAILURES = 3;
const BREAKER_PROBE_MS = 30_000;
const BREAKER_MAX_PROBE_MS = 300_000;

/**
 * The engine COACH_PROVIDER names (product §8); env.ts has already checked its settings.
 * Whatever the provider, a request for a person is answered by the fixed check in front of it
 * (person-request.ts), and an LLM that fails is stood in for by the built-in coach (fallback.ts),
 * at once while the circuit breaker is open, so the rep always gets an answer.
 */
export async function selectCoachEngine(env: Env, options: SelectOptions = {}): Promise<CoachEngine> {
  const playbook = createPlaybookEngine({ streamDelayMs: env.NODE_ENV === 'test' ? 0 : env.COACH_STREAM_DELAY_MS });
  if (env.COACH_PROVIDER === 'playbook') return withPersonRequests(playbook);
  return withPersonRequests(await llmWithFallback(env, playbook, options));
}

/**
 * The LLM engine, loaded only when configured: an app on the built-in coach never loads the model
 * client, its prompt or its parsers.
 */
async function llmWithFallback(env: LlmCoachEnv, playbook: CoachEngine, options: SelectOptions): Promise<CoachEngine> {
  const [{ createLlmEngine }, { createChatClient }] = await Promise.all([import('./llm/llm-engine.js'), import('./llm/provider.js')]);
  const log = options.log;
  const client = createChatClient({ baseURL: env.COACH_BASE_URL, apiKey: env.COACH_API_KEY, model: env.COACH_MODEL, headers: env.COACH_HEADERS });
  const llm = createLlmEngine({
    client,
    output: env.COACH_OUTPUT,
    timeouts: { firstTokenMs: env.COACH_FIRST_TOKEN_TIMEOUT_MS, betweenChunksMs: env.COACH_CHUNK_TIMEOUT_MS, totalMs: env.COACH_TIMEOUT_MS },
    maxTokens: env.COACH_MAX_TOKENS,
    temperature: env.COACH_TEMPERATURE,
    shareIncomeAndLocation: env.COACH_SEND_INCOME_AND_LOCATION,
    diagnose: (message) => diagnose(message),
    onOutputChange: (output, reason) =>
      log?.warn({ coach: { output, reason } }, 'the coach provider refused tool calls: switched to the plain-text trailer for this run (set COACH_OUTPUT=text to start that way)'),
  });
  const breaker = new CircuitBreaker({
    failuresToOpen: options.breaker?.failuresToOpen ?? BREAKER_FAILURES,
    probeAfterMs: options.breaker?.probeAfterMs ?? BREAKER_PROBE_MS,
    maxProbeMs: options.breaker?.maxProbeMs ?? BREAKER_MAX_PROBE_MS,
    probe: () => llm.ping(),
    onChange: (open, detail) =>
      open
        ? log?.warn({ coach: { failures: detail.failures, nextProbeMs: detail.nextProbeMs, failure: summarize(detail.error) } }, 'coach provider circuit open: the built-in coach answers until the provider is back')
        : log?.info({ coach: {} }, 'coach provider answers again: circuit closed'),
  });
  const fallbackLog: FallbackLog = (error, what) =>
    log?.warn({ failure: summarize(error) }, what === 'primary failed' ? 'coach provider failed; the built-in coach answered' : 'the built-in coach failed too');
  const onTurn = (report: CoachTurnReport) => {
    log?.info({ coach: report }, 'coach turn');
    options.onTurn?.(report);
  };
  return withFallback(llm, playbook, { log: fallbackLog, breaker, onTurn });
}

interface ErrorSummary {
  type: string;
  message: string;
  statusCode?: number;
  cause?: ErrorSummary;
}

/**
 * Only the error's name, message, status and cause go to the log: a provider error can carry the
 * request body, which holds the rep's profile and messages.
 */
function summarize(error: unknown, depth = 0): ErrorSummary | undefined {
  if (error === undefined) return undefined;
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 300) };
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;
  const cause = error.cause !== undefined && depth < 3 ? summarize(error.cause, depth + 1) : undefined;
  return {
    type: error.name,
    message: error.message.slice(0, 300),
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(cause ? { cause } : {}),
  };
}
