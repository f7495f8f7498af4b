import type { FastifyInstance } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page (CSRF). SameSite=Lax already
 * keeps the cookie off most cross-site requests; this closes the rest (same-site sibling
 * domains, older browsers). Requests without Origin (curl, server-to-server) carry no
 * ambient browser credentials worth forging and pass.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const ownOrigin = `${request.protocol}://${request.host}`;
    const foreignOrigin = origin !== undefined && origin !== ownOrigin && !allowed.has(origin);
    if (foreignOrigin || fetchSite === 'cross-site') {
      return reply.status(403).send({ message: 'This request came from another site and was refused.' });
    }
  });
}
