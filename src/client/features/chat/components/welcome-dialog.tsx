import { Award, MessageSquare, Target } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { usePublicConfig } from '../../../lib/api/config';

const FEATURES = [
  { icon: MessageSquare, title: 'Interactive Coaching', text: 'Talk through a real deal and get questions that find where it stalls.' },
  { icon: Target, title: 'Personalized Solutions', text: 'Advice fitted to your industry, product and experience.' },
  { icon: Award, title: 'Proven Methods', text: 'SPIN Selling, the SQUARE method and proven closing strategies.' },
];

/** SPEC §2 Chat: the first-visit introduction to the coach. */
export function WelcomeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { productName } = usePublicConfig();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={`Welcome to ${productName}`} description="Your AI sales coach is ready when you are.">
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
      <Button className="mt-5 w-full" onClick={onClose}>
        Start Free Coaching
      </Button>
    </Dialog>
  );
}
