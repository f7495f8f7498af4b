/** The README's configuration table and .env.example list every variable the server reads, and nothing it does not. */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './env.js';

const readme = fs.readFileSync('README.md', 'utf8');
const example = fs.readFileSync('.env.example', 'utf8');
const serverVariables = Object.keys(envSchema.shape);
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
