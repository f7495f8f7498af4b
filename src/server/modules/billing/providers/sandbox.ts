import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { SandboxCard } from '#shared/schemas/billing.js';
import { DAY_MS } from '#shared/time.js';
import type { Db, Tx } from '../../../db/client.js';
import { sandboxInvoices, sandboxSubscriptions } from '../../../db/schema/index.js';
import { RENEWAL_GRACE_DAYS } from '../entitlements.js';
import type { BillingEvent, CreateSubscriptionRequest, CreatedSubscription, InvoiceSnapshot, PaymentProviderApi, SubscriptionSnapshot } from '../provider.js';
import { checkTestCard, declineFor } from './sandbox-cards.js';

/*
 * The built-in payment provider (product §4): offline, no keys, test cards. It plays Stripe's
 * part with its own books (the sandbox_* tables) and, like Stripe's webhooks, tells the app what
 * happened only through BillingEvents handed to `deliver` (the one event handler) after its own
 * books are committed. If a delivery is lost, payment-success's re-check (`retrieve`) repairs it.
 */

type SubRow = typeof sandboxSubscriptions.$inferSelect;
type InvoiceRow = typeof sandboxInvoices.$inferSelect;

/** Stripe lets an unpaid first invoice's subscription expire after about a day; so does the sandbox. */
const INCOMPLETE_EXPIRES_MS = 23 * 60 * 60 * 1000;

export type ConfirmResult =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'declined'; message: string }
  | { status: 'invalid'; field: 'number' | 'expiry'; message: string }
  | { status: 'closed'; message: string }
  | { status: 'not_found' };

export interface SandboxProvider extends PaymentProviderApi {
  readonly name: 'sandbox';
  /** Pays the invoice behind `clientSecret`, if it belongs to `userId`, with a test card. */
  confirmPayment(userId: number, clientSecret: string, card: SandboxCard): Promise<ConfirmResult>;
  /**
   * Moves every subscription whose time has come: renews (charging the card on file), ends the
   * ones cancelled at the period end and the past_due ones whose grace ran out, expires unpaid
   * new ones. Idempotent: running it twice at the same moment does nothing the second time.
   */
  renewDue(now: Date): Promise<{ renewed: number; failed: number; ended: number }>;
}

export interface SandboxOptions {
  db: Db;
  now: () => Date;
  deliver: (event: BillingEvent) => Promise<unknown>;
}

const id = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;

/** One calendar month later (UTC), the day clamped to the month's length (Jan 31 → Feb 28). */
export function addMonth(d: Date): Date {
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return next;
}

function subscriptionSnapshot(sub: SubRow): SubscriptionSnapshot {
  return {
    subscriptionId: sub.id,
    customerId: sub.customerId,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    userId: sub.userId,
  };
}

function invoiceSnapshot(sub: SubRow, inv: InvoiceRow): InvoiceSnapshot {
  return {
    invoiceId: inv.id,
    subscriptionId: sub.id,
    customerId: sub.customerId,
    paymentIntentId: inv.paymentIntentId,
    amountPaidCents: inv.amountPaidCents,
    billingReason: inv.billingReason,
    periodEnd: inv.periodEnd,
    failureMessage: inv.status === 'failed' ? inv.failureMessage : null,
  };
}

const paidEvent = (sub: SubRow, inv: InvoiceRow): BillingEvent => ({ eventId: `evt_sbx_${inv.id}_paid`, type: 'invoice.paid', invoice: invoiceSnapshot(sub, inv) });
const failedEvent = (sub: SubRow, inv: InvoiceRow): BillingEvent => ({
  eventId: `evt_sbx_${inv.id}_failed_${inv.attempts}`,
  type: 'invoice.payment_failed',
  invoice: invoiceSnapshot(sub, inv),
});

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { db, now, deliver } = options;

  async function deliverAll(events: BillingEvent[]): Promise<void> {
    for (const event of events) await deliver(event);
  }

  async function firstInvoice(tx: Tx | Db, subscriptionId: string): Promise<InvoiceRow> {
    const [inv] = await tx
      .select()
      .from(sandboxInvoices)
      .where(and(eq(sandboxInvoices.subscriptionId, subscriptionId), eq(sandboxInvoices.billingReason, 'subscription_create')))
      .limit(1);
    if (!inv) throw new Error('sandbox subscription without its first invoice');
    return inv;
  }

  async function createSubscription(request: CreateSubscriptionRequest): Promise<CreatedSubscription> {
    const at = now();
    return db.transaction(async (tx) => {
      const subscriptionId = id('sub');
      const [made] = await tx
        .insert(sandboxSubscriptions)
        .values({
          id: subscriptionId,
          customerId: request.customerId ?? id('cus'),
          userId: request.userId,
          plan: request.plan,
          status: 'incomplete',
          renewalAmountCents: request.renewalAmountCents,
          currentPeriodEnd: addMonth(at),
          idempotencyKey: request.idempotencyKey,
          createdAt: at,
        })
        // The same key (a double-click, a retry) finds the subscription the first request made.
        .onConflictDoNothing({ target: sandboxSubscriptions.idempotencyKey })
        .returning();
      let sub = made;
      if (sub) {
        const paymentIntentId = id('pi');
        await tx.insert(sandboxInvoices).values({
          id: id('in'),
          subscriptionId,
          paymentIntentId,
          clientSecret: `${paymentIntentId}_secret_${randomBytes(16).toString('hex')}`,
          amountCents: request.firstAmountCents,
          billingReason: 'subscription_create',
          status: 'open',
          periodEnd: addMonth(at),
          createdAt: at,
        });
      } else {
        [sub] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.idempotencyKey, request.idempotencyKey));
        if (!sub) throw new Error('sandbox subscription vanished');
      }
      const inv = await firstInvoice(tx, sub.id);
      return {
        customerId: sub.customerId,
        subscriptionId: sub.id,
        clientSecret: inv.clientSecret,
        paymentIntentId: inv.paymentIntentId,
        status: sub.status,
        currentPeriodEnd: sub.currentPeriodEnd,
      };
    });
  }

  async function retrieve(subscriptionId: string) {
    const [sub] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subscriptionId));
    if (!sub) throw new Error(`No such subscription: ${subscriptionId}`);
    const [latest] = await db
      .select()
      .from(sandboxInvoices)
      .where(eq(sandboxInvoices.subscriptionId, subscriptionId))
      .orderBy(desc(sandboxInvoices.periodEnd), desc(sandboxInvoices.createdAt))
      .limit(1);
    return { subscription: subscriptionSnapshot(sub), latestInvoice: latest ? invoiceSnapshot(sub, latest) : null };
  }

  async function setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionSnapshot> {
    const [sub] = await db
      .update(sandboxSubscriptions)
      .set({ cancelAtPeriodEnd: cancel })
      .where(and(eq(sandboxSubscriptions.id, subscriptionId), inArray(sandboxSubscriptions.status, ['active', 'past_due'])))
      .returning();
    if (sub) return subscriptionSnapshot(sub);
    const { subscription } = await retrieve(subscriptionId);
    return subscription;
  }

  async function confirmPayment(userId: number, clientSecret: string, card: SandboxCard): Promise<ConfirmResult> {
    const at = now();
    const outcome = await db.transaction(async (tx): Promise<{ result: ConfirmResult; events: BillingEvent[] }> => {
      const [found] = await tx
        .select({ inv: sandboxInvoices, sub: sandboxSubscriptions })
        .from(sandboxInvoices)
        .innerJoin(sandboxSubscriptions, eq(sandboxSubscriptions.id, sandboxInvoices.subscriptionId))
        .where(and(eq(sandboxInvoices.clientSecret, clientSecret), eq(sandboxSubscriptions.userId, userId)))
        .for('update');
      if (!found) return { result: { status: 'not_found' }, events: [] };
      const { inv, sub } = found;
      // Paid already (a second click, a retry): the same answer, and the same event again in case the first delivery was lost.
      if (inv.status === 'paid') return { result: { status: 'succeeded', paymentIntentId: inv.paymentIntentId }, events: [paidEvent(sub, inv)] };
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
        return { result: { status: 'closed', message: 'This checkout has expired. Please start again.' }, events: [] };
      }
      const check = checkTestCard(card, at);
      if (!check.ok && check.kind === 'invalid') return { result: { status: 'invalid', field: check.field, message: check.message }, events: [] };
      if (!check.ok) {
        const [failed] = await tx
          .update(sandboxInvoices)
          .set({ status: 'failed', failureMessage: check.message, attempts: inv.attempts + 1 })
          .where(eq(sandboxInvoices.id, inv.id))
          .returning();
        if (!failed) throw new Error('sandbox invoice vanished');
        return { result: { status: 'declined', message: check.message }, events: [failedEvent(sub, failed)] };
      }
      // A first payment starts the first period now; a renewal's period was fixed when it was billed.
      const periodEnd = inv.billingReason === 'subscription_create' ? addMonth(at) : inv.periodEnd;
      const [paid] = await tx
        .update(sandboxInvoices)
        .set({ status: 'paid', amountPaidCents: inv.amountCents, failureMessage: null, periodEnd })
        .where(eq(sandboxInvoices.id, inv.id))
        .returning();
      const [active] = await tx
        .update(sandboxSubscriptions)
        .set({ status: 'active', currentPeriodEnd: periodEnd, cardOnFile: check.number })
        .where(eq(sandboxSubscriptions.id, sub.id))
        .returning();
      if (!paid || !active) throw new Error('sandbox rows vanished');
      return { result: { status: 'succeeded', paymentIntentId: paid.paymentIntentId }, events: [paidEvent(active, paid)] };
    });
    await deliverAll(outcome.events);
    return outcome.result;
  }

  /** One subscription's due work, under its row lock; the events to deliver once committed. */
  async function renewOne(subscriptionId: string, at: Date, counts: { renewed: number; failed: number; ended: number }): Promise<BillingEvent[]> {
    return db.transaction(async (tx) => {
      const [locked] = await tx.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subscriptionId)).for('update');
      if (!locked) return [];
      let sub: SubRow = locked;
      const events: BillingEvent[] = [];
      const end = async (status: 'canceled' | 'incomplete_expired') => {
        const [ended] = await tx.update(sandboxSubscriptions).set({ status }).where(eq(sandboxSubscriptions.id, sub.id)).returning();
        if (!ended) throw new Error('sandbox subscription vanished');
        counts.ended += 1;
        const snapshot = subscriptionSnapshot(ended);
        events.push(
          status === 'canceled'
            ? { eventId: `evt_sbx_${sub.id}_deleted`, type: 'subscription.deleted', subscription: snapshot }
            : { eventId: `evt_sbx_${sub.id}_expired`, type: 'subscription.updated', subscription: snapshot },
        );
      };

      if (sub.status === 'incomplete') {
        if (at.getTime() - sub.createdAt.getTime() >= INCOMPLETE_EXPIRES_MS) await end('incomplete_expired');
        return events;
      }
      if (sub.status === 'past_due') {
        // The sandbox keeps the period end at the last paid period while a renewal is unpaid.
        if (at.getTime() >= sub.currentPeriodEnd.getTime() + RENEWAL_GRACE_DAYS * DAY_MS) await end('canceled');
        return events;
      }
      // Active: one renewal per elapsed period (a clock moved by months renews month by month).
      while (sub.status === 'active' && sub.currentPeriodEnd <= at) {
        if (sub.cancelAtPeriodEnd) {
          await end('canceled');
          break;
        }
        const decline = sub.cardOnFile ? declineFor(sub.cardOnFile) : 'Your card was declined.';
        const periodEnd = addMonth(sub.currentPeriodEnd);
        const paymentIntentId = id('pi');
        const [inv] = await tx
          .insert(sandboxInvoices)
          .values({
            id: id('in'),
            subscriptionId: sub.id,
            paymentIntentId,
            clientSecret: `${paymentIntentId}_secret_${randomBytes(16).toString('hex')}`,
            amountCents: sub.renewalAmountCents,
            amountPaidCents: decline ? 0 : sub.renewalAmountCents,
            billingReason: 'subscription_cycle',
            status: decline ? 'failed' : 'paid',
            periodEnd,
            failureMessage: decline,
            attempts: decline ? 1 : 0,
            createdAt: at,
          })
          .returning();
        if (!inv) throw new Error('sandbox invoice insert returned nothing');
        const [next] = await tx
          .update(sandboxSubscriptions)
          .set(decline ? { status: 'past_due' } : { currentPeriodEnd: periodEnd })
          .where(eq(sandboxSubscriptions.id, sub.id))
          .returning();
        if (!next) throw new Error('sandbox subscription vanished');
        sub = next;
        if (decline) {
          counts.failed += 1;
          events.push(failedEvent(sub, inv));
        } else {
          counts.renewed += 1;
          events.push(paidEvent(sub, inv));
        }
      }
      // A past_due subscription whose grace already ran out within this same move of the clock.
      if (sub.status === 'past_due' && at.getTime() >= sub.currentPeriodEnd.getTime() + RENEWAL_GRACE_DAYS * DAY_MS) await end('canceled');
      return events;
    });
  }

  async function renewDue(at: Date) {
    const counts = { renewed: 0, failed: 0, ended: 0 };
    const due = await db
      .select({ id: sandboxSubscriptions.id })
      .from(sandboxSubscriptions)
      .where(
        or(
          and(eq(sandboxSubscriptions.status, 'active'), lte(sandboxSubscriptions.currentPeriodEnd, at)),
          and(eq(sandboxSubscriptions.status, 'past_due'), lte(sandboxSubscriptions.currentPeriodEnd, new Date(at.getTime() - RENEWAL_GRACE_DAYS * DAY_MS))),
          and(eq(sandboxSubscriptions.status, 'incomplete'), lte(sandboxSubscriptions.createdAt, new Date(at.getTime() - INCOMPLETE_EXPIRES_MS))),
        ),
      );
    for (const { id: subscriptionId } of due) await deliverAll(await renewOne(subscriptionId, at, counts));
    return counts;
  }

  return {
    name: 'sandbox',
    publicConfig: { publishableKey: null },
    createSubscription,
    retrieve,
    setCancelAtPeriodEnd,
    confirmPayment,
    renewDue,
    verifyWebhook: () => ({ ok: false, reason: 'The sandbox provider receives no webhooks.' }),
  };
}
