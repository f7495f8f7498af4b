import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * Below this many bytes an answer goes out as it is: the headers and the compressor's framing
 * would eat most of the gain, and most API answers (session, config, a sent message) are smaller.
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers on the fly (brotli, else gzip) when the browser asks for it. Must be
 * registered before the routes: @fastify/compress attaches itself to each route as it is added.
 *
 * What it leaves alone, and why:
 * - the chat's event stream: that route hijacks the reply and writes to the socket itself, so no
 *   onSend hook runs; `text/event-stream` is also outside the plugin's compressible types, so a
 *   future non-hijacked stream would not be buffered by a compressor either;
 * - the built client files: they are compressed once at build time (scripts/precompress.mjs) and
 *   served with their content-encoding already set, which the plugin skips;
 * - request bodies: the app never took compressed uploads, and inflating them would let a small
 *   request expand past the body limit's intent.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
}
