import { and, eq, isNull, sql } from 'drizzle-orm';
import { plans } from '#shared/plans.js';
import type { PaymentProvider } from '#shared/schemas/billing.js';
import type { Db, Tx } from '../../db/client.js';
import { withRetry } from '../../db/errors.js';
import { payments, providerEvents, subscriptions, users } from '../../db/schema/index.js';
import { creditReferrerForFirstPayment, recordCardFingerprint } from '../referrals/service.js';
import { accessFromSubscriptions } from './entitlements.js';
import { lockUser } from './free-tier.js';
import type { BillingEvent, InvoiceSnapshot } from './provider.js';
import { applyToSubscription } from './subscription-state.js';

/*
 * The one event handler (product §4): Stripe's webhooks, the sandbox's payments and renewals,
 * and payment-success's re-check all end here. Each event is applied once: its provider_events
 * row is written in the same transaction as its effect, `on conflict do nothing`, and a second
 * delivery finds the row and changes nothing. The effects are idempotent on their own as well
 * (a payment is keyed by its invoice, dates only move forward, an ended subscription stays
 * ended, the referral credit is once per referred user), because one payment can reach us as
 * several events with different ids (a webhook and a re-check).
 */

export type ApplyOutcome = 'applied' | 'duplicate' | 'unknown_subscription';

type SubscriptionRow = typeof subscriptions.$inferSelect;

const subscriptionIdOf = (event: BillingEvent) => (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed' ? event.invoice.subscriptionId : event.subscription.subscriptionId);

/** What an invoice charged: the paid amount, or for a failed attempt what it tried to charge (the catalogue's price). */
function attemptedAmount(sub: SubscriptionRow, invoice: InvoiceSnapshot, paid: boolean): number {
  if (paid) return invoice.amountPaidCents;
  if (sub.tier === 'basic') return plans.basic.priceCents;
  return sub.promo && invoice.billingReason === 'subscription_create' ? plans.proPromo.priceCents : plans.pro.priceCents;
}

/** One row per invoice: its latest attempt, except that a succeeded payment never turns back into a failed one. */
async function recordPayment(tx: Tx, sub: SubscriptionRow, invoice: InvoiceSnapshot, paid: boolean, now: Date): Promise<void> {
  await tx
    .insert(payments)
    .values({
      userId: sub.userId,
      subscriptionId: sub.id,
      providerInvoiceId: invoice.invoiceId,
      stripePaymentIntentId: invoice.paymentIntentId,
      amount: attemptedAmount(sub, invoice, paid),
      status: paid ? 'succeeded' : 'failed',
      billingReason: invoice.billingReason,
      failureMessage: paid ? null : (invoice.failureMessage ?? 'The payment failed.'),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: payments.providerInvoiceId,
      set: {
        status: sql`case when ${payments.status} = 'succeeded' then 'succeeded' else excluded.status end`,
        amount: sql`case when ${payments.status} = 'succeeded' then ${payments.amount} else excluded.amount end`,
        failureMessage: sql`case when ${payments.status} = 'succeeded' then null else excluded.failure_message end`,
        stripePaymentIntentId: sql`coalesce(excluded.stripe_payment_intent_id, ${payments.stripePaymentIntentId})`,
        updatedAt: now,
      },
    });
}

/** Rewrites the user's cached access (users.basic_until / pro_until) from all their subscriptions. */
export async function refreshAccess(tx: Tx, userId: number): Promise<void> {
  const rows = await tx
    .select({ tier: subscriptions.tier, status: subscriptions.status, currentPeriodEnd: subscriptions.currentPeriodEnd, paidThrough: subscriptions.paidThrough })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  await tx.update(users).set(accessFromSubscriptions(rows)).where(eq(users.id, userId));
}

/** What a first paid invoice does for the user beyond access: the referral month, the promo used, the purchase date. */
async function onFirstPayment(tx: Tx, sub: SubscriptionRow, userId: number, event: BillingEvent & { type: 'invoice.paid' }, now: Date): Promise<void> {
  if (event.invoice.billingReason !== 'subscription_create') return;
  if (event.invoice.amountPaidCents > 0) await creditReferrerForFirstPayment(tx, userId, event.eventId, event.invoice.cardFingerprint ?? null);
  if (sub.promo) await tx.update(users).set({ hasUsedProPromo: true }).where(eq(users.id, userId));
  if (sub.tier === 'basic') await tx.update(users).set({ basicPurchaseDate: now }).where(and(eq(users.id, userId), isNull(users.basicPurchaseDate)));
}

/**
 * Applies one verified provider event exactly once. An event about a subscription we never made
 * is not ours (another app on the same Stripe account, or one being created this instant) and is
 * left unrecorded, so a later delivery can still apply it.
 */
export async function applyBillingEvent(db: Db, provider: PaymentProvider, event: BillingEvent, now: Date): Promise<ApplyOutcome> {
  const providerSubscriptionId = subscriptionIdOf(event);
  return withRetry(() =>
    db.transaction(async (tx): Promise<ApplyOutcome> => {
      const [owner] = await tx
        .select({ userId: subscriptions.userId })
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)));
      if (!owner) return 'unknown_subscription';
      // The user's row lock first, as every transaction that writes a user and their other rows takes it.
      if (owner.userId !== null) await lockUser(tx, owner.userId);

      const recorded = await tx
        .insert(providerEvents)
        .values({ provider, eventId: event.eventId, type: event.type, receivedAt: now })
        .onConflictDoNothing()
        .returning({ eventId: providerEvents.eventId });
      if (recorded.length === 0) return 'duplicate';

      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
        .for('update');
      if (!sub) return 'unknown_subscription';
      const next = applyToSubscription(sub, event);
      await tx
        .update(subscriptions)
        .set({
          status: next.status,
          currentPeriodEnd: next.currentPeriodEnd,
          cancelAtPeriodEnd: next.cancelAtPeriodEnd,
          paidThrough: next.paidThrough,
          unpaidThrough: next.unpaidThrough,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, sub.id));

      if (event.type === 'invoice.paid' || event.type === 'invoice.payment_failed') await recordPayment(tx, sub, event.invoice, event.type === 'invoice.paid', now);
      if (sub.userId !== null) {
        if (event.type === 'invoice.paid') {
          // Every card a user pays with, so a referral later paid with it earns nothing (docs/decisions/0016).
          await recordCardFingerprint(tx, sub.userId, event.invoice.cardFingerprint, now);
          await onFirstPayment(tx, sub, sub.userId, event, now);
        }
        await refreshAccess(tx, sub.userId);
      }
      return 'applied';
    }),
  );
}
