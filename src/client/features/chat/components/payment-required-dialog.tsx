import { Check } from 'lucide-react';
import { useLocation } from 'wouter';
import { formatMonthly } from '../../../../shared/plans';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { usePlans } from '../../../lib/api/plans';

/**
 * SPEC §4: opened when a send is refused for payment. 'Purchase Now' goes to /checkout (the Pro
 * subscription, as the spec and the issue have it), so the dialog offers Pro at its price; the
 * cheaper Basic plan is one link away. Prices come from the plan catalogue (DECISIONS §3),
 * which replaced the prototype's '$0.99 one-time' copy.
 */
export function PaymentRequiredDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const plans = usePlans();
  const [, navigate] = useLocation();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Unlock Full Access"
      description={`${plans.pro.name}: ${formatMonthly(plans.pro.priceCents)}. Keep coaching without limits.`}
    >
      <ul className="space-y-2">
        {plans.pro.features.map((feature) => (
          <li key={feature} className="flex items-center gap-2 text-sm text-slate-700">
            <Check className="h-4 w-4 shrink-0 text-green-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-col gap-2">
        <Button
          onClick={() => {
            onOpenChange(false);
            navigate('/checkout');
          }}
        >
          Purchase Now
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            onOpenChange(false);
            navigate('/checkout-basic');
          }}
        >
          {`Just the coaching: ${plans.basic.name} ${formatMonthly(plans.basic.priceCents)}`}
        </Button>
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          Maybe later
        </Button>
      </div>
    </Dialog>
  );
}
