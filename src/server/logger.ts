import type { FastifyBaseLogger } from 'fastify';
import { pino, type DestinationStream } from 'pino';
import { serializeError, serializeRequest } from './plugins/errors.js';

/** Typed as Fastify sees it, so the app keeps Fastify's own logger type throughout. */
export type AppLogger = FastifyBaseLogger;

/**
 * The app's one logger, made once (main.ts, or a test) and shared by Fastify and the coach engine,
 * so both write the same JSON lines at the level LOG_LEVEL sets. Fastify's request log has method,
 * url and address only (serializeRequest): no cookies or bodies; errors go through serializeError,
 * which keeps SQL parameters and driver messages out.
 */
export function createLogger(level: string, stream?: DestinationStream): AppLogger {
  return pino({ level, serializers: { err: serializeError, req: serializeRequest } }, stream);
}
