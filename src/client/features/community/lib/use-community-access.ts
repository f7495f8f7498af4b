import { useCurrentUser } from '../../../lib/api/current-user';

/**
 * Whether the forum is open to the signed-in user: Pro or admin, as the server decides it
 * (`hasProAccess` comes from the server's entitlements). A forum request refused as
 * `payment_required` (the plan lapsed since the user was read) locks it too (lib/payment-required.ts).
 */
export function useCommunityAccess() {
  const { data: user } = useCurrentUser();
  return { user, entitled: Boolean(user && (user.isAdmin || user.hasProAccess)) };
}
