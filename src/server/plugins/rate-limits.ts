import { and, gt, inArray, lte } from 'drizzle-orm';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/client.js';
import { rateLimitCounters } from '../db/schema/index.js';
import { HttpError } from './errors.js';

/** At most `max` hits per `windowMs`, counted in a fixed window that starts at the first hit. */
export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * The upsert that counts one hit for a key and returns the window's `hits` and `window_start`;
 * `$key`, `$now` and `$expired` (now minus the window) name its parameters. Concurrent hits on
 * the same key serialise on its row, so none is lost. The chat embeds it in its turn statement.
 */
export const countHitSql = (key: string, now: string, expired: string) =>
  `insert into rate_limit_counters as c (key, window_start, hits) values (${key}, ${now}, 1)
   on conflict (key) do update set
     window_start = case when c.window_start <= ${expired} then excluded.window_start else c.window_start end,
     hits = case when c.window_start <= ${expired} then 1 else c.hits + 1 end
   returning hits, window_start`;

/** The parameters of countHitSql for a hit now. */
export const countHitValues = (key: string, limit: Limit, now: Date) => [key, now, new Date(now.getTime() - limit.windowMs)] as const;

/**
 * Counts one hit for `key` in PostgreSQL, so every app process on the database shares the count,
 * and answers how many hits the window now holds.
 */
async function count(db: Db, key: string, limit: Limit, now: Date): Promise<{ hits: number; windowStart: Date }> {
  const result = await db.$client.query<{ hits: number; window_start: Date }>({
    name: 'rate_limit_hit',
    text: countHitSql('$1', '$2', '$3'),
    values: [...countHitValues(key, limit, now)],
  });
  const row = result.rows[0];
  if (!row) throw new Error('rate limit counter returned nothing');
  return { hits: row.hits, windowStart: row.window_start };
}

/** 0 when `hits` is within the limit, else the seconds until the window ends. */
export const overLimitFor = (hits: number, windowStart: Date, limit: Limit, now: Date) => (hits > limit.max ? secondsUntil(windowStart, limit, now) : 0);

const secondsUntil = (windowStart: Date, limit: Limit, now: Date) =>
  Math.max(1, Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000));

/**
 * @fastify/rate-limit's store for the per-address limits, on the same counters: every app
 * process on the database shares them (its default store is one process's memory). Each route
 * counts apart, as with the default store.
 */
export function postgresRateLimitStore(db: Db, now: () => Date): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    constructor(options: FastifyRateLimitOptions | { route: string }) {
      this.prefix = 'route' in options ? options.route : 'address';
    }
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number, max: number): void {
      const at = now();
      count(db, `${this.prefix}:${key}`, { max, windowMs: timeWindow }, at).then(
        ({ hits, windowStart }) => callback(null, { current: hits, ttl: Math.max(0, windowStart.getTime() + timeWindow - at.getTime()) }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    // The plugin passes the route's merged limit settings, with the route under `routeInfo`
    // (its typings say the route options themselves).
    child(settings: RouteOptions & { path: string; prefix: string }): FastifyRateLimitStore {
      const route = (settings as unknown as { routeInfo: Pick<RouteOptions, 'method' | 'url'> }).routeInfo;
      return new PostgresRateLimitStore({ route: `address:${String(route.method)}:${route.url}` });
    }
  }
  return PostgresRateLimitStore;
}

/** The per-address limit of every route that checks a password (sign-up, sign-in, the account's email, password and deletion). */
export const passwordCheckLimit = (perAddress: number) => ({ rateLimit: { max: perAddress, timeWindow: 15 * 60 * 1000 } });

/** Counts a hit; returns 0 when it is within the limit, else the seconds until the window ends. */
export async function hit(db: Db, key: string, limit: Limit, now: Date): Promise<number> {
  const { hits, windowStart } = await count(db, key, limit, now);
  return overLimitFor(hits, windowStart, limit, now);
}

/** Seconds until every key in `keys` is under its limit again (0: none is at it). Counts nothing. */
export async function blockedFor(db: Db, keys: string[], limit: Limit, now: Date): Promise<number> {
  if (keys.length === 0) return 0;
  const rows = await db
    .select()
    .from(rateLimitCounters)
    .where(and(inArray(rateLimitCounters.key, keys), gt(rateLimitCounters.windowStart, new Date(now.getTime() - limit.windowMs))));
  const blocked = rows.filter((r) => r.hits >= limit.max).map((r) => secondsUntil(r.windowStart, limit, now));
  return blocked.length ? Math.max(...blocked) : 0;
}

export async function clearCounters(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.delete(rateLimitCounters).where(inArray(rateLimitCounters.key, keys));
}

/** Deletes counters whose window ended more than `longestWindowMs` ago: they no longer limit anything. */
export async function purgeCounters(db: Db, now: Date, longestWindowMs: number): Promise<number> {
  const deleted = await db
    .delete(rateLimitCounters)
    .where(lte(rateLimitCounters.windowStart, new Date(now.getTime() - longestWindowMs)))
    .returning({ key: rateLimitCounters.key });
  return deleted.length;
}

/**
 * A preHandler (behind requireUser) that counts the signed-in user's request against `limit`
 * under `name`, and answers 429 with Retry-After once they pass it.
 */
export function perUserLimit(db: Db, now: () => Date, name: string, limit: Limit, message: (seconds: number) => string) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!request.user) return;
    const wait = await hit(db, `${name}:${request.user.id}`, limit, now());
    if (wait > 0) throw new HttpError(429, message(wait), { code: 'rate_limited', headers: { 'retry-after': String(wait) } });
  };
}
