/*
 * zod compiles a fast parser for each object schema with `new Function`, after probing whether it
 * may. The app's Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids that, so
 * the probe fails and Chrome records a CSP violation on every page that builds a schema, which
 * Lighthouse counts against best practices. `jitless` skips the probe and the compiling; the
 * forms' few fields parse just as fast without it. zod reads it when a schema is built, so it must
 * be set before any schema module runs: main.tsx imports this first.
 *
 * This is what `z.config({ jitless: true })` does (zod/v4/core/core.js keeps its settings on
 * globalThis.__zod_globalConfig). Calling that instead would put about 4 KB of zod into the first
 * chunk, which otherwise has no zod at all; zod-without-eval.test.ts fails if zod moves the setting.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
// In place, not replaced: should zod have loaded first, it already holds this very object.
(holder.__zod_globalConfig ??= {}).jitless = true;
