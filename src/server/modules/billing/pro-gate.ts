import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { hasProFeatures } from './entitlements.js';

/** The features Pro buys (product §9), each named by the routes that serve it. */
export type ProFeature = 'training' | 'progress' | 'community';

/**
 * What a route declares about the Pro gate: `{ pro: feature }` (signed in, then Pro or admin),
 * or `'none'`, said on purpose, for a route the gate lets through (its own preValidation, such as
 * requireUser, still applies).
 */
export type ProRequirement = { pro: ProFeature } | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    requires?: ProRequirement;
  }
}

/**
 * Where Pro's features live: a route under one of these paths must declare `config.requires`,
 * or the app does not build. A new route cannot forget the gate and be open to everyone.
 */
export const PRO_PATHS: readonly string[] = ['/api/training', '/api/progress', '/api/community'];

/** What a refused caller reads, per feature; the page shows its own locked screen from the code. */
const REFUSALS: Record<ProFeature, string> = {
  training: 'Sales training is part of Pro. Upgrade to unlock it.',
  progress: 'Your progress and analytics are part of Pro. Upgrade to unlock them.',
  community: 'The community is part of Pro. Upgrade to join the discussion.',
};

const underProPath = (url: string) => PRO_PATHS.some((p) => url === p || url.startsWith(`${p}/`));

/** Refuses, when the app is built, a route under PRO_PATHS that says nothing about the gate. */
export function checkProRoute(route: RouteOptions): void {
  if (!underProPath(route.url) || route.config?.requires) return;
  const where = `${[route.method].flat().map(String).join(',')} ${route.url}`;
  throw new Error(`Route ${where} is under a Pro path but declares no config.requires ({ pro: feature } or 'none'; modules/billing/pro-gate.ts).`);
}

/**
 * The one Pro gate: on every route declaring `requires: { pro }`, signed in (401 otherwise), then
 * Pro or admin (entitlements.ts decides), both before the body or query is validated, so a caller
 * who may not use a feature learns nothing of its schemas or its data. The API refuses, not only
 * the page: 403 rather than 402, the account is known and simply not entitled, and the
 * `payment_required` code tells the client to offer the upgrade.
 */
export function registerProGate(app: FastifyInstance, deps: Pick<AppDeps, 'now'>): void {
  app.addHook('onRoute', checkProRoute);
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const requires = request.routeOptions.config.requires;
    if (!requires || requires === 'none') return;
    await requireUser(request, reply);
    if (reply.sent) return;
    if (!hasProFeatures(currentUser(request), deps.now())) {
      throw new HttpError(403, REFUSALS[requires.pro], { code: 'payment_required' });
    }
  });
}
