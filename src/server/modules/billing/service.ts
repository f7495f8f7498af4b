/**
 * The billing module's public surface for other modules: who may do what (entitlements.ts, the
 * one place that says it), the Pro gate that applies it to routes (pro-gate.ts) and the free
 * tier's metering (free-tier.ts). Checkout, subscriptions and provider events live beside them
 * (checkout.ts, billing-state.ts, events.ts).
 */
export { chatAccess, daysUntil, hasBasicAccess, hasCoachingFeatures, hasProAccess, hasProFeatures, freeChatsRemaining, mayStartConversation, nextFreeChatAt, planOf, trialEndsAt, windowExpired, windowMs } from './entitlements.js';
export { registerProGate } from './pro-gate.js';
export { assertMayStartConversation, FREE_CONVERSATION_MESSAGE_CAP, lockUser, releaseFreeMessage, reserveChat } from './free-tier.js';
export { applyBillingEvent } from './events.js';
export { handleProviderEvent } from './checkout.js';
export type { BillingEvent, PaymentProviderApi, WebhookResult } from './provider.js';
export type { SandboxProvider } from './providers/sandbox.js';
export { selectPaymentProvider, stripeKeys } from './select-provider.js';
export { offsetClock } from './test-clock.js';
export { stopRenewals } from './billing-state.js';
