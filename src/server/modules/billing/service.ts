/**
 * The billing module's public surface: who may chat how much (entitlements.ts, the one place
 * that says it) and the free tier's metering (free-tier.ts).
 */
export { chatAccess, daysUntil, freeChatsRemaining, mayStartConversation, nextFreeChatAt, planOf, trialEndsAt, windowExpired } from './entitlements.js';
export { assertMayStartConversation, FREE_CONVERSATION_MESSAGE_CAP, lockUser, releaseFreeMessage, reserveFreeMessage } from './free-tier.js';
