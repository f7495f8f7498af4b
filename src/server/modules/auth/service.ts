import { randomInt } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { SignInInput, SignUpInput } from '../../../shared/schemas/auth.js';
import { DAY_MS } from '../../../shared/time.js';
import type { Db, Executor } from '../../db/client.js';
import { pgErrorOf } from '../../db/errors.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { blockedFor, clearCounters, hit, type Limit } from '../../plugins/rate-limits.js';
import { assertUncommonPassword, hashPassword, timingDummyHash, verifyPassword } from './passwords.js';
import { createSession, deleteSession } from './sessions.js';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: codes are read aloud and typed

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/**
 * The referrer's code when `ref` names an existing user (DECISIONS §5), else null: an unknown
 * code records nothing and the sign-up answers the same, so it reveals no code's existence.
 * Codes are issued in upper case; a link retyped in lower case still counts.
 */
async function existingReferralCode(tx: Executor, ref: string): Promise<string | null> {
  const [referrer] = await tx.select({ code: users.referralCode }).from(users).where(eq(users.referralCode, ref.toUpperCase())).limit(1);
  return referrer?.code ?? null;
}

export interface SignedIn {
  user: UserRow;
  token: string;
}

/** The PostgreSQL unique-violation behind a taken email, answered the same way by sign-up and email change. */
export function emailTakenError(err: unknown): HttpError | null {
  const pgErr = pgErrorOf(err);
  if (pgErr.code !== '23505' || pgErr.constraint !== 'users_email_lower_idx') return null;
  return new HttpError(409, 'An account with that email already exists.', { errors: { email: ['An account with that email already exists.'] } });
}

/** Creates the account with its trial (DECISIONS §3: `trialDays` from the plan catalogue; 0 means none). */
export async function signUp(db: Db, input: SignUpInput, now: Date, trialDays: number, previousToken?: string): Promise<SignedIn> {
  assertUncommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  for (let attempt = 0; ; attempt++) {
    try {
      // One transaction: an account never exists without the session its sign-up promised.
      return await db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username,
            email: input.email,
            passwordHash,
            referralCode: newReferralCode(),
            referredBy: input.ref ? await existingReferralCode(tx, input.ref) : null,
            createdAt: now,
            freeSessionExpiresAt: trialDays > 0 ? new Date(now.getTime() + trialDays * DAY_MS) : null,
          })
          .returning();
        if (!user) throw new Error('insert returned no row');
        if (previousToken) await deleteSession(tx, previousToken);
        const { token } = await createSession(tx, user.id, now);
        return { user, token };
      });
    } catch (err) {
      const pgErr = pgErrorOf(err);
      if (pgErr.code !== '23505') throw err;
      if (pgErr.constraint === 'users_username_lower_idx') {
        throw new HttpError(409, 'That username is already taken.', { errors: { username: ['That username is already taken.'] } });
      }
      const emailTaken = emailTakenError(err);
      if (emailTaken) throw emailTaken;
      // A referral-code collision (1 in ~10^12 per pair): draw another code.
      if (pgErr.constraint !== 'users_referral_code_idx' || attempt >= 5) throw err;
    }
  }
}

const SIGN_IN_FAILED = 'Incorrect email/username or password.';

/** The account a username or an email names, compared case-insensitively (both are unique that way). */
export async function findUserByNameOrEmail(db: Executor, nameOrEmail: string): Promise<UserRow | undefined> {
  const key = nameOrEmail.trim().toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(sql`lower(${users.username})`, key), eq(sql`lower(${users.email})`, key)))
    .limit(1);
  return user;
}

/**
 * Failed sign-ins count per identifier as typed and per account it resolves to (DECISIONS §1),
 * so the same account's username and email share one allowance. Unknown identifiers count too,
 * so the 429 itself reveals nothing about which accounts exist.
 */
export async function signIn(db: Db, input: SignInInput, limit: Limit, now: Date, previousToken?: string): Promise<SignedIn> {
  const identifier = input.emailOrUsername.toLowerCase();
  const user = await findUserByNameOrEmail(db, identifier);
  const keys = [`signin-id:${identifier}`, ...(user ? [`signin-account:${user.id}`] : [])];
  const wait = await blockedFor(db, keys, limit, now);
  if (wait > 0) {
    throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, {
      code: 'rate_limited',
      headers: { 'retry-after': String(wait) },
    });
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), input.password);
  if (!user || !ok) {
    for (const key of keys) await hit(db, key, limit, now);
    throw new HttpError(401, SIGN_IN_FAILED);
  }
  await clearCounters(db, keys);
  const token = await db.transaction(async (tx) => {
    // The browser's earlier session ends here: signing in never leaves two live tokens (ASVS 7.2.4).
    if (previousToken) await deleteSession(tx, previousToken);
    return (await createSession(tx, user.id, now)).token;
  });
  return { user, token };
}

// What other modules and plugins use of passwords and sessions.
export { assertUncommonPassword, hashPassword, verifyPassword } from './passwords.js';
export { hashToken, purgeExpiredSessions, revokeOtherSessions, SESSION_MAX_MS, setAdminUnlock, userForToken, type RevokedReason } from './sessions.js';
