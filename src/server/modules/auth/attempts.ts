import { isIPv6 } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimitCounters } from '../../db/schema/index.js';
import { countHitSql, countHitValues, overLimitFor, type Limit } from '../../plugins/rate-limits.js';

/*
 * Password attempts are reserved before the password is checked (docs/decisions/0015): reading
 * the count, checking, then counting let a burst of parallel guesses all pass the read before
 * any was counted (40 of 40 checked against a limit of 10). The reservation is the counter's
 * one upsert, so concurrent attempts on a key serialise on its row and each sees its own number.
 */

export interface Reservation {
  key: string;
  /** 0 when this attempt is within the limit and may be checked; else the seconds until the window ends. */
  wait: number;
  /** The start of the window the attempt was counted in. */
  windowStart: Date;
}

/** Counts one attempt for `key` now and says whether it is within `limit`. */
export async function reserveAttempt(db: Db, key: string, limit: Limit, now: Date): Promise<Reservation> {
  const result = await db.$client.query<{ hits: number; window_start: Date }>({
    name: 'attempt_reserve',
    text: countHitSql('$1', '$2', '$3'),
    values: [...countHitValues(key, limit, now)],
  });
  const row = result.rows[0];
  if (!row) throw new Error('attempt counter returned nothing');
  return { key, wait: overLimitFor(row.hits, row.window_start, limit, now), windowStart: row.window_start };
}

/**
 * Takes `attempts` back off a reservation's count, in the window it was counted in only: a
 * window that has since ended and started again owes nothing.
 */
export async function releaseAttempts(db: Db, reservation: Reservation, attempts = 1): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ hits: sql`greatest(${rateLimitCounters.hits} - ${attempts}, 0)` })
    .where(and(eq(rateLimitCounters.key, reservation.key), eq(rateLimitCounters.windowStart, reservation.windowStart)));
}

/** Deletes a key's count, answering what it held (null when there was none). */
export async function clearAttempts(db: Db, key: string): Promise<{ hits: number; windowStart: Date } | null> {
  const [row] = await db
    .delete(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key))
    .returning({ hits: rateLimitCounters.hits, windowStart: rateLimitCounters.windowStart });
  return row ?? null;
}

/** A wait in seconds as the people refused are told it: "1 minute", "15 minutes". */
export function inMinutes(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The source an address stands for when attempts are counted per address: an IPv4 address
 * itself, an IPv6 address's /64. One subscriber is usually given a whole /64 and can pick any
 * address in it, so counting single IPv6 addresses would give one attacker 2^64 allowances.
 */
export function addressGroup(ip: string): string {
  const mapped = IPV4_MAPPED.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [address = ''] = ip.split('%'); // a link-local zone (fe80::1%eth0) names no other source
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const full = tail === undefined ? groups(head) : [...groups(head), ...Array<string>(8 - groups(head).length - groups(tail).length).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
