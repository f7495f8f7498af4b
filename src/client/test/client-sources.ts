import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const CLIENT_ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The client's source files (tests aside) whose text matches, relative to src/client: for checks that a pattern is written in one place. */
export const clientSourcesWhere = (matches: (text: string) => boolean): string[] =>
  sources(CLIENT_ROOT)
    .filter((file) => matches(readFileSync(file, 'utf8')))
    .map((file) => relative(CLIENT_ROOT, file));
