import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planCatalogueSchema } from '#shared/schemas/plans.js';
import type { AppDeps } from '../../deps.js';

export const plansRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const catalogue = deps.plans;
    app.get(
      '/api/plans',
      { schema: { tags: ['plans'], summary: 'The plan catalogue: prices, limits, trial, promo', response: { 200: planCatalogueSchema } } },
      async () => catalogue,
    );
  };
