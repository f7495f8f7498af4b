import { Link } from 'wouter';
import { BookOpen, Bookmark, BookmarkCheck, CircleCheckBig, Clock } from 'lucide-react';
import type { TrainingPart } from '#shared/schemas/training';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardDescription } from '../../../components/ui/card';

export interface TrainingPartCardProps {
  part: TrainingPart;
  /** A change of this part's saved mark is on its way: its button waits for the answer. */
  busy: boolean;
  onToggleSaved: (on: boolean) => void;
}

/** One lesson in the course list: what it teaches, whether the user completed it, and Save for Later. */
export function TrainingPartCard({ part, busy, onToggleSaved }: TrainingPartCardProps) {
  const saved = part.savedAt !== null;
  const completed = part.completedAt !== null;

  return (
    <Card className="flex flex-col gap-4 p-4" data-testid={`training-part-${part.id}`}>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden />
            {part.minutesToRead} min read
          </span>
          {completed ? (
            <span className="inline-flex items-center gap-1 font-medium text-green-700">
              <CircleCheckBig className="h-4 w-4" aria-hidden />
              Completed
            </span>
          ) : null}
        </div>
        <h3 className="text-lg font-semibold text-slate-900">{part.title}</h3>
        <CardDescription>{part.description}</CardDescription>
      </div>
      <div className="mt-auto grid grid-cols-2 gap-2 [&_svg]:shrink-0">
        <Link href={`/training/${part.id}`} className={buttonClasses('primary', 'md', 'whitespace-nowrap')} aria-label={`Open the lesson: ${part.title}`}>
          <BookOpen className="h-4 w-4" aria-hidden />
          {completed ? 'Review' : 'Start lesson'}
        </Link>
        <Button variant="secondary" aria-pressed={saved} disabled={busy} onClick={() => onToggleSaved(!saved)} className={saved ? 'whitespace-nowrap border-blue-300 bg-blue-50 text-blue-800 hover:bg-blue-100' : 'whitespace-nowrap'}>
          {saved ? <BookmarkCheck className="h-4 w-4" aria-hidden /> : <Bookmark className="h-4 w-4" aria-hidden />}
          {saved ? 'Saved' : 'Save for Later'}
        </Button>
      </div>
    </Card>
  );
}
