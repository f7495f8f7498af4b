import { formatPrice, type PlanCatalogue } from '#shared/plans';
import type { BillingState } from '#shared/schemas/billing';
import { formatLongDate } from './format-date';

/**
 * What buying Pro does to a running Basic, in the words the chooser, the Pro checkout and the
 * account page all use, so the user reads it before paying. It says what the server does
 * (server/modules/billing/checkout.ts keepOneRenewing): Pro starts and is charged today; the
 * Basic is not prorated or refunded (the terms: fees are non-refundable), it simply stops
 * renewing and ends at the close of the period already paid for. Null without a running Basic.
 */
export function basicUpgradeNote(plans: PlanCatalogue, billing: BillingState): string | null {
  const sub = billing.subscription;
  if (!sub || sub.tier !== 'basic' || (sub.status !== 'active' && sub.status !== 'past_due')) return null;
  return `${plans.pro.name} starts today and is charged today. Your ${plans.basic.name} then does not renew: it ends on ${formatLongDate(sub.currentPeriodEnd)}, and the ${formatPrice(sub.renewalPriceCents)} you paid for it is not refunded or credited.`;
}
