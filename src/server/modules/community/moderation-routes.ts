import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pinResultSchema } from '../../../shared/schemas/community.js';
import { apiErrorSchema } from '../../../shared/schemas/errors.js';
import {
  moderationPostParamsSchema,
  moderationPostSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  moderationReplyParamsSchema,
  moderationReplySchema,
} from '../../../shared/schemas/moderation.js';
import type { AppDeps } from '../../deps.js';
import { currentUser, requireAdmin } from '../../plugins/session.js';
import { dismissReplyReports, dismissReports, hidePost, hideReply, moderationQueue, restorePost, restoreReply, setPinned } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** The actions take nothing but the post's (or reply's) id: no body, or an empty one. */
const noBody = z.strictObject({}).nullish();
/** What the admin scope records for each action (admin/audit-config.ts declares the shape). */
const audit = (action: string) => ({ audit: { action, targetType: 'community_post', targetParam: 'id' } });
const replyAudit = (action: string) => ({ audit: { action, targetType: 'community_reply', targetParam: 'id' } });

/**
 * The moderation API of shared/schemas/moderation.ts (issue #15 stores, issue #16's Moderation
 * tab shows and acts). Paths are relative so the plugin mounts inside the admin scope at
 * `/api/admin`; until that scope exists app.ts registers it there with this requireAdmin.
 * Each state-changing route declares its audit action for the admin scope to record.
 */
export const moderationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];

    app.get(
      '/moderation/reports',
      {
        preValidation: requireAdmin,
        schema: {
          tags,
          summary: 'Reported posts and replies (open: visible, with a report not yet dismissed), most open reports first',
          querystring: moderationQueueQuerySchema,
          response: { 200: moderationQueueSchema, ...errors },
        },
      },
      async (request) => moderationQueue(deps.db, request.query.status),
    );

    app.post(
      '/moderation/posts/:id/hide',
      {
        preValidation: requireAdmin,
        config: audit('post.hide'),
        schema: { tags, summary: 'Hide a post from everyone but admins', params: moderationPostParamsSchema, body: noBody, response: { 200: moderationPostSchema, ...errors } },
      },
      async (request) => hidePost(deps.db, currentUser(request), request.params.id, deps.now()),
    );

    app.post(
      '/moderation/posts/:id/restore',
      {
        preValidation: requireAdmin,
        config: audit('post.restore'),
        schema: { tags, summary: 'Bring a hidden post back as it was', params: moderationPostParamsSchema, body: noBody, response: { 200: moderationPostSchema, ...errors } },
      },
      async (request) => restorePost(deps.db, request.params.id),
    );

    app.post(
      '/moderation/posts/:id/dismiss-reports',
      {
        preValidation: requireAdmin,
        config: audit('post.reports.dismiss'),
        schema: { tags, summary: "Close a post's open reports without hiding it", params: moderationPostParamsSchema, body: noBody, response: { 200: moderationPostSchema, ...errors } },
      },
      async (request) => dismissReports(deps.db, currentUser(request), request.params.id, deps.now()),
    );

    app.post(
      '/moderation/posts/:id/pin',
      {
        preValidation: requireAdmin,
        config: audit('post.pin'),
        schema: { tags, summary: 'Pin a post: first in every sort', params: moderationPostParamsSchema, body: noBody, response: { 200: pinResultSchema, ...errors } },
      },
      async (request) => setPinned(deps.db, request.params.id, true, deps.now()),
    );

    app.post(
      '/moderation/posts/:id/unpin',
      {
        preValidation: requireAdmin,
        config: audit('post.unpin'),
        schema: { tags, summary: 'Unpin a post', params: moderationPostParamsSchema, body: noBody, response: { 200: pinResultSchema, ...errors } },
      },
      async (request) => setPinned(deps.db, request.params.id, false, deps.now()),
    );

    app.post(
      '/moderation/replies/:id/hide',
      {
        preValidation: requireAdmin,
        config: replyAudit('reply.hide'),
        schema: {
          tags,
          summary: "Hide a reply from everyone but admins (its post's count and rank recounted)",
          params: moderationReplyParamsSchema,
          body: noBody,
          response: { 200: moderationReplySchema, ...errors },
        },
      },
      async (request) => hideReply(deps.db, currentUser(request), request.params.id, deps.now()),
    );

    app.post(
      '/moderation/replies/:id/restore',
      {
        preValidation: requireAdmin,
        config: replyAudit('reply.restore'),
        schema: { tags, summary: 'Bring a hidden reply back as it was', params: moderationReplyParamsSchema, body: noBody, response: { 200: moderationReplySchema, ...errors } },
      },
      async (request) => restoreReply(deps.db, currentUser(request), request.params.id, deps.now()),
    );

    app.post(
      '/moderation/replies/:id/dismiss-reports',
      {
        preValidation: requireAdmin,
        config: replyAudit('reply.reports.dismiss'),
        schema: {
          tags,
          summary: "Close a reply's open reports without hiding it",
          params: moderationReplyParamsSchema,
          body: noBody,
          response: { 200: moderationReplySchema, ...errors },
        },
      },
      async (request) => dismissReplyReports(deps.db, currentUser(request), request.params.id, deps.now()),
    );
  };
