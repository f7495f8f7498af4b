/**
 * The layer rules of src/, checked on the file each import resolves to rather than on the text of
 * its path (docs/decisions/0019-boundaries-on-resolved-paths.md). Run by src/server/boundaries.test.ts
 * in `npm run test:unit`; `npx tsx scripts/boundaries.ts` prints what breaks them.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  /** The file the import resolves to, relative to the root. */
  target: string;
  rule: string;
}

/**
 * What other modules may import of a server module: its service.ts. app.ts, which mounts every
 * module, may also import its routes.ts. Anything else in a module is its own business.
 */
const MODULE_PUBLIC = 'service.ts';
const MODULE_ROUTES = 'routes.ts';
const APP = 'src/server/app.ts';

/**
 * The package.json "imports" aliases, so that `#shared/x.js` (the server's way) and `#shared/x` (the
 * client's) are checked like the relative paths they stand for. boundaries.test.ts holds package.json to these.
 */
export const ALIASES: ReadonlyArray<readonly [string, string]> = [['#shared/', 'src/shared/']];

const SOURCE = /\.(ts|tsx)$/;

/** Every import, export-from and dynamic import() of a file, with its line. */
function importsOf(text: string): Array<{ specifier: string; line: number }> {
  return ts.preProcessFile(text, true, true).importedFiles.map((ref) => ({ specifier: ref.fileName, line: text.slice(0, ref.pos).split('\n').length }));
}

/**
 * The root-relative file a specifier names, or null for a package. Imports are written with .js
 * for .ts files (and without an extension in the client), so both are tried; a path that names no
 * file is still returned as written, for the rules look at where it points.
 */
export function resolveImport(from: string, specifier: string, exists: (file: string) => boolean): string | null {
  const bare = specifier.replace(/\?.*$/, '');
  let target: string;
  const alias = ALIASES.find(([prefix]) => bare.startsWith(prefix));
  if (alias) target = path.posix.join(alias[1], bare.slice(alias[0].length));
  else if (bare.startsWith('.')) target = path.posix.join(path.posix.dirname(from), bare);
  else return null;
  const stem = target.replace(/\.(js|jsx|mjs)$/, '');
  const candidates = [target, `${stem}.ts`, `${stem}.tsx`, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`];
  return candidates.find(exists) ?? target;
}

type Place =
  | { layer: 'shared' | 'other' }
  | { layer: 'client'; part: string; feature: string | null }
  | { layer: 'server'; module: string | null; inModule: string };

function placeOf(file: string): Place {
  const parts = file.split('/');
  if (parts[0] !== 'src') return { layer: 'other' };
  if (parts[1] === 'shared') return { layer: 'shared' };
  if (parts[1] === 'client') {
    const part = parts.length > 3 ? (parts[2] ?? '') : '';
    return { layer: 'client', part, feature: part === 'features' ? (parts[3] ?? null) : null };
  }
  if (parts[1] === 'server') {
    const isModule = parts[2] === 'modules' && parts.length > 4;
    return { layer: 'server', module: isModule ? (parts[3] ?? null) : null, inModule: isModule ? parts.slice(4).join('/') : '' };
  }
  return { layer: 'other' };
}

/** Which rule an import from `file` to `target` breaks, if any. */
export function ruleBroken(file: string, target: string): string | null {
  const from = placeOf(file);
  const to = placeOf(target);
  if (from.layer === 'shared' && (to.layer === 'server' || to.layer === 'client')) return 'shared/ imports nothing from server/ or client/.';
  if (from.layer === 'client' && to.layer === 'server') return 'The client imports nothing from server/: share it through shared/.';
  if (from.layer === 'server' && to.layer === 'client') return 'The server imports nothing from client/: share it through shared/.';
  if (from.layer === 'client' && to.layer === 'client') {
    if (from.feature && to.feature && from.feature !== to.feature) return 'A client feature imports no other feature: move what both need to client/lib.';
    if (from.feature && to.part === 'app') return 'A client feature does not import the app shell.';
    if ((from.part === 'lib' || from.part === 'components') && (to.part === 'features' || to.part === 'app')) return 'client/lib and client/components serve every feature and import none of them.';
  }
  if (from.layer === 'server' && to.layer === 'server' && to.module && from.module !== to.module) {
    if (to.inModule === MODULE_PUBLIC) return null;
    if (file === APP && to.inModule === MODULE_ROUTES) return null;
    return `Outside modules/${to.module}, it is used only through its ${MODULE_PUBLIC} (app.ts also mounts its ${MODULE_ROUTES}).`;
  }
  return null;
}

/** Checks a tree given as root-relative path → text; `exists` answers for files that are not sources. */
export function checkBoundaries(files: ReadonlyMap<string, string>, exists: (file: string) => boolean = (file) => files.has(file)): Violation[] {
  const found: Violation[] = [];
  for (const [file, text] of files) {
    if (!SOURCE.test(file)) continue;
    for (const { specifier, line } of importsOf(text)) {
      const target = resolveImport(file, specifier, exists);
      if (target === null) continue;
      const rule = ruleBroken(file, target);
      if (rule) found.push({ file, line, specifier, target, rule });
    }
  }
  return found;
}

/** The project's own sources under src/. */
export function readSources(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) walk(rel);
      else if (SOURCE.test(entry.name)) files.set(rel, fs.readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  walk('src');
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = process.cwd();
  const found = checkBoundaries(readSources(root), (file) => fs.existsSync(path.join(root, file)));
  for (const v of found) console.log(`${v.file}:${v.line} '${v.specifier}' → ${v.target}: ${v.rule}`);
  console.log(`${found.length} import(s) across a boundary`);
  process.exitCode = found.length ? 1 : 0;
}
