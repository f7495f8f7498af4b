import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { dismissToast, useCurrentToast } from '../../lib/toast-store';

export function Toaster() {
  const message = useCurrentToast();
  return (
    <ToastPrimitive.Provider swipeDirection="up">
      {message && (
        <ToastPrimitive.Root
          key={message.id}
          data-testid="toast"
          duration={message.durationMs ?? 4000}
          onOpenChange={(open) => !open && dismissToast(message.id)}
          className={cn(
            'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-12 shadow-lg',
            message.variant === 'destructive' ? 'border-red-300 bg-red-600 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{message.title}</ToastPrimitive.Title>
            {message.description && <ToastPrimitive.Description className="text-sm opacity-90">{message.description}</ToastPrimitive.Description>}
          </div>
          <ToastPrimitive.Close aria-label="Close" className="absolute right-0 top-0 inline-flex h-11 w-11 items-center justify-center rounded opacity-70 hover:opacity-100">
            <X className="h-4 w-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      {/*
        Just under the header bar (3.5rem), so a toast covers neither Back and the title nor what a
        page keeps at the bottom: the chat's message box, a form's or a dialog's main button, the
        tab bar (issue #25). Centred at every width: at the top right it covered a page's own buttons
        (New Post, Save) at 1280 px, where the page's column leaves only 192 px beside it (ADR 0018).
        Errors about a field or a button are shown next to it, not here.
      */}
      <ToastPrimitive.Viewport className="fixed left-1/2 top-[calc(4rem+env(safe-area-inset-top,0px))] z-[100] flex w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 flex-col outline-none" />
    </ToastPrimitive.Provider>
  );
}
