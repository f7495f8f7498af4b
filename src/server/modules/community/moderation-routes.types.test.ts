import { describe, expect, it } from 'vitest';
import { pinResultSchema } from '#shared/schemas/community.js';
import { moderationPostParamsSchema, moderationPostSchema } from '#shared/schemas/moderation.js';
import { moderationAction } from './moderation-routes.js';

/*
 * Each moderation action's `run` must return what its response schema describes: a list typed
 * `ActionRoute<z.ZodType>[]` let any return compile, and only the response serializer found out,
 * with a 500. These lines are checked by `tsc` (npm run typecheck): each @ts-expect-error fails
 * the type check the day a wrong return compiles again.
 */
const base = { path: '/moderation/posts/:id/pin', action: 'post.pin', targetType: 'community_post', summary: 'Pin', params: moderationPostParamsSchema } as const;

describe('moderation actions', () => {
  it('take a run that returns what their response schema describes, and nothing else', () => {
    const right = moderationAction({ ...base, response: pinResultSchema, run: async (_admin, id) => ({ id, pinned: true }) });
    // @ts-expect-error a pin result is missing `pinned`
    const missing = moderationAction({ ...base, response: pinResultSchema, run: async (_admin, id) => ({ id }) });
    // @ts-expect-error a pin result is not a moderation post
    const other = moderationAction({ ...base, response: moderationPostSchema, run: async (_admin, id) => ({ id, pinned: true }) });
    // @ts-expect-error `pinned` is a boolean
    const wrongField = moderationAction({ ...base, response: pinResultSchema, run: async (_admin, id) => ({ id, pinned: 'yes' }) });
    expect([right, missing, other, wrongField].every((register) => typeof register === 'function')).toBe(true);
  });
});
