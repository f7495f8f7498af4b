import { randomInt } from 'node:crypto';
import { eq, or, sql } from 'drizzle-orm';
import type { SignInInput, SignUpInput } from '#shared/schemas/auth.js';
import { DAY_MS } from '#shared/time.js';
import type { Db, Executor } from '../../db/client.js';
import { pgErrorOf } from '../../db/errors.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { Limit } from '../../plugins/rate-limits.js';
import { addressGroup, clearAttempts, inMinutes, releaseAttempts, reserveAttempt } from './attempts.js';
import { assertUncommonPassword, hashPassword, timingDummyHash, verifyPassword } from './passwords.js';
import { createSession, deleteSession } from './sessions.js';
import { existingReferralCode } from '../referrals/service.js';

const REFERRAL_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: codes are read aloud and typed

function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERRAL_ALPHABET[randomInt(REFERRAL_ALPHABET.length)];
  return code;
}

/**
 * The referrer's code when `ref` names an existing user (product §5), else null: an unknown
 * code records nothing and the sign-up answers the same, so it reveals no code's existence.
 * Codes are issued in upper case; a link retyped in lower case still counts.
 */
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

/**
 * Creates the account with its trial (product §3.2: `trialDays` from the plan catalogue; 0 means none).
 * `onCreated` runs in the same transaction once the row exists (the referral checks record the
 * sign-up there, so an account never exists without its referral verdict).
 */
export async function signUp(
  db: Db,
  input: SignUpInput,
  now: Date,
  trialDays: number,
  previousToken?: string,
  onCreated?: (tx: Executor, user: UserRow) => Promise<void>,
): Promise<SignedIn> {
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
        if (onCreated) await onCreated(tx, user);
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

/** The sign-in lockout's two limits (docs/decisions/0015). */
export interface SignInLimits {
  /** Failed sign-ins for one account from one address (an IPv6 /64): guessing locks out only the guesser. */
  perAccountAndAddress: Limit;
  /** Failed sign-ins for one account from all addresses together: the ceiling on guessing one password. */
  perAccount: Limit;
}

function tooManySignIns(wait: number, fromThisAddress: boolean): HttpError {
  const whose = fromThisAddress ? 'for this account from your network' : 'for this account';
  return new HttpError(429, `Too many failed sign-in attempts ${whose}. Try again in ${inMinutes(wait)}.`, {
    code: 'rate_limited',
    headers: { 'retry-after': String(wait) },
  });
}

/**
 * Signs in, counting the attempt before the password is checked (docs/decisions/0015): first
 * against this address's allowance for the account, then, only if that allows it, against the
 * account's own. So a burst has at most the limits' worth of passwords checked, and one address
 * that guesses uses up its own allowance, not the owner's. Attempts count per account, so its
 * username and email share them; an identifier that names no account counts under itself in
 * the same way, so a 429 reveals nothing about which accounts exist.
 */
export async function signIn(db: Db, input: SignInInput, limits: SignInLimits, address: string, now: Date, previousToken?: string): Promise<SignedIn> {
  const identifier = input.emailOrUsername.toLowerCase();
  const user = await findUserByNameOrEmail(db, identifier);
  const subject = user ? `user:${user.id}` : `name:${identifier}`;
  const pair = await reserveAttempt(db, `signin-pair:${addressGroup(address)}|${subject}`, limits.perAccountAndAddress, now);
  if (pair.wait > 0) throw tooManySignIns(pair.wait, true);
  const account = await reserveAttempt(db, `signin-account:${subject}`, limits.perAccount, now);
  if (account.wait > 0) {
    // Refused unchecked: waiting out someone else's lock costs the owner none of their own allowance.
    await releaseAttempts(db, pair);
    throw tooManySignIns(account.wait, false);
  }
  const ok = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), input.password);
  if (!user || !ok) throw new HttpError(401, SIGN_IN_FAILED);
  // The owner's own failures from here are forgiven, on both counts; other addresses' stay. Those
  // failures are on the account's count only if its window began no later than this address's.
  const forgiven = await clearAttempts(db, pair.key);
  const own = forgiven && forgiven.windowStart.getTime() >= account.windowStart.getTime() ? Math.min(forgiven.hits, limits.perAccountAndAddress.max) : 1;
  await releaseAttempts(db, account, own);
  const token = await db.transaction(async (tx) => {
    // The browser's earlier session ends here: signing in never leaves two live tokens (ASVS 7.2.4).
    if (previousToken) await deleteSession(tx, previousToken);
    return (await createSession(tx, user.id, now)).token;
  });
  return { user, token };
}

// What other modules and plugins use of passwords, attempts and sessions.
export { clearAttempts, inMinutes, reserveAttempt } from './attempts.js';
export { assertPasswordNotIdentity, assertUncommonPassword, hashPassword, verifyPassword } from './passwords.js';
export { hashToken, purgeExpiredSessions, revokeOtherSessions, SESSION_MAX_MS, setAdminUnlock, userForToken, type RevokedReason } from './sessions.js';
