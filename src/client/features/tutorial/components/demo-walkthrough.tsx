import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';
import walkthroughJson from '../demo/walkthrough.json';
import type { Walkthrough } from '../lib/walkthrough';

const walkthrough: Walkthrough = walkthroughJson;

/**
 * The recorded screens, by file name. Imported through Vite, they are served fingerprinted under
 * /assets/: cached for good, and kept by the service worker once seen, so the demo opens offline
 * after a first visit.
 */
const IMAGE_URLS = import.meta.glob<string>('../demo/*.webp', { eager: true, query: '?url', import: 'default' });

function imageUrl(file: string): string | undefined {
  return IMAGE_URLS[`../demo/${file}`];
}

/** How long autoplay shows each step: time to read its caption. */
export const STEP_MS = 7_000;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The tutorial's demo (product §6.4): a walkthrough of real screens of one coaching exchange,
 * recorded from the app by `npm run demo:record` (scripts/record-demo.ts), each with the caption
 * its screen's text gave. It plays by itself unless the user asked for reduced motion; Previous,
 * Next and Pause are buttons, so it is all reachable by keyboard, and a moving walkthrough can be
 * stopped (WCAG 2.2.2). `onReady` fires when it is shown: the tutorial's clock starts then.
 */
export function DemoWalkthrough({ onReady }: { onReady: () => void }) {
  const { steps, width, height } = walkthrough;
  const [index, setIndex] = useState(0);
  const [autoplay, setAutoplay] = useState(() => !prefersReducedMotion());
  const last = steps.length - 1;
  // Plays once through and stops on the last step, where the advice is; Play starts it over.
  const playing = autoplay && index < last;

  useEffect(() => {
    onReady();
  }, [onReady]);

  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => setIndex((i) => Math.min(i + 1, last)), STEP_MS);
    return () => window.clearTimeout(timer);
  }, [playing, index, last]);

  const go = (to: number) => {
    // Choosing a step by hand stops the autoplay: it would otherwise move on while they read.
    setAutoplay(false);
    setIndex(Math.max(0, Math.min(to, last)));
  };
  const togglePlay = () => {
    if (playing) return setAutoplay(false);
    if (index >= last) setIndex(0);
    setAutoplay(true);
  };

  const step = steps[index];
  if (!step) return null;
  const controlClass =
    'inline-flex min-h-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-white disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

  return (
    <section data-testid="demo-walkthrough" aria-roledescription="walkthrough" aria-label="The AI coach in action" className="space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-4 shadow-sm">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        Recorded in the app · Step {index + 1} of {steps.length}
      </p>
      {/* On a wide screen the caption and the buttons sit beside the phone, so they are in view with it. */}
      <div className="space-y-3 lg:flex lg:items-start lg:gap-4 lg:space-y-0">
        <div className="mx-auto w-full max-w-[280px] shrink-0 overflow-hidden rounded-2xl border-4 border-slate-800 bg-white lg:mx-0 lg:w-[230px]">
          {/* Every step's image is in the page (only one shown), so the next is loaded before it is needed. */}
          {steps.map((s, i) => (
            <img
              key={s.image}
              src={imageUrl(s.image)}
              alt={s.caption}
              width={width}
              height={height}
              hidden={i !== index}
              data-testid="demo-step-image"
              className="block h-auto w-full"
            />
          ))}
        </div>
        <div className="space-y-3">
          {/* Read out when the user moves a step, not on every autoplay turn. The rep's words and the coach's on lines of their own. */}
          <p data-testid="demo-caption" aria-live={playing ? 'off' : 'polite'} className="min-h-[4.5rem] whitespace-pre-line text-sm text-slate-700">
            {step.caption}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-2 lg:flex-col lg:items-stretch">
            <button type="button" className={controlClass} onClick={() => go(index - 1)} disabled={index === 0}>
              <ChevronLeft className="h-4 w-4" aria-hidden />
              Previous
            </button>
            <button type="button" className={controlClass} onClick={togglePlay}>
              {playing ? <Pause className="h-4 w-4" aria-hidden /> : <Play className="h-4 w-4" aria-hidden />}
              {playing ? 'Pause' : 'Play'}
            </button>
            <button type="button" className={controlClass} onClick={() => go(index + 1)} disabled={index === last}>
              Next
              <ChevronRight className="h-4 w-4" aria-hidden />
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
