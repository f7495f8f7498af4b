import type { User } from '#shared/schemas/user';
import { Badge } from '../../../components/ui/badge';
import { useChatStatus } from '../../../lib/api/chat-status';
import { planDetail, planName } from '../../../lib/plan-status';

const TONES = { admin: 'amber', pro: 'purple', basic: 'blue', trial: 'green', free: 'neutral' } as const;

/**
 * The account's plan, from the same server answer as the chat header (GET /api/chat/status), so
 * the two tell the same story: the trial's days left, or the free chat and when it resets.
 */
export function PlanBadge({ user }: { user: Pick<User, 'isAdmin' | 'hasProAccess' | 'hasBasicAccess'> }) {
  const { data: status } = useChatStatus();
  // Until the answer comes (or if it fails), the flags on the user decide the paid plans; trial
  // and free need the server's clock, so nothing is claimed for them.
  const plan = status?.plan ?? (user.isAdmin ? 'admin' : user.hasProAccess ? 'pro' : user.hasBasicAccess ? 'basic' : null);
  const detail = status ? planDetail(status) : null;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <Badge data-testid="plan-badge" tone={plan ? TONES[plan] : 'neutral'}>
        {plan ? planName(plan) : '\u2026'}
      </Badge>
      {detail && (
        <span data-testid="plan-detail" className="text-sm text-slate-600">
          {detail}
        </span>
      )}
    </span>
  );
}
