import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '#shared/schemas/auth.js';
import {
  communityOverviewSchema,
  postDetailSchema,
  postInputSchema,
  postListQuerySchema,
  postListSchema,
  postParamsSchema,
  replyInputSchema,
  replyListQuerySchema,
  replyListSchema,
  replyParamsSchema,
  replySchema,
  reportInputSchema,
  reportResultSchema,
  voteInputSchema,
  voteResultSchema,
} from '#shared/schemas/community.js';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import type { AppDeps } from '../../deps.js';
import { perUserLimit, type Limit } from '../../plugins/rate-limits.js';
import { currentUser } from '../../plugins/session.js';
import {
  communityOverview,
  createPost,
  createReply,
  deletePost,
  deleteReply,
  getPost,
  listPosts,
  listReplies,
  reportPost,
  reportReply,
  memberPresence,
  updatePost,
  updateReply,
  vote,
} from './service.js';

// app.ts mounts a module's route plugins through its routes.ts (scripts/boundaries.ts).
export { moderationRoutes } from './moderation-routes.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

/**
 * Per-user limits on writing (shared by every app process through PostgreSQL): roomy for a
 * person, tight for a script filling the forum.
 */
export const COMMUNITY_LIMITS = {
  posts: { max: 10, windowMs: 60 * 60_000 },
  replies: { max: 60, windowMs: 60 * 60_000 },
  edits: { max: 60, windowMs: 60 * 60_000 },
  votes: { max: 120, windowMs: 10 * 60_000 },
  reports: { max: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export const communityRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    /*
     * The forum is Pro's (product §9.2), reading and writing alike: every route declares
     * `requires: { pro: 'community' }`, and the Pro gate (billing/pro-gate.ts) refuses everyone
     * else before the body is validated. Past the gate, the visit is noted for the stats' "active now".
     */
    const notePresence = memberPresence(deps.db);
    const config = { requires: { pro: 'community' } } as const;
    const noteVisit = async (request: FastifyRequest) => notePresence(currentUser(request).id, deps.now());
    const limit = (name: keyof typeof COMMUNITY_LIMITS, message: (minutes: number) => string) =>
      perUserLimit(deps.db, deps.now, `community-${name}`, COMMUNITY_LIMITS[name], (s) => message(minutes(s)));
    const postLimit = limit('posts', (m) => `You have posted a lot in the last hour. Please wait ${m} minute(s) before posting again.`);
    const replyLimit = limit('replies', (m) => `You have replied a lot in the last hour. Please wait ${m} minute(s) before replying again.`);
    const editLimit = limit('edits', (m) => `You have made many edits in the last hour. Please wait ${m} minute(s).`);
    const voteLimit = limit('votes', (m) => `Too many votes in a short time. Please wait ${m} minute(s).`);
    const reportLimit = limit('reports', (m) => `You have sent many reports in the last hour. Please wait ${m} minute(s).`);
    const tags = ['community'];

    app.get(
      '/api/community/overview',
      {
        config,
        preValidation: noteVisit,
        schema: { tags, summary: 'Categories with their post counts, and the sidebar: stats, trending, top contributors (Pro)', response: { 200: communityOverviewSchema, ...errors } },
      },
      async () => communityOverview(deps.db, deps.now()),
    );

    app.get(
      '/api/community/posts',
      {
        config,
        preValidation: noteVisit,
        schema: {
          tags,
          summary: 'One page of posts, Hot, New or Top, optionally of one category; pinned posts first (Pro)',
          querystring: postListQuerySchema,
          response: { 200: postListSchema, ...errors },
        },
      },
      async (request) => listPosts(deps.db, currentUser(request), request.query),
    );

    app.post(
      '/api/community/posts',
      {
        config,
        preValidation: noteVisit,
        preHandler: postLimit,
        schema: { tags, summary: 'Create a post (Pro)', body: postInputSchema, response: { 201: postDetailSchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createPost(deps.db, currentUser(request), request.body, deps.now())),
    );

    app.get(
      '/api/community/posts/:id',
      {
        config,
        preValidation: noteVisit,
        schema: { tags, summary: 'A post, whole (Pro)', params: postParamsSchema, response: { 200: postDetailSchema, ...errors } },
      },
      async (request) => getPost(deps.db, currentUser(request), request.params.id),
    );

    app.put(
      '/api/community/posts/:id',
      {
        config,
        preValidation: noteVisit,
        preHandler: editLimit,
        schema: { tags, summary: 'Edit your own post (Pro)', params: postParamsSchema, body: postInputSchema, response: { 200: postDetailSchema, ...errors } },
      },
      async (request) => updatePost(deps.db, currentUser(request), request.params.id, request.body, deps.now()),
    );

    app.delete(
      '/api/community/posts/:id',
      {
        config,
        preValidation: noteVisit,
        schema: { tags, summary: 'Delete your own post, with its replies (Pro)', params: postParamsSchema, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await deletePost(deps.db, currentUser(request), request.params.id);
        return { ok: true as const };
      },
    );

    app.put(
      '/api/community/posts/:id/vote',
      {
        config,
        preValidation: noteVisit,
        preHandler: voteLimit,
        schema: {
          tags,
          summary: 'Vote a post up (1) or down (-1), or take the vote back (0); one vote per user per post (Pro)',
          params: postParamsSchema,
          body: voteInputSchema,
          response: { 200: voteResultSchema, ...errors },
        },
      },
      async (request) => vote(deps.db, currentUser(request), request.params.id, request.body.value, deps.now()),
    );

    app.post(
      '/api/community/posts/:id/report',
      {
        config,
        preValidation: noteVisit,
        preHandler: reportLimit,
        schema: {
          tags,
          summary: "Report a post to the moderators; once per user per post (Pro)",
          params: postParamsSchema,
          // The reason is optional, and so is the body: Report with nothing to add sends none.
          body: reportInputSchema.nullish(),
          response: { 200: reportResultSchema, ...errors },
        },
      },
      async (request) => reportPost(deps.db, currentUser(request), request.params.id, request.body?.reason ?? '', deps.now()),
    );

    app.get(
      '/api/community/posts/:id/replies',
      {
        config,
        preValidation: noteVisit,
        schema: {
          tags,
          summary: "A post's replies, oldest first, a page at a time (Pro)",
          params: postParamsSchema,
          querystring: replyListQuerySchema,
          response: { 200: replyListSchema, ...errors },
        },
      },
      async (request) => listReplies(deps.db, currentUser(request), request.params.id, request.query),
    );

    app.post(
      '/api/community/posts/:id/replies',
      {
        config,
        preValidation: noteVisit,
        preHandler: replyLimit,
        schema: { tags, summary: 'Reply to a post (Pro)', params: postParamsSchema, body: replyInputSchema, response: { 201: replySchema, ...errors } },
      },
      async (request, reply) => reply.status(201).send(await createReply(deps.db, currentUser(request), request.params.id, request.body.content, deps.now())),
    );

    app.put(
      '/api/community/replies/:id',
      {
        config,
        preValidation: noteVisit,
        preHandler: editLimit,
        schema: { tags, summary: 'Edit your own reply (Pro)', params: replyParamsSchema, body: replyInputSchema, response: { 200: replySchema, ...errors } },
      },
      async (request) => updateReply(deps.db, currentUser(request), request.params.id, request.body.content, deps.now()),
    );

    app.post(
      '/api/community/replies/:id/report',
      {
        config,
        preValidation: noteVisit,
        // The same allowance as post reports: one budget for a person's reports, whatever they report.
        preHandler: reportLimit,
        schema: {
          tags,
          summary: 'Report a reply to the moderators; once per user per reply (Pro)',
          params: replyParamsSchema,
          body: reportInputSchema.nullish(),
          response: { 200: reportResultSchema, ...errors },
        },
      },
      async (request) => reportReply(deps.db, currentUser(request), request.params.id, request.body?.reason ?? '', deps.now()),
    );

    app.delete(
      '/api/community/replies/:id',
      {
        config,
        preValidation: noteVisit,
        schema: { tags, summary: 'Delete your own reply (Pro)', params: replyParamsSchema, response: { 200: okSchema, ...errors } },
      },
      async (request) => {
        await deleteReply(deps.db, currentUser(request), request.params.id);
        return { ok: true as const };
      },
    );
  };
