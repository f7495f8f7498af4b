/**
 * `npm run billing -- renew-due`: the sandbox provider's renewals, run now (cron it hourly, or run
 * it by hand after moving time in a test): renews subscriptions whose period ended (charging the
 * test card on file), ends those cancelled at the period end and the past_due ones whose grace
 * ran out, all as events through the one handler. With Stripe keys set it does nothing: Stripe
 * renews on its own and tells us by webhook. Works whether the app is running or not, like
 * `npm run admin`.
 */
import { readEnv } from '../env.js';
import { openCliDatabase, runCli } from './cli.js';
import { selectPaymentProvider } from '../modules/billing/service.js';

const USAGE = 'Usage: npm run billing -- renew-due';

async function main(argv: string[]): Promise<number> {
  const [action, ...rest] = argv;
  if (action !== 'renew-due' || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const env = readEnv();
  const database = await openCliDatabase(env);
  try {
    const now = () => new Date();
    const { sandbox } = selectPaymentProvider(env, { db: database.db, now });
    if (!sandbox) {
      console.log('Stripe is the payment provider: it renews subscriptions itself and reports them by webhook. Nothing to do.');
      return 0;
    }
    const { renewed, failed, ended } = await sandbox.renewDue(now());
    console.log(`Renewed ${renewed}, renewal payments failed ${failed}, ended ${ended}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCli('billing', main);
