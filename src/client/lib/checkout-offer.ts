import { formatMonthly, formatPrice, type PlanCatalogue } from '#shared/plans';
import type { BillingState, CheckoutPlan } from '#shared/schemas/billing';

/** What a checkout page offers, from the served plan catalogue (product §3): never a price of its own. */
export interface CheckoutOffer {
  plan: CheckoutPlan;
  name: string;
  /** The price line: "$4.99/month", or the promo's "$2.99 first month, then $4.99/month". */
  price: string;
  /** What the first payment charges, in cents. */
  firstChargeCents: number;
  gives: string;
  features: readonly string[];
  /** The Pay button's words (product §4.1: 'Subscribe to Pro - $4.99/month'). */
  payLabel: string;
  /** Pro (and the promo, which is Pro) opens training after paying; Basic returns to the chat. */
  tier: 'basic' | 'pro';
}

export function checkoutOffer(plan: CheckoutPlan, plans: PlanCatalogue): CheckoutOffer {
  switch (plan) {
    case 'pro':
      return {
        plan,
        name: plans.pro.name,
        price: formatMonthly(plans.pro.priceCents),
        firstChargeCents: plans.pro.priceCents,
        gives: plans.pro.gives,
        features: plans.pro.features,
        payLabel: `Subscribe to ${plans.pro.name} - ${formatMonthly(plans.pro.priceCents)}`,
        tier: 'pro',
      };
    case 'basic':
      return {
        plan,
        name: plans.basic.name,
        price: formatMonthly(plans.basic.priceCents),
        firstChargeCents: plans.basic.priceCents,
        gives: plans.basic.gives,
        features: plans.basic.features,
        payLabel: `Subscribe to ${plans.basic.name} - ${formatMonthly(plans.basic.priceCents)}`,
        tier: 'basic',
      };
    case 'proPromo':
      return {
        plan,
        name: plans.proPromo.name,
        price: `${formatPrice(plans.proPromo.priceCents)} first month, then ${formatMonthly(plans.proPromo.thenPriceCents)}`,
        firstChargeCents: plans.proPromo.priceCents,
        gives: plans.proPromo.gives,
        features: plans.proPromo.features,
        payLabel: `Subscribe to ${plans.pro.name} - ${formatPrice(plans.proPromo.priceCents)} first month`,
        tier: 'pro',
      };
  }
}

/**
 * Why this user cannot buy this offer now, from their billing state; null when they can. The
 * server refuses the same cases; saying so before Pay spares a form that could only fail.
 */
export function unavailableReason(plan: CheckoutPlan, billing: BillingState): 'promo_used' | 'has_pro' | 'has_basic' | null {
  if (billing.plan === 'admin') return 'has_pro';
  // A running subscription, even one cancelled for the period end (Resume on the account page restores it).
  const sub = billing.subscription;
  const running = sub !== null && (sub.status === 'active' || sub.status === 'past_due');
  if (running && sub.tier === 'pro') return 'has_pro';
  if (running && sub.tier === 'basic' && plan === 'basic') return 'has_basic';
  if (plan === 'proPromo' && !billing.promoAvailable) return 'promo_used';
  return null;
}

/** Whether the plan the server now reports includes what was bought. */
export function planIncludes(plan: BillingState['plan'], tier: 'basic' | 'pro'): boolean {
  if (plan === 'admin' || plan === 'pro') return true;
  return tier === 'basic' && plan === 'basic';
}
