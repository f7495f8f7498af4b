import { useState } from 'react';
import { Bookmark, BookmarkCheck, CircleCheckBig, CircleDashed, Clock, MonitorPlay } from 'lucide-react';
import type { TrainingPart } from '#shared/schemas/training';
import { Button } from '../../../components/ui/button';
import { Card, CardDescription } from '../../../components/ui/card';
import { PartVideo } from './part-video';

export interface TrainingPartCardProps {
  part: TrainingPart;
  /** A change of this part's marks is on its way: its buttons wait for the answer. */
  busy: boolean;
  onToggle: (mark: 'saved' | 'watched', on: boolean) => void;
}

/** One part: its video (loaded on Watch), what it teaches, and the user's Save for Later and watched marks. */
export function TrainingPartCard({ part, busy, onToggle }: TrainingPartCardProps) {
  const [playing, setPlaying] = useState(false);
  const saved = part.savedAt !== null;
  const watched = part.watchedAt !== null;

  return (
    <Card className="flex flex-col gap-4 p-4" data-testid={`training-part-${part.id}`}>
      <PartVideo videoId={part.videoId} title={part.title} playing={playing} onPlay={() => setPlaying(true)} />
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden />
            {part.durationMinutes} minutes
          </span>
          {watched ? (
            <span className="inline-flex items-center gap-1 font-medium text-green-700">
              <CircleCheckBig className="h-4 w-4" aria-hidden />
              Watched
            </span>
          ) : null}
        </div>
        <h3 className="text-lg font-semibold text-slate-900">{part.title}</h3>
        <CardDescription>{part.description}</CardDescription>
      </div>
      {/* Watch across, the two marks side by side: three in a row wrapped their labels in a two-column grid. */}
      <div className="mt-auto grid grid-cols-2 gap-2 [&_svg]:shrink-0">
        <Button className="col-span-2" onClick={() => setPlaying(true)} disabled={part.videoId === null || playing} aria-label={`Watch: ${part.title}`}>
          <MonitorPlay className="h-4 w-4" aria-hidden />
          Watch
        </Button>
        <Button variant="secondary" aria-pressed={saved} disabled={busy} onClick={() => onToggle('saved', !saved)} className={saved ? 'whitespace-nowrap border-blue-300 bg-blue-50 text-blue-800 hover:bg-blue-100' : 'whitespace-nowrap'}>
          {saved ? <BookmarkCheck className="h-4 w-4" aria-hidden /> : <Bookmark className="h-4 w-4" aria-hidden />}
          {saved ? 'Saved' : 'Save for Later'}
        </Button>
        <Button variant="secondary" aria-pressed={watched} disabled={busy} onClick={() => onToggle('watched', !watched)} className={watched ? 'whitespace-nowrap border-green-300 bg-green-50 text-green-800 hover:bg-green-100' : 'whitespace-nowrap'}>
          {watched ? <CircleCheckBig className="h-4 w-4" aria-hidden /> : <CircleDashed className="h-4 w-4" aria-hidden />}
          {watched ? 'Watched' : 'Mark as watched'}
        </Button>
      </div>
    </Card>
  );
}
