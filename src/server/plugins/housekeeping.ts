import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { purgeExpiredSessions } from '../modules/auth/service.js';
import { pruneReferralSightings } from '../modules/referrals/service.js';
import { purgeCounters } from './rate-limits.js';
import { runExclusive } from '../db/exclusive-job.js';

const HOUR_MS = 60 * 60 * 1000;
/** The longest rate-limit window in use (conversations per hour); older counters limit nothing. */
const LONGEST_LIMIT_WINDOW_MS = HOUR_MS;

/**
 * Deletes what no longer grants or limits anything: sessions past their end or idle too long,
 * and rate-limit counters whose window is over. At start-up, then hourly, on every instance; an
 * advisory lock lets one instance at a time run it, and the deletes are idempotent.
 */
export function registerHousekeeping(app: FastifyInstance, db: Db, now: () => Date): void {
  const run = async () => {
    try {
      await runExclusive(db, 'housekeeping', async () => {
        const sessions = await purgeExpiredSessions(db, now());
        const counters = await purgeCounters(db, now(), LONGEST_LIMIT_WINDOW_MS);
        // The hashed browsers and networks the referral checks compare, 30 days after their last use (docs/decisions/0016).
        const sightings = await pruneReferralSightings(db, now());
        if (sessions || counters || sightings) app.log.info({ sessions, counters, sightings }, 'purged expired sessions, rate-limit counters and referral sightings');
      });
    } catch (err) {
      app.log.error({ err }, 'housekeeping failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), HOUR_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
