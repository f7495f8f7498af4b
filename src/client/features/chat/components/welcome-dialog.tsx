import { useLayoutEffect } from 'react';
import { Award, MessageSquare, Target } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { usePublicConfig } from '../../../lib/api/config';
import { removeStaticWelcome } from '../../../lib/static-welcome';

const FEATURES = [
  { icon: MessageSquare, title: 'Interactive Coaching', text: 'Talk through a real deal and get questions that find where it stalls.' },
  { icon: Target, title: 'Personalized Solutions', text: 'Advice fitted to your industry, product and experience.' },
  { icon: Award, title: 'Proven Methods', text: 'SPIN Selling, the SQUARE method and proven closing strategies.' },
];

export const welcomeTitle = (productName: string) => `Welcome to ${productName}`;
export const WELCOME_DESCRIPTION = 'Your AI sales coach is ready when you are.';

/**
 * What the welcome says, and its button: the same in the app's dialog and in the copy the
 * server puts in /chat's HTML (`prerender/static-welcome.tsx`), where the button is a submit.
 */
export function WelcomeBody({ onStart }: { onStart?: () => void }) {
  return (
    <>
      <ul className="space-y-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-3">
            <Icon className="mt-0.5 h-5 w-5 shrink-0 text-blue-600" aria-hidden />
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{title}</span> {text}
            </p>
          </li>
        ))}
      </ul>
      <Button className="mt-5 w-full" type={onStart ? 'button' : 'submit'} onClick={onStart}>
        Start Free Coaching
      </Button>
    </>
  );
}

/** product §7.1: the first-visit introduction to the coach. */
export function WelcomeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { productName } = usePublicConfig();
  // The server's copy stood in until now; drop it in the same frame this one appears in.
  useLayoutEffect(() => {
    if (open) removeStaticWelcome();
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={welcomeTitle(productName)} description={WELCOME_DESCRIPTION}>
      <WelcomeBody onStart={onClose} />
    </Dialog>
  );
}
