import { cn } from '../lib/cn';

export function Logo({ className }: { className?: string }) {
  return <img src="/icons/icon.svg" alt="" aria-hidden className={cn('h-12 w-12 rounded-xl', className)} />;
}
