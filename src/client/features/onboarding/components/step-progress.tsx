import { cn } from '../../../lib/cn';

/** The dot indicator and "Step N of 7" (product §6.1: seven steps everywhere). */
export function StepProgress({ current, total }: { current: number; total: number }) {
  return (
    <div className="flex flex-col items-center gap-2">
      <ol className="flex items-center gap-2" aria-hidden>
        {Array.from({ length: total }, (_, i) => (
          <li
            key={i}
            data-testid="step-dot"
            data-current={i + 1 === current ? 'true' : undefined}
            className={cn(
              'h-2.5 rounded-full transition-all',
              i + 1 === current ? 'w-6 bg-blue-600' : i + 1 < current ? 'w-2.5 bg-blue-300' : 'w-2.5 bg-slate-300',
            )}
          />
        ))}
      </ol>
      <p className="text-sm font-medium text-slate-600">
        Step {current} of {total}
      </p>
    </div>
  );
}
