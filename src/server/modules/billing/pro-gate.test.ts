import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PRO_PATHS, registerProGate } from './pro-gate.js';
import { buildPlanCatalogue } from '#shared/plans.js';

/*
 * The gate's refusals to Free and Basic, and its welcome to Pro and admins, are checked route by
 * route in training.test.ts, progress.test.ts, community.test.ts and the access matrix. Here: that
 * a route under a Pro path cannot be added without saying what it requires.
 */
let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function build(route: Pick<RouteOptions, 'url' | 'config'>): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  registerProGate(app, { now: () => new Date(), plans: buildPlanCatalogue() });
  await app.register(async (module) => {
    module.route({ method: 'GET', ...route, handler: async () => ({ ok: true }) });
  });
  await app.ready();
  return app;
}

describe('the Pro gate', () => {
  it.each(PRO_PATHS.flatMap((p) => [p, `${p}/anything/:id`]))('refuses to build a route under %s that declares no requirement', async (url) => {
    await expect(build({ url })).rejects.toThrow(/declares no config\.requires/);
  });

  it('builds a route under a Pro path that says it requires nothing more, and lets it through', async () => {
    const built = await build({ url: '/api/community/rules', config: { requires: 'none' } });
    expect((await built.inject({ method: 'GET', url: '/api/community/rules' })).statusCode).toBe(200);
  });

  it('refuses a signed-out caller on a Pro route with 401, before its handler', async () => {
    const built = await build({ url: '/api/training', config: { requires: { pro: 'training' } } });
    expect((await built.inject({ method: 'GET', url: '/api/training' })).statusCode).toBe(401);
  });

  it('refuses a signed-out caller on a coaching route with 401, and builds a route that declares one', async () => {
    const built = await build({ url: '/api/deck/cards/:id/answer', config: { requires: { coaching: 'drills' } } });
    expect((await built.inject({ method: 'GET', url: '/api/deck/cards/x/answer' })).statusCode).toBe(401);
  });

  it('leaves routes elsewhere alone, and does not mistake a longer path for a Pro one', async () => {
    await expect(build({ url: '/api/trainingsomething' })).resolves.toBeDefined();
    await app?.close();
    await expect(build({ url: '/api/user' })).resolves.toBeDefined();
  });
});
