import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '#shared/schemas/errors.js';
import { isDatabaseUnavailable, isDataException, isQueryError, isRetryable, pgErrorOf } from '../db/errors.js';

export interface HttpErrorOptions {
  /** Field errors, each shown next to its field. Implies `code: 'invalid_input'` unless another is given. */
  errors?: Record<string, string[]>;
  /** Extra response headers, e.g. Retry-After. */
  headers?: Record<string, string>;
  code?: ErrorCode;
}

/** An error a service throws to answer 4xx with a readable message. */
export class HttpError extends Error {
  readonly errors?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  readonly code?: ErrorCode;

  constructor(
    public readonly statusCode: number,
    message: string,
    options: HttpErrorOptions = {},
  ) {
    super(message);
    this.errors = options.errors;
    this.headers = options.headers;
    this.code = options.code ?? (options.errors ? 'invalid_input' : undefined);
  }
}

const SERVER_ERROR = 'Something went wrong on our side. Please try again.';

/**
 * What the logs keep of an error: its type, message, code and stack, and of a database error only
 * the SQLSTATE code, the constraint/table/column it names and the statement's first words. Never
 * the statement's parameters, the driver's message or detail (they quote the values: chat text,
 * profile answers, sign-in identifiers), nor any request body.
 */
export function serializeError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: 'non-error thrown', stack: '' };
  const pg = pgErrorOf(err);
  if (pg.code) {
    const query = (err as { query?: unknown }).query;
    return {
      type: err.constructor.name,
      message: 'database error',
      // The frames only: the stack's first lines repeat the message, parameters included.
      stack: (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n'),
      code: pg.code,
      ...(pg.routine ? { routine: pg.routine } : {}),
      ...(pg.constraint ? { constraint: pg.constraint } : {}),
      ...(pg.table ? { table: pg.table } : {}),
      ...(pg.column ? { column: pg.column } : {}),
      ...(typeof query === 'string' ? { statement: query.replace(/\s+/g, ' ').slice(0, 60) } : {}),
    };
  }
  if (isQueryError(err)) {
    // No SQLSTATE (the connection died, a timeout): the message is still "Failed query: … params: …".
    return {
      type: err.constructor.name,
      message: 'database error',
      stack: (err.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line)).join('\n'),
      statement: err.query.replace(/\s+/g, ' ').slice(0, 60),
      ...(err.cause instanceof Error ? { cause: serializeError(err.cause) } : {}),
    };
  }
  const code = (err as { code?: unknown }).code;
  return {
    type: err.constructor.name,
    message: err.message,
    ...(typeof code === 'string' ? { code } : {}),
    stack: err.stack ?? '',
    ...(err.cause instanceof Error ? { cause: serializeError(err.cause) } : {}),
  };
}

/** Query parameters whose values are secrets someone may paste into a URL, even where the app refuses them. */
const SECRET_QUERY_KEY = /key|token|secret|pass|auth|session|code|sig/i;

/**
 * A URL for the log: the query's values are replaced by `[redacted]` for any name that looks
 * like a secret (`?adminKey=…` is refused, but the request line still carries it).
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A name that is not valid percent-encoding: judge it as written.
      }
      return eq >= 0 && SECRET_QUERY_KEY.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** Fastify's request log entry (method, url, host, address), with the URL's secrets redacted. */
export function serializeRequest(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return { method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort };
}

/**
 * Fastify's own errors before a route is found (a URL that is not valid UTF-8, such as
 * `/%c0%ae`), answered in the app's shape instead of Fastify's `{ error, code }`.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL') return void reply.status(400).send({ message: 'That address is not valid.' });
  // A path parameter longer than any id (maxParamLength): no route could hold it.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return void reply.status(414).send({ message: 'That address is too long.' });
  void reply.status(500).send({ message: SERVER_ERROR });
}

/**
 * 'Unknown field: a, b': a few of the names, each cut short, so a body of 50,000 made-up fields
 * (or one 100,000-character name) is not echoed back whole.
 */
function unknownFieldsMessage(keys: string[]): string {
  const shown = keys.slice(0, 5).map((key) => {
    const chars = Array.from(key);
    return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : key;
  });
  return `Unknown field: ${shown.join(', ')}${keys.length > shown.length ? ` and ${keys.length - shown.length} more` : ''}`;
}

/** The one error handler (docs/architecture.md convention 7): 4xx → `{ message, errors? }`, 5xx → a generic message, logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.errors ? { errors: error.errors } : {}),
        ...(error.code ? { code: error.code } : {}),
        ...(error.code === 'payment_required' ? { requiresPayment: true } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: string[] }).keys : undefined;
        // A field the schema does not define: name it, rather than zod's 'Unrecognized key'.
        const message = unknown?.length ? unknownFieldsMessage(unknown) : (issue.message ?? 'Invalid value');
        (errors[field] ??= []).push(message);
      }
      const first = Object.values(errors)[0]?.[0] ?? 'Invalid request';
      return reply.status(400).send({ message: first, errors, code: 'invalid_input' });
    }
    if (isDataException(error)) {
      // The schemas should have refused this input; log that one slipped through, without it.
      request.log.warn({ err: error }, 'database refused request data');
      return reply.status(400).send({ message: 'Some of what you sent cannot be stored. Please check the text and numbers and try again.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    }
    if (isRetryable(error)) {
      request.log.warn({ err: error }, 'transaction conflict after retries');
      return reply.status(503).header('retry-after', '1').send({ message: 'The server is busy. Please try again.' });
    }
    if (!isResponseSerializationError(error as FastifyError) && error.statusCode && error.statusCode < 500) {
      if (error.statusCode === 429) return reply.status(429).send({ message: error.message, code: 'rate_limited' });
      const message =
        error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'Requests must be sent as JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'Request is too large'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'Request body is not valid JSON'
              : error.message;
      return reply.status(error.statusCode).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: SERVER_ERROR });
  });
}
