import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The module is split by concern (posts, replies, votes, reports, counters, presence, overview,
 * moderation, account data) with service.ts as its face, as billing/ is: other modules and the
 * routes import service.ts, never the files behind it, so those can move without anyone noticing.
 */
const ROOT = join(import.meta.dirname, '../../../..');
const HERE = join(ROOT, 'src/server/modules/community');
const FACE = new Set(['service', 'routes', 'moderation-routes']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules' || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    return e.isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(e.name) ? [path] : [];
  });
}
const importsOf = (file: string) => [...readFileSync(file, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1] ?? '');

describe('the community module', () => {
  it('service.ts only re-exports: the rules live in the files beside it', () => {
    const code = readFileSync(join(HERE, 'service.ts'), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/export \{[^}]*\} from '\.\/[\w-]+\.js';/g, '')
      .trim();
    expect(code).toBe('');
  });

  it('is reached from outside only through service.ts (and the route plugins app.ts mounts)', () => {
    const outside = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'bench'))].filter((f) => !f.startsWith(`${HERE}/`));
    const reachIn = outside.flatMap((file) =>
      importsOf(file)
        .filter((spec) => {
          const inside = /(?:modules\/community|^\.\.\/community)\/([\w-]+)\.js$/.exec(spec)?.[1];
          return inside !== undefined && !FACE.has(inside);
        })
        .map((spec) => `${relative(ROOT, file)} → ${spec}`),
    );
    expect(reachIn).toEqual([]);
  });

  it("routes import the module's rules from service.ts only", () => {
    for (const routes of ['routes.ts', 'moderation-routes.ts']) {
      const local = importsOf(join(HERE, routes)).filter((spec) => spec.startsWith('./'));
      expect(local, routes).toEqual(['./service.js']);
    }
  });
});
