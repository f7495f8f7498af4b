import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Runs `work` unless another app instance on the same database is running the job of that name
 * right now: a transaction-scoped advisory lock, taken without waiting, held while `work` runs
 * (as the migrations' lock is). Each instance still ticks hourly, so the jobs stay idempotent;
 * the lock keeps two of them from working the same rows at the same moment. Returns whether it ran.
 */
export async function runExclusive(db: Db, job: string, work: () => Promise<void>): Promise<boolean> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ got: boolean }>(sql`select pg_try_advisory_xact_lock(hashtext(${`salescoach:job:${job}`})) as got`);
    if (!rows[0]?.got) return false;
    await work();
    return true;
  });
}
