import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../plugins/errors.js';
import { currentUser, requireUser } from '../../plugins/session.js';
import { hasCoachingFeatures, hasProFeatures } from './entitlements.js';

/** The features Pro buys (product §9), each named by the routes that serve it. */
export type ProFeature = 'training' | 'progress' | 'community' | 'practice';

/** The features any coaching access buys (the trial, Basic, Pro, admins): not the free tier (product §9). */
export type CoachingFeature = 'drills';

/**
 * What a route declares about the plan gate: `{ pro: feature }` (signed in, then Pro or admin),
 * `{ coaching: feature }` (signed in, then the trial, Basic, Pro or admin), or `'none'`, said on
 * purpose, for a route the gate lets through (its own preValidation, such as requireUser, still
 * applies).
 */
export type ProRequirement = { pro: ProFeature } | { coaching: CoachingFeature } | 'none';

declare module 'fastify' {
  interface FastifyContextConfig {
    requires?: ProRequirement;
  }
}

/**
 * Where Pro's features live: a route under one of these paths must declare `config.requires`,
 * or the app does not build. A new route cannot forget the gate and be open to everyone.
 */
export const PRO_PATHS: readonly string[] = ['/api/training', '/api/progress', '/api/community', '/api/practice', '/api/deck'];

/** What a refused caller reads, per feature; the page shows its own locked screen from the code. */
const REFUSALS: Record<ProFeature | CoachingFeature, string> = {
  training: 'Sales training is part of Pro. Upgrade to unlock it.',
  progress: 'Your progress and analytics are part of Pro. Upgrade to unlock them.',
  community: 'The community is part of Pro. Upgrade to join the discussion.',
  practice: 'The weekly practice plan is part of Pro. Upgrade to unlock it.',
  drills: 'Objection drills come with the free trial, Basic and Pro. Upgrade to drill your deck.',
};

const underProPath = (url: string) => PRO_PATHS.some((p) => url === p || url.startsWith(`${p}/`));

/** Refuses, when the app is built, a route under PRO_PATHS that says nothing about the gate. */
export function checkProRoute(route: RouteOptions): void {
  if (!underProPath(route.url) || route.config?.requires) return;
  const where = `${[route.method].flat().map(String).join(',')} ${route.url}`;
  throw new Error(`Route ${where} is under a Pro path but declares no config.requires ({ pro: feature }, { coaching: feature } or 'none'; modules/billing/pro-gate.ts).`);
}

/**
 * The one Pro gate: on every route declaring `requires: { pro }`, signed in (401 otherwise), then
 * Pro or admin (entitlements.ts decides), both before the body or query is validated, so a caller
 * who may not use a feature learns nothing of its schemas or its data. The API refuses, not only
 * the page: 403 rather than 402, the account is known and simply not entitled, and the
 * `payment_required` code tells the client to offer the upgrade.
 */
export function registerProGate(app: FastifyInstance, deps: Pick<AppDeps, 'now' | 'plans'>): void {
  app.addHook('onRoute', checkProRoute);
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const requires = request.routeOptions.config.requires;
    if (!requires || requires === 'none') return;
    await requireUser(request, reply);
    if (reply.sent) return;
    const user = currentUser(request);
    const now = deps.now();
    if ('pro' in requires) {
      if (!hasProFeatures(user, now)) throw new HttpError(403, REFUSALS[requires.pro], { code: 'payment_required' });
    } else if (!hasCoachingFeatures(user, deps.plans, now)) {
      throw new HttpError(403, REFUSALS[requires.coaching], { code: 'payment_required' });
    }
  });
}
