import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's settings for this app: its defaults, with the two exceptions below. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      // Served over plain HTTP on a LAN address, upgrading would break every asset.
      upgradeInsecureRequests: null,
      // The tutorial's demo video: YouTube's privacy-enhanced embed only.
      frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
    },
  },
};

/**
 * The headers helmet sets, worked out once. Without per-request nonces they are the same for
 * every response, but @fastify/helmet rebuilt helmet (and re-parsed the CSP) on every request:
 * about 8 % of the app's CPU under load.
 */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // API answers are personal (the user, their chats, their billing): no browser or proxy may
    // keep one, or Back after Log Out shows the signed-in page from the cache. A route that can
    // be cached says so itself, replacing this.
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
