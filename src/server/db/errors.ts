/** What the server reads of a PostgreSQL error; drizzle wraps the driver's error as `cause`. */
export interface PgError {
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
}

const isPgError = (e: unknown): e is PgError & Error => e instanceof Error && typeof (e as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code ?? '');

/** The PostgreSQL error behind `err` (itself or its cause), or an empty object. */
export function pgErrorOf(err: unknown): PgError {
  if (isPgError(err)) return err;
  const cause = (err as { cause?: unknown } | null)?.cause;
  return isPgError(cause) ? cause : {};
}

/**
 * Data exceptions (SQLSTATE class 22): text PostgreSQL cannot store (NUL, a lone surrogate in
 * jsonb), a number out of range. The request schemas refuse these first; this is the backstop
 * that keeps one they missed a 400 rather than a 500.
 */
export const isDataException = (err: unknown) => pgErrorOf(err).code?.startsWith('22') ?? false;

/** Deadlock or serialization failure: the transaction did nothing and can simply run again. */
export const isRetryable = (err: unknown) => {
  const code = pgErrorOf(err).code;
  return code === '40P01' || code === '40001';
};

/**
 * Runs `work` (a whole transaction) again when PostgreSQL aborted it as a deadlock victim or a
 * serialization failure, up to `attempts` times, with a short random pause so the two
 * contenders do not collide again in step.
 */
export async function withRetry<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}
