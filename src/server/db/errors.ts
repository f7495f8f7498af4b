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

/** SQLSTATEs meaning the database is away or gave up, not that the request was wrong. */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014)$/;
/** Socket errors on the way to the database. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/** What node-postgres and pg-pool throw, with no code, when a connection dies or never comes. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'is not queryable',
  'Client was closed',
  'Cannot use a pool after calling end',
];

/**
 * The database cannot be reached, restarted under us, or did not answer within the statement
 * timeout: the request may succeed in a moment, so it is answered 503 with Retry-After, not 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || NETWORK_CODES.has(code))) return true;
    if (!code && DRIVER_MESSAGES.some((m) => e instanceof Error && e.message.includes(m))) return true;
  }
  return false;
}

/** A Drizzle query error: its message quotes the statement and every parameter. */
export const isQueryError = (err: unknown): err is Error & { query: string; params: unknown[] } =>
  err instanceof Error && typeof (err as { query?: unknown }).query === 'string' && Array.isArray((err as { params?: unknown }).params);
