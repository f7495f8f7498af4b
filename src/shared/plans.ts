import type { z } from 'zod';
import type { planCatalogueSchema, planSchema } from './schemas/plans.js';

/**
 * The plan catalogue: every price, limit and offer the product shows comes from here
 * (product §3), so no two pages can disagree. The server serves it at GET /api/plans
 * with the configured trial length applied.
 */
export type Plan = z.infer<typeof planSchema>;
export type PlanId = Plan['id'];
export type PlanCatalogue = z.infer<typeof planCatalogueSchema>;
export type ProPromo = PlanCatalogue['proPromo'];

export const DEFAULT_TRIAL_DAYS = 60;

export function buildPlanCatalogue(trialDays: number = DEFAULT_TRIAL_DAYS): PlanCatalogue {
  return {
    currency: 'USD',
    free: {
      id: 'free',
      name: 'Free',
      priceCents: 0,
      gives: '1 coaching chat per 7 days',
      features: ['1 AI coaching chat every 7 days', 'The objections you quote, saved to your deck'],
      chatsPerWindow: 1,
      windowDays: 7,
    },
    trial: {
      id: 'trial',
      name: 'Free Trial',
      priceCents: 0,
      gives: `Unlimited AI coaching for ${trialDays} days, no credit card`,
      features: ['Unlimited AI coaching', 'Objection drills from your own calls', '24/7 availability', 'No credit card required'],
      days: trialDays,
    },
    basic: {
      id: 'basic',
      name: 'Basic Access',
      priceCents: 99,
      gives: 'Unlimited AI coaching chat',
      features: ['Unlimited AI coaching sessions', 'Objection drills from your own calls, spaced for memory', 'Personalized strategies', 'Expert-crafted methodologies'],
    },
    pro: {
      id: 'pro',
      name: 'Pro',
      priceCents: 499,
      gives: 'Basic plus sales lessons, a weekly practice plan, community and analytics',
      features: ['Everything in Basic', 'Four sales lessons, each with a check and a role-play drill', 'A weekly practice plan chosen from your results', 'Community forum', 'Performance analytics'],
    },
    proPromo: {
      id: 'proPromo',
      name: 'Pro Launch Special',
      priceCents: 299,
      thenPriceCents: 499,
      oncePerUser: true,
      gives: 'Pro for $2.99 the first month, then $4.99/month',
      features: ['Everything in Pro', 'First month $2.99', 'Then $4.99/month, cancel any time'],
    },
  };
}

/** The catalogue with the default trial; the client uses /api/plans for the served one. */
export const plans: PlanCatalogue = buildPlanCatalogue();

/**
 * What a new account gets without paying, as the welcome page says it (issue #25): the trial and
 * then the free tier when there is a trial, the free tier alone when there is none. From the same
 * figures entitlements.ts decides by, so the page cannot promise more than the server gives.
 */
export function freeOffer(catalogue: PlanCatalogue): string {
  const { chatsPerWindow, windowDays } = catalogue.free;
  const chats = `${chatsPerWindow} AI coaching chat${chatsPerWindow === 1 ? '' : 's'} every ${windowDays} days`;
  const { days } = catalogue.trial;
  return days > 0
    ? `Free for ${days} days: unlimited AI coaching, no credit card. After that, ${chats} stays free.`
    : `Free to start: ${chats}, no credit card.`;
}

/** "$4.99" from 499. */
export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** "$4.99/month" for a paid monthly plan. */
export function formatMonthly(cents: number): string {
  return `${formatPrice(cents)}/month`;
}
