// Icons of the training chunk's own: one the tutorial also used would split off a chunk the first page's preload map must name.
import { useState } from 'react';
import { CirclePlay } from 'lucide-react';

/**
 * A lesson's YouTube video, where the operator configured one (TRAINING_VIDEO_IDS or the lesson's saved version). The privacy-enhanced
 * YouTube frame loads only once the user pressed Play: nothing is fetched from YouTube before
 * they ask, as on the tutorial. A lesson without a video shows nothing here: it stands on its own (issue #27).
 */
export function PartVideo({ videoId, title }: { videoId: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  if (playing) {
    return (
      <iframe
        src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
        title={`Video: ${title}`}
        className="aspect-video w-full rounded-lg bg-slate-900"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      aria-label={`Play: ${title}`}
      className="group flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg bg-gradient-to-br from-blue-600 to-indigo-700 text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-900"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white/20 ring-4 ring-white/30 transition group-hover:scale-105" aria-hidden>
        <CirclePlay className="h-9 w-9" />
      </span>
      <span className="text-sm text-blue-100">Plays from YouTube (privacy-enhanced mode)</span>
    </button>
  );
}

/**
 * A video an admin uploaded for the lesson (issue #27), served by the app with range requests so
 * it can seek; it plays before any YouTube id. Only its metadata loads until the user presses play.
 */
export function UploadedVideo({ src, title }: { src: string; title: string }) {
  return (
    <video src={src} controls preload="metadata" playsInline aria-label={`Video: ${title}`} className="aspect-video w-full rounded-lg bg-slate-900" data-testid="lesson-video">
      {/* Shown only by a browser that plays no HTML video. */}
      Your browser cannot play this video.
    </video>
  );
}
