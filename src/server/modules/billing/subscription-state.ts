import type { SubscriptionStatus } from '#shared/schemas/billing.js';
import type { BillingEvent } from './provider.js';

/*
 * How one provider event changes a subscription, as a pure function, so that the event handler
 * (events.ts) is order-independent by construction: every fact only grows (period ends and the
 * paid/unpaid marks take the later date, an ended subscription stays ended, `incomplete` never
 * comes back after `active`), and the status is derived from those facts rather than taken from
 * whichever event came last. Duplicates, replays and any arrival order end in the same state.
 *
 * The one fact that is last-writer-wins is `cancelAtPeriodEnd` between two updates for the same
 * period (Cancel, then Resume): the provider's snapshot carries no sequence number. Our own
 * Cancel/Resume routes apply the provider's answer at once, so a late webhook only matters when
 * both changes reach us out of order within one period.
 */

export interface SubscriptionFacts {
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  paidThrough: Date | null;
  unpaidThrough: Date | null;
}

const TERMINAL: ReadonlySet<SubscriptionStatus> = new Set(['canceled', 'incomplete_expired']);
export const isEnded = (status: SubscriptionStatus) => TERMINAL.has(status);

const later = (a: Date | null, b: Date | null): Date | null => (!a ? b : !b ? a : a >= b ? a : b);

/**
 * The status the facts say: ended stays ended; a failed renewal not (yet) followed by a payment
 * covering it is past_due; anything paid is active; otherwise what the provider last said,
 * never going back from active to incomplete.
 */
function derive(facts: SubscriptionFacts, reported: SubscriptionStatus): SubscriptionStatus {
  if (isEnded(facts.status) || isEnded(reported)) return isEnded(facts.status) ? facts.status : reported;
  if (facts.unpaidThrough && (!facts.paidThrough || facts.unpaidThrough > facts.paidThrough)) return 'past_due';
  if (facts.paidThrough) return 'active';
  if (facts.status === 'active' || reported === 'active') return 'active';
  return 'incomplete';
}

export function applyToSubscription(row: SubscriptionFacts, event: BillingEvent): SubscriptionFacts {
  switch (event.type) {
    case 'invoice.paid': {
      const next = {
        ...row,
        paidThrough: later(row.paidThrough, event.invoice.periodEnd),
        currentPeriodEnd: later(row.currentPeriodEnd, event.invoice.periodEnd) as Date,
      };
      return { ...next, status: derive(next, row.status) };
    }
    case 'invoice.payment_failed': {
      // A first payment that failed leaves the subscription incomplete: nothing was ever given.
      if (event.invoice.billingReason === 'subscription_create') return row;
      const next = { ...row, unpaidThrough: later(row.unpaidThrough, event.invoice.periodEnd) };
      return { ...next, status: derive(next, row.status) };
    }
    case 'subscription.updated':
    case 'subscription.deleted': {
      const s = event.subscription;
      const stale = s.currentPeriodEnd < row.currentPeriodEnd;
      const reported: SubscriptionStatus = event.type === 'subscription.deleted' ? 'canceled' : s.status;
      const next: SubscriptionFacts = {
        ...row,
        currentPeriodEnd: later(row.currentPeriodEnd, s.currentPeriodEnd) as Date,
        cancelAtPeriodEnd: stale ? row.cancelAtPeriodEnd : s.cancelAtPeriodEnd,
        // The provider saying past_due for a period no payment covers is a failed renewal too.
        unpaidThrough: reported === 'past_due' && !(row.paidThrough && row.paidThrough >= s.currentPeriodEnd) ? later(row.unpaidThrough, s.currentPeriodEnd) : row.unpaidThrough,
      };
      return { ...next, status: derive(next, reported === 'past_due' ? row.status : reported) };
    }
  }
}
