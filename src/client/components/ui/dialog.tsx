import type { ReactNode } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';

// One look for both dialogs below: the app's, and the plain-HTML copy that stands in for it
// until the app has loaded, then is swapped for it without a visible change.
const OVERLAY_CLASS = 'fixed inset-0 z-50 bg-slate-900/50';
const CONTENT_CLASS =
  'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl focus:outline-none';
const TITLE_CLASS = 'pr-8 text-lg font-semibold text-slate-900';
const DESCRIPTION_CLASS = 'mt-2 text-sm text-slate-600';
const CLOSE_CLASS = 'absolute right-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100';

/**
 * A modal dialog (Radix: focus trap, Escape to close, labelled by its title). Pass the control
 * that opens it as `trigger`: Radix then returns focus to it on close. A dialog opened from
 * elsewhere (no trigger) leaves focus wherever Radix finds it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** One element (a Button) that opens the dialog; it gets the trigger's ARIA attributes. */
  trigger?: ReactNode;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={OVERLAY_CLASS} />
        <DialogPrimitive.Content className={CONTENT_CLASS}>
          <DialogPrimitive.Title className={TITLE_CLASS}>{title}</DialogPrimitive.Title>
          {description ? (
            <DialogPrimitive.Description className={DESCRIPTION_CLASS}>{description}</DialogPrimitive.Description>
          ) : (
            <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
          )}
          <div className="mt-4">{children}</div>
          <DialogPrimitive.Close aria-label="Close" className={CLOSE_CLASS}>
            <X className="h-5 w-5" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/**
 * The dialog above as plain HTML, for the server to send inside a page so it paints before the
 * app's scripts have run (issue #13): a native `<dialog open>` that is its own dimmed overlay,
 * whose buttons close it through `<form method="dialog">`, with no script at all. Put every
 * button of `children` that closes it as `type="submit"`. The app then takes over with `Dialog`.
 */
export function StaticDialog({ id, title, description, children }: { id: string; title: string; description: string; children: ReactNode }) {
  return (
    <dialog id={id} open aria-labelledby={`${id}-title`} aria-describedby={`${id}-description`} className={`${OVERLAY_CLASS} m-0 h-full max-h-none w-full max-w-none border-0 p-0`}>
      <form method="dialog" className={CONTENT_CLASS}>
        <h2 id={`${id}-title`} className={TITLE_CLASS}>
          {title}
        </h2>
        <p id={`${id}-description`} className={DESCRIPTION_CLASS}>
          {description}
        </p>
        <div className="mt-4">{children}</div>
        <button type="submit" aria-label="Close" className={CLOSE_CLASS}>
          <X className="h-5 w-5" aria-hidden />
        </button>
      </form>
    </dialog>
  );
}
