import type { PlanCatalogue } from '#shared/plans';
import type { BillingState, CheckoutPlan } from '#shared/schemas/billing';
import { basicUpgradeNote } from './basic-upgrade-note';
import { formatLongDate } from './format-date';
import { checkoutOffer, unavailableReason, type CheckoutOffer } from './checkout-offer';

/** Each paid offer's own checkout page (app/routes.tsx). */
export const CHECKOUT_PATHS: Record<CheckoutPlan, '/checkout-pro-promo' | '/checkout' | '/checkout-basic'> = {
  proPromo: '/checkout-pro-promo',
  pro: '/checkout',
  basic: '/checkout-basic',
};

/** One card of the chooser. */
export interface OfferChoice {
  offer: CheckoutOffer;
  /** Where choosing it leads; null when it cannot be bought now (`note` says why and what to do). */
  href: string | null;
  /** The plan the user already has (their running Basic). */
  current: boolean;
  /** What choosing it does to the plan the user has now, or why it cannot be chosen. */
  note: string | null;
}

export type UpgradeChoices =
  /** A running Pro subscription, or an admin: there is nothing to sell. */
  | { kind: 'has_pro'; cancelling: boolean }
  | { kind: 'choose'; offers: OfferChoice[]; currentPlan: string | null };

/**
 * What the upgrade chooser offers this user (issue #25): the launch promo first while the server
 * says it is open (`promoAvailable`: once per account), then Pro at full price, then Basic, each
 * from the served catalogue (product §3). The refusals mirror the server's checkout rules
 * (server/modules/billing/checkout.ts assertMayBuy), so a card never leads to a checkout that
 * could only refuse; the server still decides.
 */
export function upgradeChoices(plans: PlanCatalogue, billing: BillingState): UpgradeChoices {
  const sub = billing.subscription;
  const running = sub !== null && (sub.status === 'active' || sub.status === 'past_due') ? sub : null;
  if (billing.plan === 'admin' || running?.tier === 'pro') return { kind: 'has_pro', cancelling: running?.cancelAtPeriodEnd ?? false };

  const runningBasic = running?.tier === 'basic' ? running : null;
  const order: CheckoutPlan[] = billing.promoAvailable ? ['proPromo', 'pro', 'basic'] : ['pro', 'basic'];
  const offers = order.map((plan): OfferChoice => {
    const offer = checkoutOffer(plan, plans);
    const href = CHECKOUT_PATHS[plan];
    if (plan === 'basic' && runningBasic) {
      const note = runningBasic.cancelAtPeriodEnd
        ? `Ends on ${formatLongDate(runningBasic.currentPeriodEnd)}. To keep it, choose Resume on your account page.`
        : `Renews on ${formatLongDate(runningBasic.currentPeriodEnd)}.`;
      return { offer, href: null, current: true, note };
    }
    if (unavailableReason(plan, billing) !== null) return { offer, href: null, current: false, note: null };
    let note: string | null = null;
    if (offer.tier === 'pro' && runningBasic) {
      note = basicUpgradeNote(plans, billing);
    } else if (billing.plan === 'trial') {
      note = `Starts today, and is billed from today: the rest of your ${plans.trial.name} is not added to it.`;
    }
    return { offer, href, current: false, note };
  });

  const currentPlan =
    billing.plan === 'pro' && billing.proUntil
      ? `You have ${plans.pro.name} from free referral months until ${formatLongDate(billing.proUntil)}. A subscription starts billing today.`
      : billing.plan === 'trial'
        ? `You are on the ${plans.trial.name}.`
        : billing.plan === 'free'
          ? `You are on ${plans.free.name}: ${plans.free.gives}.`
          : runningBasic
            ? `You have ${plans.basic.name}.`
            : null;
  return { kind: 'choose', offers: offers.filter((choice) => choice.href !== null || choice.current), currentPlan };
}
