import { Volume2 } from 'lucide-react';
import { canSpeak } from '../../../lib/speech';

/**
 * "Read the buyer's lines aloud", above the message box during a role-play (issue #27 item 4).
 * Not shown where the browser cannot speak.
 */
export function ReadAloudToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  if (!canSpeak()) return null;
  return (
    <div className="shrink-0 border-t border-slate-200 bg-slate-50 px-3 sm:px-4">
      <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" role="switch" checked={on} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4 accent-blue-600" />
        <Volume2 className="h-4 w-4 text-slate-500" aria-hidden />
        Read the buyer’s lines aloud
      </label>
    </div>
  );
}
