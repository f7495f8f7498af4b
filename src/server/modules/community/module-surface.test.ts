import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The module is split by concern (posts, replies, votes, reports, counters, presence, overview,
 * moderation, account data) with service.ts as its face, as billing/ is: the routes, and other
 * modules, import service.ts, never the files behind it, so those can move without anyone noticing.
 */
const HERE = import.meta.dirname;
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');

describe('the community module', () => {
  it('service.ts only re-exports: the rules live in the files beside it', () => {
    const code = readFileSync(join(HERE, 'service.ts'), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/export \{[^}]*\} from '\.\/[\w-]+\.js';/g, '')
      .trim();
    expect(code).toBe('');
  });

  it("routes import the module's rules from service.ts only (besides each other, the route plugins)", () => {
    for (const routes of ['routes.ts', 'moderation-routes.ts']) {
      const local = importsOf(join(HERE, routes)).filter((spec) => spec.startsWith('./') && !/^\.\/([\w-]+-)?routes\.js$/.test(spec));
      expect(local, routes).toEqual(['./service.js']);
    }
  });
});
