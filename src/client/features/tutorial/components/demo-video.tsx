import { useEffect, useState } from 'react';
import { Play } from 'lucide-react';
import { useOnlineStatus } from '../../../lib/use-online-status';

/**
 * The demo video. With a configured video and a browser online, a poster with a play button
 * comes first and YouTube's privacy-enhanced frame loads only when the user presses it: nothing
 * is fetched from YouTube before they ask, and a network that cannot reach YouTube never shows a
 * broken frame unasked. Without a video, or offline, an example conversation. `onReady` fires when the
 * frame has loaded, or when the example is shown (it stands in for the video then).
 */
export function DemoVideo({ videoId, onReady }: { videoId: string | null; onReady: () => void }) {
  const online = useOnlineStatus();
  const [playing, setPlaying] = useState(false);
  if (videoId && online && playing) {
    return (
      <div className="overflow-hidden rounded-xl bg-slate-900 shadow-sm">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
          title="Demo: the AI sales coach in action"
          className="aspect-video w-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={onReady}
        />
      </div>
    );
  }
  if (videoId && online) {
    return (
      <button
        type="button"
        onClick={() => setPlaying(true)}
        className="group flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-xl bg-gradient-to-br from-blue-600 to-indigo-700 p-6 text-center text-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
      >
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/20 ring-4 ring-white/30 transition group-hover:scale-105" aria-hidden>
          <Play className="ml-1 h-8 w-8 fill-white" />
        </span>
        <span className="font-semibold">Play the demo</span>
        <span className="text-sm text-blue-100">Plays from YouTube (privacy-enhanced mode).</span>
      </button>
    );
  }
  return <StillCard onShown={onReady} />;
}

/**
 * What the tutorial shows when there is no video to play: one short coaching exchange, as the chat
 * draws it, labelled as an example. A card saying "the demo video is not available" was the first
 * thing a new rep read after onboarding (issue #25's walk): a broken promise, where this shows what
 * the coach does: it asks before it advises, names where the call breaks and gives a line to say.
 */
const EXAMPLE: readonly { from: 'rep' | 'coach'; text: string; method?: string }[] = [
  { from: 'rep', text: 'I sell home solar door to door. After I give the price, people say “let me think about it” and I never hear back.' },
  { from: 'coach', text: 'One question first, so I fix the right thing: when they say it, do they ask anything about the numbers, or does the talk just stop?' },
  { from: 'rep', text: 'It just stops. They thank me and close the door.' },
  {
    from: 'coach',
    method: 'LAER: explore the objection',
    text: 'Then the break is at the close: the price lands with no next step agreed. Don’t argue with “think about it”, explore it: “That makes sense, it’s a big decision. So I leave you the right thing: is it the monthly number, or something else?” Then book a time to go through it together before you leave.',
  },
];

function StillCard({ onShown }: { onShown: () => void }) {
  useEffect(() => {
    onShown();
  }, [onShown]);
  return (
    <figure data-testid="demo-still" className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4 shadow-sm">
      <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-500">An example conversation</figcaption>
      <ol className="space-y-2">
        {EXAMPLE.map(({ from, text, method }) => (
          <li key={text} className={from === 'rep' ? 'flex justify-end' : 'flex justify-start'}>
            <div className={from === 'rep' ? 'max-w-[85%] rounded-2xl rounded-br-sm bg-blue-600 px-3 py-2 text-sm text-white' : 'max-w-[85%] space-y-1 rounded-2xl rounded-bl-sm bg-white px-3 py-2 text-sm text-slate-800 ring-1 ring-slate-200'}>
              <span className="sr-only">{from === 'rep' ? 'The rep: ' : 'The coach: '}</span>
              {method && <p className="text-xs font-semibold text-blue-700">Method: {method}</p>}
              <p>{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </figure>
  );
}
