import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freeOffer } from '#shared/plans.js';
import { publicConfigSchema } from '#shared/schemas/config.js';
import type { AppDeps } from '../../deps.js';

export const configRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const config = {
      productName: deps.env.PRODUCT_NAME,
      companyName: deps.env.COMPANY_NAME,
      supportEmail: deps.env.SUPPORT_EMAIL,
      privacyEmail: deps.env.PRIVACY_EMAIL,
      tutorialVideoId: deps.env.TUTORIAL_VIDEO_ID ?? null,
      coachModel: deps.env.COACH_PROVIDER === 'openai-compatible' ? { sharesIncomeAndLocation: deps.env.COACH_SEND_INCOME_AND_LOCATION } : null,
      freeOffer: freeOffer(deps.plans),
    };
    app.get(
      '/api/config',
      { schema: { tags: ['config'], summary: 'The configuration the browser may know', response: { 200: publicConfigSchema } } },
      async () => config,
    );
  };
