import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** An error a service throws to answer 4xx with a readable message. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly errors?: Record<string, string[]>,
    public readonly headers?: Record<string, string>,
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The one error handler (ARCHITECTURE convention 7): 4xx → `{ message, errors? }`, 5xx → a generic message, logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}), ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        (errors[field] ??= []).push(issue.message ?? 'Invalid value');
      }
      const first = error.validation[0]?.message ?? 'Invalid request';
      return reply.status(400).send({ message: first, errors });
    }
    if (!isResponseSerializationError(error as FastifyError) && error.statusCode && error.statusCode < 500) {
      if (error.statusCode === 429) return reply.status(429).send({ message: error.message });
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
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
