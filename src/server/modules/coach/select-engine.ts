import type { Env } from '../../env.js';
import type { CoachEngine } from './engine.js';
import { createLlmEngine } from './llm/llm-engine.js';
import { createPlaybookEngine } from './playbook/playbook-engine.js';

/** The engine COACH_PROVIDER names (DECISIONS §6); env.ts has already checked its settings. */
export function selectCoachEngine(env: Env): CoachEngine {
  if (env.COACH_PROVIDER === 'openai-compatible' && env.COACH_BASE_URL && env.COACH_MODEL) {
    return createLlmEngine({ baseURL: env.COACH_BASE_URL, apiKey: env.COACH_API_KEY || undefined, model: env.COACH_MODEL, timeoutMs: env.COACH_TIMEOUT_MS });
  }
  return createPlaybookEngine({ streamDelayMs: env.NODE_ENV === 'test' ? 0 : env.COACH_STREAM_DELAY_MS });
}
