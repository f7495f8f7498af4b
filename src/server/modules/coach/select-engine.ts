import type { Env } from '../../env.js';
import type { CoachEngine } from './engine.js';
import { withFallback, type FallbackLog } from './fallback.js';
import { createLlmEngine } from './llm/llm-engine.js';
import { withPersonRequests } from './person-request.js';
import { createPlaybookEngine } from './playbook/playbook-engine.js';

export interface SelectOptions {
  /** Told when the LLM provider failed and the built-in coach answered instead. */
  log?: FallbackLog;
}

/**
 * The engine COACH_PROVIDER names (DECISIONS §6); env.ts has already checked its settings.
 * Whatever the provider, a request for a person is answered by the fixed check in front of it
 * (person-request.ts), and an LLM that fails is stood in for by the built-in coach (fallback.ts),
 * so the rep always gets an answer.
 */
export function selectCoachEngine(env: Env, options: SelectOptions = {}): CoachEngine {
  const playbook = createPlaybookEngine({ streamDelayMs: env.NODE_ENV === 'test' ? 0 : env.COACH_STREAM_DELAY_MS });
  if (env.COACH_PROVIDER === 'openai-compatible' && env.COACH_BASE_URL && env.COACH_MODEL) {
    const llm = createLlmEngine({ baseURL: env.COACH_BASE_URL, apiKey: env.COACH_API_KEY || undefined, model: env.COACH_MODEL, timeoutMs: env.COACH_TIMEOUT_MS });
    return withPersonRequests(withFallback(llm, playbook, options.log ?? logTo(env)));
  }
  return withPersonRequests(playbook);
}

const PINO_LEVELS: Record<Env['LOG_LEVEL'], number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
const WARN = 40;

/**
 * The app's logger is built after the engine, so a provider failure is written as a line in the
 * app's own log format (pino JSON on stdout) at `warn`: the rep got an answer, but an operator
 * should see that the provider is failing. Only the error's name, message, status and cause go
 * out: a provider error can carry the request body, which holds the rep's profile and messages.
 */
function logTo(env: Env): FallbackLog | undefined {
  if (PINO_LEVELS[env.LOG_LEVEL] > WARN) return undefined;
  return (error, what) => {
    const line = {
      level: WARN,
      time: Date.now(),
      pid: process.pid,
      msg: what === 'primary failed' ? 'coach provider failed; the built-in coach answered' : 'the built-in coach failed too',
      err: describe(error),
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
}

interface ErrorSummary {
  type: string;
  message: string;
  statusCode?: number;
  cause?: ErrorSummary;
}

function describe(error: unknown, depth = 0): ErrorSummary {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error).slice(0, 300) };
  const statusCode = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : undefined;
  return {
    type: error.name,
    message: error.message.slice(0, 300),
    ...(statusCode !== undefined ? { statusCode } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: describe(error.cause, depth + 1) } : {}),
  };
}
