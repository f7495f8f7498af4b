import { hash, verify } from '@node-rs/argon2';
import { HttpError } from '../../plugins/errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** OWASP's argon2id parameters (DECISIONS §1): m=19 MiB, t=2, p=1. */
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

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Refuses a new password from the common-password list (DECISIONS §1), naming `field` in the answer. */
export function assertUncommonPassword(password: string, field: string): void {
  if (!isCommonPassword(password)) return;
  const message = 'This password is too common. Please choose a less guessable one.';
  throw new HttpError(400, message, { [field]: [message] });
}
