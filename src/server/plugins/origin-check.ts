import os from 'node:os';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

export interface OriginSettings {
  /** The app's public address (PUBLIC_URL), e.g. behind an HTTPS proxy. */
  publicUrl?: string;
  /** Further origins allowed to send state-changing requests (ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  /** The address the server listens on (HOST). */
  listenHost: string;
}

/** The host names a browser can reach the listening server by: loopback, and the machine's own addresses when listening on all of them. */
function listenHosts(listenHost: string): string[] {
  const hosts = new Set(LOOPBACK_HOSTS);
  if (WILDCARD_HOSTS.has(listenHost)) {
    for (const addresses of Object.values(os.networkInterfaces())) {
      for (const a of addresses ?? []) hosts.add(a.family === 'IPv6' ? `[${a.address.split('%')[0]}]` : a.address);
    }
  } else {
    hosts.add(listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost.toLowerCase());
  }
  return [...hosts];
}

/** The origins the app's own pages are served from, for a request that arrived on `port`. */
export function ownOrigins(settings: OriginSettings, port: number): Set<string> {
  const origins = new Set(settings.allowedOrigins);
  if (settings.publicUrl) origins.add(new URL(settings.publicUrl).origin);
  const suffix = port === 80 ? '' : `:${port}`;
  for (const host of listenHosts(settings.listenHost)) origins.add(`http://${host}${suffix}`);
  return origins;
}

/**
 * Refuses state-changing requests sent by another site's page (CSRF). SameSite=Lax already
 * keeps the cookie off most cross-site requests; this closes the rest (same-site sibling
 * domains, older browsers). The origin must be one the operator configured or the listening
 * address itself, never one derived from the request's own Host header: a DNS-rebinding page
 * (evil.example resolving to 127.0.0.1) sends a matching Host and Origin. Requests without
 * Origin (curl, server-to-server) carry no ambient browser credentials worth forging and pass.
 */
export function registerOriginCheck(app: FastifyInstance, settings: OriginSettings): void {
  const byPort = new Map<number, Set<string>>();
  const allowedFor = (request: FastifyRequest) => {
    // Injected test requests have no socket port; they stand for the default HTTP port.
    const port = request.socket.localPort ?? 80;
    let origins = byPort.get(port);
    if (!origins) byPort.set(port, (origins = ownOrigins(settings, port)));
    return origins;
  };
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const foreignOrigin = origin !== undefined && !allowedFor(request).has(origin.toLowerCase());
    if (foreignOrigin || request.headers['sec-fetch-site'] === 'cross-site') {
      return reply.status(403).send({ message: 'This request came from another site and was refused.' });
    }
  });
}
