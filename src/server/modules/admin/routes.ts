import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUnlockSchema, adminUnlockStatusSchema, auditPageSchema, auditQuerySchema } from '#shared/schemas/admin.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../plugins/errors.js';
import { passwordCheckLimit } from '../../plugins/rate-limits.js';
import { currentUser, requireAdmin, requireUnlockedAdmin } from '../../plugins/session.js';
import type { AuditRouteConfig } from './audit-config.js';
import { auditPage, lockAdmin, noteAudit, recordAudit, unlockAdmin, unlockSecretOf, unlockStatus } from './service.js';

/** Where the admin API lives (product §12; §14.2's /api/admin/… calls). */
export const ADMIN_PREFIX = '/api/admin';

/**
 * The admin routes the first clients (product §14.2) put outside /api/admin, kept at their paths and behind the same gate:
 * the feedback list and its status change (posting feedback stays open to everyone).
 */
export const SPEC_ADMIN_PATHS: readonly string[] = ['/api/feedback', '/api/feedback/:id/status'];

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const KEY_IN_URL_MESSAGE = 'Admin keys are never sent in a URL. Unlock the admin panel instead (POST /api/admin/unlock).';

/** A plugin mounted in the admin scope, with the prefix its relative paths hang from. */
export interface AdminSection {
  routes: FastifyPluginAsyncZod;
  /** ADMIN_PREFIX unless the section serves one of SPEC_ADMIN_PATHS ('/api'). */
  prefix?: typeof ADMIN_PREFIX | '/api';
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/**
 * Refuses, when the app is built, an admin route that would escape the scope's rules: one outside
 * /api/admin (but for product §12's feedback paths), a state-changing one without an audit declaration,
 * or one whose declared target parameter is not in its path.
 */
function checkAdminRoute(route: RouteOptions): void {
  const url = route.url;
  const methods = [route.method].flat().map(String);
  const where = `${methods.join(',')} ${url}`;
  if (!url.startsWith(`${ADMIN_PREFIX}/`) && !SPEC_ADMIN_PATHS.includes(url)) {
    throw new Error(`Admin route ${where} is outside ${ADMIN_PREFIX}: mount it with the admin prefix.`);
  }
  const audit = (route.config as { audit?: AuditRouteConfig } | undefined)?.audit;
  if (methods.some((m) => STATE_CHANGING.has(m)) && !audit) {
    throw new Error(`Admin route ${where} changes state but declares no config.audit (modules/admin/audit-config.ts).`);
  }
  if (audit?.targetParam && !url.split('/').includes(`:${audit.targetParam}`)) {
    throw new Error(`Admin route ${where} declares audit target parameter "${audit.targetParam}", which its path does not have.`);
  }
}

/** Writes the audit entry of a request that succeeded on a route that declares one. */
async function auditRequest(deps: AppDeps, request: FastifyRequest, statusCode: number): Promise<void> {
  const audit = request.routeOptions.config.audit;
  if (!audit || statusCode >= 400 || !request.user) return;
  const params = (request.params ?? {}) as Record<string, unknown>;
  const fromParam = audit.targetParam ? params[audit.targetParam] : undefined;
  const targetId = request.auditNote?.targetId ?? (fromParam === undefined ? undefined : (fromParam as string | number));
  await recordAudit(deps.db, {
    actorId: request.user.id,
    action: audit.action,
    targetType: audit.targetType ?? null,
    targetId: targetId === undefined ? null : String(targetId),
    summary: request.auditNote?.summary ?? null,
    at: deps.now(),
  });
}

/**
 * The admin scope (issue #16): everything an admin does goes through here. Two gates, one hook each:
 * the unlock routes need a signed-in admin; every other route (the sections: escalations,
 * knowledge, feedback triage, moderation, the audit log) a signed-in admin whose session
 * unlocked the panel less than 30 minutes ago. Every successful request on a route that declares
 * `config.audit` is written to the audit log by this scope's hook, before the answer leaves, and a
 * state-changing route without a declaration stops the app from building.
 */
export const adminRoutes =
  (deps: AppDeps, sections: readonly AdminSection[]): FastifyPluginAsyncZod =>
  async (scope) => {
    scope.decorateRequest('auditNote', null);
    scope.addHook('onRoute', checkAdminRoute);
    // the first clients (product §14.2) sent the admin key in query strings, where logs and browser history keep it
    // (product §12): such a request is refused outright, before anything else looks at it.
    scope.addHook('onRequest', async (request) => {
      if (/[?&]adminKey=/i.test(request.url)) throw new HttpError(400, KEY_IN_URL_MESSAGE);
    });
    scope.addHook('onSend', async (request, reply, payload) => {
      await auditRequest(deps, request, reply.statusCode);
      return payload;
    });

    await scope.register(unlockRoutes(deps), { prefix: ADMIN_PREFIX });
    await scope.register(async (panel: FastifyInstance) => {
      panel.addHook('preValidation', requireUnlockedAdmin(deps.now));
      await panel.register(auditRoutes(deps), { prefix: ADMIN_PREFIX });
      for (const section of sections) await panel.register(section.routes, { prefix: section.prefix ?? ADMIN_PREFIX });
    });
  };

/** The unlock itself (product §12): a signed-in admin, locked or not; per session; 30 minutes. */
const unlockRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const secret = unlockSecretOf(deps.env);
    const status = (until: Date | null) => unlockStatus(deps.env, until, deps.now());
    const token = (request: FastifyRequest) => {
      if (!request.sessionToken) throw new HttpError(401, 'Please sign in to continue.');
      return request.sessionToken;
    };

    app.get(
      '/unlock',
      {
        preValidation: requireAdmin,
        schema: { tags: ['admin'], summary: "Whether this session's admin panel is unlocked, until when, and what unlocks it", response: { 200: adminUnlockStatusSchema, ...errors } },
      },
      async (request) => status(request.adminUnlockedUntil),
    );

    app.post(
      '/unlock',
      {
        preValidation: requireAdmin,
        config: { ...passwordCheckLimit(deps.env.AUTH_RATE_LIMIT_PER_IP), audit: { action: 'admin.unlock' } },
        schema: {
          tags: ['admin'],
          summary: 'Unlock the admin panel for 30 minutes with your password (or ADMIN_KEY when set)',
          body: adminUnlockSchema(secret),
          response: { 200: adminUnlockStatusSchema, ...errors },
        },
      },
      async (request) => {
        const until = await unlockAdmin(deps.db, deps.env, currentUser(request), token(request), request.body.secret, deps.now());
        noteAudit(request, { summary: `With ${secret === 'admin_key' ? 'the admin key' : 'their password'}, until ${until.toISOString()}` });
        return status(until);
      },
    );

    app.post(
      '/lock',
      {
        preValidation: requireAdmin,
        config: { audit: { action: 'admin.lock' } },
        schema: { tags: ['admin'], summary: 'Lock the admin panel again (its Logout)', response: { 200: adminUnlockStatusSchema, ...errors } },
      },
      async (request) => {
        await lockAdmin(deps.db, currentUser(request), token(request));
        return status(null);
      },
    );
  };

/** The audit log, newest first (issue #16). */
const auditRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/audit',
      { schema: { tags: ['admin'], summary: 'The audit log, newest first; `before` pages back', querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errors } } },
      async (request) => auditPage(deps.db, request.query),
    );
  };
