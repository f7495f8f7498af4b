/** The README's configuration table and .env.example list every variable the server reads, and nothing it does not. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, readEnv } from './env.js';

const readme = fs.readFileSync('README.md', 'utf8');
const example = fs.readFileSync('.env.example', 'utf8');
const serverVariables = ENV_VARIABLES;
// Read by the browser tests' own tooling (playwright.config.ts), not by the server.
const TEST_TOOLING = ['CHROMIUM_PATH', 'E2E_PORT'];

const readmeRows = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
const exampleLines = [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);

describe('configuration docs', () => {
  it.each(serverVariables)('%s is in the README table and in .env.example', (name) => {
    expect(readmeRows).toContain(name);
    expect(exampleLines).toContain(name);
  });

  it('documents no variable the server does not read', () => {
    const known = new Set([...serverVariables, ...TEST_TOOLING]);
    expect(readmeRows.filter((n) => !known.has(n!))).toEqual([]);
    expect(exampleLines.filter((n) => !known.has(n!))).toEqual([]);
  });
});

describe('the coach settings', () => {
  const llm = { COACH_PROVIDER: 'openai-compatible', COACH_BASE_URL: 'http://127.0.0.1:11434/v1', COACH_MODEL: 'llama3' };

  it('with the LLM provider, a missing endpoint or model stops the start with a clear message', () => {
    expect(() => readEnv({ ...llm, COACH_BASE_URL: undefined })).toThrow('COACH_BASE_URL: is required when COACH_PROVIDER=openai-compatible');
    expect(() => readEnv({ ...llm, COACH_MODEL: '' })).toThrow('COACH_MODEL: is required when COACH_PROVIDER=openai-compatible');
    expect(() => readEnv({ ...llm, COACH_BASE_URL: 'not a url' })).toThrow('COACH_BASE_URL: must be a URL');
  });

  it('with the LLM provider, its settings are read with their defaults', () => {
    const env = readEnv(llm);
    if (env.COACH_PROVIDER !== 'openai-compatible') throw new Error('expected the LLM provider');
    expect([env.COACH_BASE_URL, env.COACH_MODEL, env.COACH_API_KEY, env.COACH_OUTPUT, env.COACH_HEADERS]).toEqual(['http://127.0.0.1:11434/v1', 'llama3', undefined, 'tools', {}]);
  });

  it('the built-in coach is the default and ignores the LLM settings, even broken ones', () => {
    const env = readEnv({ COACH_BASE_URL: 'not a url', COACH_TEMPERATURE: 'hot', COACH_HEADERS: '[' });
    expect(env.COACH_PROVIDER).toBe('playbook');
    expect(Object.keys(env).filter((k) => k.startsWith('COACH_'))).toEqual(['COACH_STREAM_DELAY_MS', 'COACH_PROVIDER']);
  });

  it('names the providers when COACH_PROVIDER is neither', () => {
    expect(() => readEnv({ COACH_PROVIDER: 'openai' })).toThrow(/COACH_PROVIDER: must be playbook or openai-compatible/);
  });
});
