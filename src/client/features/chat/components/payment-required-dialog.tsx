import { useLocation } from 'wouter';
import { formatMonthly } from '#shared/plans';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { usePlans } from '../../../lib/api/plans';
import { PlanFeatures } from '../../../components/plan-features';

/**
 * product §3.4: opened when a send is refused for payment. 'Purchase Now' goes to the one plan
 * chooser (/upgrade, issue #25), which offers what this user can buy now (the launch special
 * only while it is theirs, Basic unless they have it) and what buying does to their plan; a
 * checkout link here could lead to an offer the server can only refuse. Prices come from the
 * plan catalogue (product §3.3), which replaced the prototype's '$0.99 one-time' copy.
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
      <PlanFeatures features={plans.pro.features} />
      <div className="mt-5 flex flex-col gap-2">
        <Button
          onClick={() => {
            onOpenChange(false);
            navigate('/upgrade');
          }}
        >
          Purchase Now
        </Button>
        <p className="text-center text-sm text-slate-600">{`Just the coaching? ${plans.basic.name} is ${formatMonthly(plans.basic.priceCents)}, among the plans.`}</p>
        <Button variant="ghost" onClick={() => onOpenChange(false)}>
          Maybe later
        </Button>
      </div>
    </Dialog>
  );
}
