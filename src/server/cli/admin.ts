/**
 * `npm run admin -- grant <username|email>` / `revoke <username|email>`: makes or unmakes an
 * admin (DECISIONS §2). Works whether the app is running (it talks to the app's database
 * server) or not (it starts the embedded server briefly).
 */
import { eq } from 'drizzle-orm';
import { users } from '../db/schema/index.js';
import { readEnv } from '../env.js';
import { openCliDatabase, runCli } from './cli.js';
import { findUserByNameOrEmail } from '../modules/auth/service.js';

const USAGE = 'Usage: npm run admin -- grant <username|email>\n       npm run admin -- revoke <username|email>';

async function main(argv: string[]): Promise<number> {
  const [action, who, ...rest] = argv;
  if ((action !== 'grant' && action !== 'revoke') || !who || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const env = readEnv();
  const database = await openCliDatabase(env);
  try {
    const user = await findUserByNameOrEmail(database.db, who);
    if (!user) {
      console.error(`No user with username or email "${who}".`);
      return 1;
    }
    await database.db.update(users).set({ isAdmin: action === 'grant' }).where(eq(users.id, user.id));
    console.log(action === 'grant' ? `${user.username} <${user.email}> is now an admin.` : `${user.username} <${user.email}> is no longer an admin.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli('admin', main);
