import { cn } from '../../../lib/cn';

/**
 * What a member wrote, shown as text (product §9.2): React puts it in a text node, so markup a
 * member typed is shown, never run; line breaks are kept, and a long word wraps instead of
 * pushing the page wider than a phone.
 */
export function UserText({ text, className }: { text: string; className?: string }) {
  return <p className={cn('whitespace-pre-wrap break-words [overflow-wrap:anywhere]', className)}>{text}</p>;
}
