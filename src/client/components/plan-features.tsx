import { Check } from 'lucide-react';
import { cn } from '../lib/cn';

/**
 * A plan's feature list, as the catalogue gives it (product §3), one look wherever a plan is
 * offered: the plan chooser, the checkout pages, the locked Pro pages and the chat's
 * payment-required dialog.
 */
export function PlanFeatures({ features, className }: { features: readonly string[]; className?: string }) {
  return (
    <ul className={cn('space-y-2 text-left', className)}>
      {features.map((feature) => (
        <li key={feature} className="flex items-center gap-2 text-sm text-slate-700">
          <Check className="h-4 w-4 shrink-0 text-green-700" aria-hidden />
          {feature}
        </li>
      ))}
    </ul>
  );
}
