import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-blue-600 text-white hover:bg-blue-700 disabled:bg-blue-300',
  secondary: 'bg-white text-slate-900 border border-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'bg-transparent text-slate-700 hover:bg-slate-100',
  destructive: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-300',
  link: 'bg-transparent text-blue-700 underline-offset-4 hover:underline px-0',
} as const;

// md and lg are at least 44 px tall, the smallest target a thumb hits reliably (WCAG 2.5.5).
const sizes = { sm: 'h-8 px-3 text-sm', md: 'h-11 px-4', lg: 'h-12 px-6 text-lg' } as const;

/**
 * A dark ring outside the control, with a white gap, so it shows on white pages and on a blue
 * button alike (the browser's own ring vanished against the primary blue).
 */
const FOCUS_RING = 'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-900';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed',
        FOCUS_RING,
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    />
  );
}

/** Classes for a link styled as a button (wouter's <Link> renders an <a>). */
export function buttonClasses(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md', className?: string) {
  return cn('inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors', FOCUS_RING, variants[variant], sizes[size], className);
}
