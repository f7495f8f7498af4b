/**
 * The browsers and networks a user has recently used, so that a referred sign-up can be told
 * apart from the referrer's own second account (docs/decisions/0016). Only hashes are stored,
 * and each is forgotten 30 days after its last use.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import { DAY_MS } from '#shared/time.js';
import type { Executor } from '../../db/client.js';
import { referralSightings } from '../../db/schema/index.js';

/** How long a browser or a network keeps counting as the user's after they last used it. */
export const SIGHTING_DAYS = 30;

/** Where a request came from: the browser's own cookie (null when it has none) and the address the server sees. */
export interface ClientMark {
  deviceId: string | null;
  ip: string;
}

type Kind = (typeof referralSightings.$inferInsert)['kind'];

/** Eight 16-bit groups, with `::` and an IPv4 tail (`64:ff9b::1.2.3.4`) written out; null if it is not IPv6. */
function ipv6Groups(ip: string): number[] | null {
  if (!isIPv6(ip)) return null;
  let text = ip;
  const v4Tail = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4Tail) {
    const [a, b, c, d] = v4Tail.slice(2).map(Number) as [number, number, number, number];
    text = `${v4Tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The network an address stands for: an IPv4 address itself (a home or office shares one behind
 * NAT), an IPv6 address's /64 (one home's devices each take, and daily change, addresses inside
 * it). Null for loopback, which is what the server sees on a local run or behind a proxy that
 * TRUST_PROXY does not trust: it says nothing about anyone's network. Exported for its test.
 */
export function networkOf(address: string): string | null {
  const ip = address.split('%')[0] ?? address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const v4 = mapped ?? ip;
  if (isIPv4(v4)) return v4.startsWith('127.') ? null : v4;
  const groups = ipv6Groups(ip);
  if (!groups) return null;
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) return null;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

const hashOf = (kind: Kind, value: string) => createHash('sha256').update(`${kind}:${value}`).digest('hex');

/** The hashed marks a client leaves: its browser, and its network when the address names one. */
function marksOf(client: ClientMark): { kind: Kind; valueHash: string }[] {
  const network = networkOf(client.ip);
  return [
    ...(client.deviceId ? [{ kind: 'device' as const, valueHash: hashOf('device', client.deviceId) }] : []),
    ...(network ? [{ kind: 'network' as const, valueHash: hashOf('network', network) }] : []),
  ];
}

/** Notes that `userId` used this browser and network now (a sign-up, a sign-in, a signed-in request). */
export async function recordSighting(db: Executor, userId: number, client: ClientMark, now: Date): Promise<void> {
  const marks = marksOf(client);
  if (marks.length === 0) return;
  await db
    .insert(referralSightings)
    .values(marks.map((m) => ({ userId, ...m, lastSeenAt: now })))
    .onConflictDoUpdate({
      target: [referralSightings.userId, referralSightings.kind, referralSightings.valueHash],
      set: { lastSeenAt: sql`greatest(${referralSightings.lastSeenAt}, excluded.last_seen_at)` },
    });
}

/**
 * Whether `userId` used this client's browser, or its network, in the last 30 days; the browser
 * is reported first, as the stronger sign.
 */
export async function sharedWith(db: Executor, userId: number, client: ClientMark, now: Date): Promise<'same_device' | 'same_network' | null> {
  const marks = marksOf(client);
  if (marks.length === 0) return null;
  const rows = await db
    .select({ kind: referralSightings.kind })
    .from(referralSightings)
    .where(
      and(
        eq(referralSightings.userId, userId),
        gt(referralSightings.lastSeenAt, new Date(now.getTime() - SIGHTING_DAYS * DAY_MS)),
        or(...marks.map((m) => and(eq(referralSightings.kind, m.kind), eq(referralSightings.valueHash, m.valueHash)))),
      ),
    );
  if (rows.some((r) => r.kind === 'device')) return 'same_device';
  return rows.length > 0 ? 'same_network' : null;
}

/** Deletes every browser and network last used more than 30 days ago (the hourly housekeeping). Returns how many. */
export async function pruneReferralSightings(db: Executor, now: Date): Promise<number> {
  const result = await db.delete(referralSightings).where(lte(referralSightings.lastSeenAt, new Date(now.getTime() - SIGHTING_DAYS * DAY_MS)));
  return result.rowCount ?? 0;
}

/** At most one write per user, browser and network per hour for ordinary signed-in requests, per database. */
const SIGHTING_REFRESH_MS = 60 * 60 * 1000;
const MAX_REMEMBERED = 50_000;
const lastRecorded = new WeakMap<Executor, Map<string, number>>();

/**
 * recordSighting for a signed-in request: an address used without signing in again still counts
 * (the 30 days run from the last use), but a request only writes when this instance has not
 * noted the same user, browser and network in the last hour, so reads stay reads.
 */
export async function recordSignedInSighting(db: Executor, userId: number, client: ClientMark, now: Date): Promise<void> {
  let seen = lastRecorded.get(db);
  if (!seen) lastRecorded.set(db, (seen = new Map()));
  const key = `${userId}|${client.deviceId ?? ''}|${client.ip}`;
  const last = seen.get(key);
  if (last !== undefined && now.getTime() - last < SIGHTING_REFRESH_MS && now.getTime() >= last) return;
  // A crude bound on memory: forgetting only costs one more (idempotent) write per client.
  if (seen.size >= MAX_REMEMBERED) seen.clear();
  seen.set(key, now.getTime());
  await recordSighting(db, userId, client, now);
}
