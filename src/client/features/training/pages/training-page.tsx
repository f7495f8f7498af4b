import { Link } from 'wouter';
import { MessageSquare } from 'lucide-react';
import type { TrainingOverview, TrainingPartId } from '#shared/schemas/training';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { QueryState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/api/current-user';
import { errorMessage } from '../../../lib/form-errors';
import { isPaymentRequired } from '../../../lib/payment-required';
import { toast } from '../../../lib/toast-store';
import { useTraining } from '../api/get-training';
import { useSetTrainingSaved } from '../api/set-training-mark';
import { TrainingLocked } from '../components/training-locked';
import { TrainingPartCard } from '../components/training-part-card';

/**
 * /training (product §9.1): Pro users and admins get the course with their saved and
 * completed marks; everyone else the locked upgrade page. The user's plan decides before asking,
 * so a Free or Basic visit makes no request the server would refuse; a `payment_required`
 * refusal (the plan lapsed since the user was read) shows the locked page too.
 */
export function TrainingPage() {
  const { data: user } = useCurrentUser();
  const entitled = Boolean(user && (user.isAdmin || user.hasProAccess));
  const training = useTraining(entitled);

  // The route's guard (app/require-user.tsx) lets only a signed-in user in; null covers the moment of signing out.
  if (!user) return null;
  if (!entitled || isPaymentRequired(training.error)) return <TrainingLocked />;
  return (
    <QueryState query={training} error="The training could not be loaded.">
      {(overview) => <TrainingCourse overview={overview} />}
    </QueryState>
  );
}

/** The course: the four lessons with the user's completed and saved marks. */
function TrainingCourse({ overview }: { overview: TrainingOverview }) {
  const setSaved = useSetTrainingSaved();
  const { parts, completedCount } = overview;
  const pendingPart: TrainingPartId | undefined = setSaved.isPending ? setSaved.variables.partId : undefined;
  const toggle = (partId: TrainingPartId, on: boolean) =>
    setSaved.mutate({ partId, on }, { onError: (err) => toast({ title: 'Not saved', description: errorMessage(err), variant: 'destructive' }) });

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <Card className="space-y-4 border-blue-200 bg-gradient-to-br from-blue-50 to-indigo-50">
        <div className="space-y-1">
          <h2 className="text-2xl font-bold tracking-tight text-slate-900">Sales Training</h2>
          <p className="text-sm font-medium text-blue-800">{parts.length} lessons · Pro exclusive</p>
          <p className="text-slate-600">Read a lesson, pass its three-question check, then rehearse the moment with your AI coach.</p>
        </div>
        <div className="space-y-1">
          <p className="text-sm font-medium text-slate-700" data-testid="training-progress">
            {completedCount} of {parts.length} lessons completed
          </p>
          <div
            role="progressbar"
            aria-label="Training completed"
            aria-valuemin={0}
            aria-valuemax={parts.length}
            aria-valuenow={completedCount}
            aria-valuetext={`${completedCount} of ${parts.length} lessons completed`}
            className="h-2 overflow-hidden rounded-full bg-white ring-1 ring-blue-200"
          >
            <div className="h-full rounded-full bg-blue-600 transition-[width]" style={{ width: `${parts.length ? (completedCount / parts.length) * 100 : 0}%` }} />
          </div>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link href="/chat" className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
            <MessageSquare className="h-4 w-4" aria-hidden />
            Start AI Coaching Session
          </Link>
          <Link href="/practice" className={buttonClasses('secondary', 'md', 'w-full sm:w-auto')}>
            Weekly practice plan
          </Link>
        </div>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        {parts.map((part) => (
          <TrainingPartCard key={part.id} part={part} busy={pendingPart === part.id} onToggleSaved={(on) => toggle(part.id, on)} />
        ))}
      </div>
    </div>
  );
}
