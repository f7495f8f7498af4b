import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_IS_IDENTITY, passwordIsIdentity } from '#shared/schemas/password-identity.js';
import { HttpError } from '../../plugins/errors.js';
import { commonPasswords } from './common-passwords.js';

/** OWASP's argon2id parameters (product §2.2): m=19 MiB, t=2, p=1. */
// 2 is Algorithm.Argon2id: the package exports it as an ambient const enum, which
// isolated-module compilation cannot read.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A real hash of a random string, verified against when the account does not exist, so a
 * failed sign-in costs the same time either way and timing does not reveal accounts.
 */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword(`no-such-user-${Math.random()}`));

const ONE_CHARACTER_REPEATED = /^(.)\1*$/su;
const LETTER = /\p{L}/u;
const MAX_ADDED = 5;
const MIN_BASE = 4;

/**
 * Common (product §2.2) when, lower-cased, the password is
 * 1. on the list (zxcvbn's 49,233 common passwords plus ours), or
 * 2. one character repeated (`aaaaaaaa`, `1111111111`), or
 * 3. a listed password of 4+ characters followed by 1 to 5 characters that are not letters
 *    (`password1!`, `monkey123$`, `sunshine2026!`): the usual way a listed password is
 *    stretched past a length or symbol rule; 5 leaves room for a year and a symbol.
 */
export function isCommonPassword(password: string): boolean {
  const p = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(p) || ONE_CHARACTER_REPEATED.test(p)) return true;
  for (let added = 1; added <= MAX_ADDED && p.length - added >= MIN_BASE; added++) {
    if (LETTER.test(p.charAt(p.length - added))) return false;
    if (list.has(p.slice(0, -added))) return true;
  }
  return false;
}

/** Refuses a new password that isCommonPassword finds common, naming `field` in the answer. */
export function assertUncommonPassword(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  const message = 'This password is too common. Please choose a less guessable one.';
  throw new HttpError(400, message, { errors: { [field]: [message] } });
}

/**
 * Refuses a new password that is the account's username or email (shared/schemas/auth-rules.ts),
 * naming `field`. Sign-up's schema checks the same rule; a password change needs the account,
 * which only the server knows.
 */
export function assertPasswordNotIdentity(password: string, account: { username: string; email: string }, field: string): void {
  if (passwordIsIdentity(password, account)) throw new HttpError(400, PASSWORD_IS_IDENTITY, { errors: { [field]: [PASSWORD_IS_IDENTITY] } });
}
