import { Square, Volume2 } from 'lucide-react';
import { useSpeak } from '../../lib/speech';
import { cn } from '../../lib/cn';

export interface SpeakButtonProps {
  /** The words to speak, as plain text (no Markdown marks). */
  text: string;
  /** What the button says it speaks, for a screen reader ("Speak the wife's line"). */
  label?: string;
  className?: string;
}

/**
 * Speaks one line aloud with the browser's voice, and stops it on a second press. Not shown
 * where the browser cannot speak: the line is on screen either way.
 */
export function SpeakButton({ text, label = 'Speak this line', className }: SpeakButtonProps) {
  const speaker = useSpeak();
  if (!speaker.supported) return null;
  return (
    <button
      type="button"
      data-testid="speak-line"
      aria-label={speaker.speaking ? 'Stop speaking' : label}
      onClick={() => (speaker.speaking ? speaker.stop() : speaker.speak(text))}
      className={cn(
        'inline-flex h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-900',
        speaker.speaking && 'text-blue-700',
        className,
      )}
    >
      {speaker.speaking ? <Square className="h-4 w-4" aria-hidden /> : <Volume2 className="h-4 w-4" aria-hidden />}
      {speaker.speaking ? 'Stop' : 'Speak'}
    </button>
  );
}
