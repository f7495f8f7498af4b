import { describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../env.js';

const loaded = vi.hoisted(() => ({ llm: false }));
vi.mock('./llm/llm-engine.js', async (importOriginal) => {
  loaded.llm = true;
  return await importOriginal();
});

describe('selectCoachEngine', () => {
  // An app on the built-in coach does not load the model client, its prompt or its parsers.
  it('loads the LLM engine only when COACH_PROVIDER names it', async () => {
    const { selectCoachEngine } = await import('./select-engine.js');
    const builtIn = await selectCoachEngine(readEnv({ NODE_ENV: 'test' }));
    expect(builtIn.name).toBe('playbook');
    expect(loaded.llm).toBe(false);

    const llm = await selectCoachEngine(readEnv({ NODE_ENV: 'test', COACH_PROVIDER: 'openai-compatible', COACH_BASE_URL: 'http://127.0.0.1:9/v1', COACH_MODEL: 'm' }));
    expect(loaded.llm).toBe(true);
    expect(llm.describe?.()).toMatchObject({ model: 'm', host: '127.0.0.1:9' });
  });
});
