import { useState } from 'react';
import { Play } from 'lucide-react';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { DemoWalkthrough } from './demo-walkthrough';

/**
 * The demo video. With a configured video and a browser online, a poster with a play button
 * comes first and YouTube's privacy-enhanced frame loads only when the user presses it: nothing
 * is fetched from YouTube before they ask, and a network that cannot reach YouTube never shows a
 * broken frame unasked. Without a video, or offline, the walkthrough recorded from the app itself
 * (issue #27; before it, a made-up example conversation). `onReady` fires when the frame has
 * loaded, or when the walkthrough is shown (it stands in for the video then).
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
  return <DemoWalkthrough onReady={onReady} />;
}
