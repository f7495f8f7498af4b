import { randomUUID } from 'node:crypto';
import type { BillingState, CheckoutPlan, CreateSubscriptionResult, SandboxCard } from '#shared/schemas/billing.js';
import type { TestApp } from './build-test-app.js';
import { makeAdmin, sessionCookieOf, type SignedInUser } from './factories.js';

/** Sandbox test cards (providers/sandbox-cards.ts), valid far ahead of the test clock. */
export const CARD_OK: SandboxCard = { number: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
export const CARD_DECLINED: SandboxCard = { ...CARD_OK, number: '4000 0000 0000 0002' };
export const CARD_NO_FUNDS: SandboxCard = { ...CARD_OK, number: '4000 0000 0000 9995' };

const CREATE_URL: Record<CheckoutPlan, string> = {
  basic: '/api/create-basic-subscription',
  pro: '/api/create-pro-subscription',
  proPromo: '/api/create-pro-promo-subscription',
};

export const post = (t: TestApp, u: SignedInUser, url: string, payload: unknown = {}) => t.app.inject({ method: 'POST', url, headers: { cookie: u.cookie }, payload: payload as object });

export const startCheckout = (t: TestApp, u: SignedInUser, plan: CheckoutPlan, attemptId: string = randomUUID()) => post(t, u, CREATE_URL[plan], { attemptId });

export const pay = (t: TestApp, u: SignedInUser, clientSecret: string, card: SandboxCard = CARD_OK) => post(t, u, '/api/sandbox/confirm-payment', { clientSecret, card });

export const paymentSuccess = (t: TestApp, u: SignedInUser, subscriptionId: string) => post(t, u, '/api/payment-success', { subscriptionId });

export async function billing(t: TestApp, u: SignedInUser): Promise<BillingState> {
  const res = await t.app.inject({ url: '/api/billing', headers: { cookie: u.cookie } });
  if (res.statusCode !== 200) throw new Error(`GET /api/billing: ${res.statusCode} ${res.body}`);
  return res.json<BillingState>();
}

/** The whole sandbox checkout a browser makes: create, pay with a card, report it. */
export async function subscribe(t: TestApp, u: SignedInUser, plan: CheckoutPlan, card: SandboxCard = CARD_OK): Promise<{ created: CreateSubscriptionResult; state: BillingState }> {
  const res = await startCheckout(t, u, plan);
  if (res.statusCode !== 200) throw new Error(`create ${plan}: ${res.statusCode} ${res.body}`);
  const created = res.json<CreateSubscriptionResult>();
  const paid = await pay(t, u, created.clientSecret, card);
  if (paid.statusCode !== 200) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  const done = await paymentSuccess(t, u, created.subscriptionId);
  if (done.statusCode !== 200) throw new Error(`payment-success: ${done.statusCode} ${done.body}`);
  return { created, state: done.json<BillingState>() };
}

/** Signs the user in again: a session idle for 30 days has ended, and moving the clock ends it too. */
export async function signInAgain(t: TestApp, u: SignedInUser): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { emailOrUsername: u.user.username, password: u.password } });
  u.cookie = sessionCookieOf(res);
}

/** The admin, panel unlocked, who moves each test app's clock (advance-clock requires one); made once per app. */
const clockAdmins = new WeakMap<TestApp, Promise<SignedInUser>>();
function clockAdmin(t: TestApp): Promise<SignedInUser> {
  let admin = clockAdmins.get(t);
  if (!admin) {
    admin = makeAdmin(t.app, t.db);
    clockAdmins.set(t, admin);
  }
  return admin;
}

/** Moves the sandbox's clock (SANDBOX_TEST_CLOCK=1) and runs the renewals; sessions (and the admin's unlock) move with it. */
export async function advanceDays(t: TestApp, days: number) {
  const admin = await clockAdmin(t);
  const res = await t.app.inject({ method: 'POST', url: '/api/sandbox/advance-clock', headers: { cookie: admin.cookie }, payload: { days } });
  if (res.statusCode !== 200) throw new Error(`advance-clock: ${res.statusCode} ${res.body}`);
  return res.json<{ now: string; renewed: number; failed: number; ended: number }>();
}

export async function me(t: TestApp, u: SignedInUser): Promise<{ hasBasicAccess: boolean; hasProAccess: boolean; hasUsedProPromo: boolean }> {
  return (await t.app.inject({ url: '/api/user', headers: { cookie: u.cookie } })).json();
}
