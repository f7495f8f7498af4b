/**
 * What every `npm run <tool>` command shares: the database (the running app's embedded server
 * when there is one, else the embedded server started briefly, or DATABASE_URL), and the exit.
 */
import { connect } from '../db/client.js';
import { EMBEDDED_DB_NAME, openDatabase } from '../db/database.js';
import { resolveClusterDir, runningServerUrl } from '../db/embedded.js';
import type { Env } from '../env.js';

/** The app's database, whether the app is running or not. Close it when done. */
export async function openCliDatabase(env: Env) {
  const running = env.DATABASE_URL ? null : runningServerUrl(resolveClusterDir(env.DATA_DIR), EMBEDDED_DB_NAME);
  return running ? connect(running, 1) : await openDatabase(env, () => {});
}

/** Runs `main` with the command's arguments and exits with its code; a thrown error exits 1, named by `tool`. */
export function runCli(tool: string, main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`${tool}: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
