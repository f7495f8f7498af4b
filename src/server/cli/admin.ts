/**
 * `npm run admin -- grant <username|email>` / `revoke <username|email>`: makes or unmakes an
 * admin (product §12), with an audit entry naming the command line and the OS user
 * (admin-command.ts). Works whether the app is running (it talks to the app's database server)
 * or not (it starts the embedded server briefly).
 */
import { readEnv } from '../env.js';
import { cliActor, runAdminCommand } from './admin-command.js';
import { openCliDatabase, runCli } from './cli.js';

async function main(argv: string[]): Promise<number> {
  const env = readEnv();
  const database = await openCliDatabase(env);
  try {
    return await runAdminCommand(argv, {
      db: database.db,
      actor: cliActor(),
      now: () => new Date(),
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await database.close();
  }
}

runCli('admin', main);
