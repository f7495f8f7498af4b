import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pinResultSchema } from '#shared/schemas/community.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import {
  moderationPostParamsSchema,
  moderationPostSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
  moderationReplyParamsSchema,
  moderationReplySchema,
} from '#shared/schemas/moderation.js';
import type { AppDeps } from '../../deps.js';
import type { UserRow } from '../../db/schema/index.js';
import { currentUser } from '../../plugins/session.js';
import { dismissReplyReports, dismissReports, hidePost, hideReply, moderationQueue, restorePost, restoreReply, setPinned } from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** The actions take nothing but the post's (or reply's) id: no body, or an empty one. */
const noBody = z.strictObject({}).nullish();

/** One moderation action: POST to `path` with the id in it, recorded by the admin scope as `action` on `targetType`. */
export interface ActionRoute<R extends z.ZodType> {
  path: string;
  action: string;
  targetType: 'community_post' | 'community_reply';
  summary: string;
  params: typeof moderationPostParamsSchema | typeof moderationReplyParamsSchema;
  response: R;
  // NoInfer: R comes from `response` alone, so a `run` that returns something else is an error, not a wider R.
  run: (admin: UserRow, id: number) => Promise<NoInfer<z.output<R>>>;
}

type ModerationScope = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A moderation action, checked where it is written: its `run` must return what its `response`
 * schema describes (a list typed `ActionRoute<z.ZodType>[]` let any return compile). Gives the
 * route's registration, for the plugin below to add.
 */
export const moderationAction =
  <R extends z.ZodType>(route: ActionRoute<R>) =>
  (app: ModerationScope): void => {
    // Checked above against its own schema; Fastify's handler type cannot follow a generic R, so it is given the schema as any zod type.
    const { path, action, targetType, summary, params, response, run }: ActionRoute<z.ZodType> = route;
    app.post(
      path,
      {
        config: { audit: { action, targetType, targetParam: 'id' } },
        schema: { tags: ['admin'], summary, params, body: noBody, response: { 200: response, ...errors } },
      },
      async (request) => run(currentUser(request), request.params.id),
    );
  };

/**
 * The moderation API of shared/schemas/moderation.ts (issue #15 stores, issue #16's Moderation
 * tab shows and acts). Paths are relative: the plugin mounts inside the admin scope at
 * `/api/admin`, whose gate (a signed-in admin who unlocked the panel) runs before every route here.
 * Each state-changing route declares its audit action for the admin scope to record.
 */
export const moderationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];

    app.get(
      '/moderation/reports',
      {
        schema: {
          tags,
          summary: 'Reported posts and replies (open: visible, with a report not yet dismissed), most open reports first',
          querystring: moderationQueueQuerySchema,
          response: { 200: moderationQueueSchema, ...errors },
        },
      },
      async (request) => moderationQueue(deps.db, request.query.status),
    );

    const post = { targetType: 'community_post', params: moderationPostParamsSchema } as const;
    const reply = { targetType: 'community_reply', params: moderationReplyParamsSchema } as const;
    const now = () => deps.now();
    const actions = [
      moderationAction({ ...post, path: '/moderation/posts/:id/hide', action: 'post.hide', summary: 'Hide a post from everyone but admins', response: moderationPostSchema, run: (admin, id) => hidePost(deps.db, admin, id, now()) }),
      moderationAction({ ...post, path: '/moderation/posts/:id/restore', action: 'post.restore', summary: 'Bring a hidden post back as it was', response: moderationPostSchema, run: (_admin, id) => restorePost(deps.db, id) }),
      moderationAction({
        ...post,
        path: '/moderation/posts/:id/dismiss-reports',
        action: 'post.reports.dismiss',
        summary: "Close a post's open reports without hiding it",
        response: moderationPostSchema,
        run: (admin, id) => dismissReports(deps.db, admin, id, now()),
      }),
      moderationAction({ ...post, path: '/moderation/posts/:id/pin', action: 'post.pin', summary: 'Pin a post: first in every sort', response: pinResultSchema, run: (_admin, id) => setPinned(deps.db, id, true, now()) }),
      moderationAction({ ...post, path: '/moderation/posts/:id/unpin', action: 'post.unpin', summary: 'Unpin a post', response: pinResultSchema, run: (_admin, id) => setPinned(deps.db, id, false, now()) }),
      moderationAction({
        ...reply,
        path: '/moderation/replies/:id/hide',
        action: 'reply.hide',
        summary: "Hide a reply from everyone but admins (its post's count and rank recounted)",
        response: moderationReplySchema,
        run: (admin, id) => hideReply(deps.db, admin, id, now()),
      }),
      moderationAction({ ...reply, path: '/moderation/replies/:id/restore', action: 'reply.restore', summary: 'Bring a hidden reply back as it was', response: moderationReplySchema, run: (admin, id) => restoreReply(deps.db, admin, id, now()) }),
      moderationAction({
        ...reply,
        path: '/moderation/replies/:id/dismiss-reports',
        action: 'reply.reports.dismiss',
        summary: "Close a reply's open reports without hiding it",
        response: moderationReplySchema,
        run: (admin, id) => dismissReplyReports(deps.db, admin, id, now()),
      }),
    ];
    for (const register of actions) register(app);
  };
