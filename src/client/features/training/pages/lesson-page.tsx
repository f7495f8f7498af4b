import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { CircleCheckBig, CircleX, Clock, MessageSquare } from 'lucide-react';
import {
  LESSON_MOTIONS,
  LESSON_MOTION_LABELS,
  type CheckChoiceKey,
  type LessonMotion,
  type TrainingCheckResult,
  type TrainingLesson,
} from '#shared/schemas/training';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { QueryState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/api/current-user';
import { CoachMarkdown } from '../../../lib/coach-markdown';
import { errorMessage } from '../../../lib/form-errors';
import { isPaymentRequired } from '../../../lib/payment-required';
import { useLesson } from '../api/get-lesson';
import { useStartDrill } from '../api/start-drill';
import { useSubmitCheck } from '../api/submit-check';
import { PartVideo, UploadedVideo } from '../components/part-video';
import { TrainingLocked } from '../components/training-locked';

/**
 * /training/:partId (issue #27): one written lesson. Its own chunk: the course list does not
 * carry the lesson's check and the Markdown renderer. Gated like the list: the plan decides
 * before asking, and a `payment_required` refusal shows the locked page.
 */
export function LessonPage() {
  const { partId = '' } = useParams<{ partId: string }>();
  const { data: user } = useCurrentUser();
  const entitled = Boolean(user && (user.isAdmin || user.hasProAccess));
  const lesson = useLesson(partId, entitled);

  if (!user) return null;
  if (!entitled || isPaymentRequired(lesson.error)) return <TrainingLocked />;
  return (
    <QueryState query={lesson} error="The lesson could not be loaded.">
      {(data) => <Lesson lesson={data} />}
    </QueryState>
  );
}

/** The rep's own motion first, then the others in the usual order. */
const motionOrder = (yours: LessonMotion | null): LessonMotion[] => (yours ? [yours, ...LESSON_MOTIONS.filter((m) => m !== yours)] : [...LESSON_MOTIONS]);

function Lesson({ lesson }: { lesson: TrainingLesson }) {
  const [motion, setMotion] = useState<LessonMotion>(lesson.yourMotion ?? 'door');
  const { part } = lesson;
  const scene = lesson.drill.scenes[motion];

  return (
    <article className="mx-auto max-w-3xl space-y-6 px-4 py-6">
      <header className="space-y-2">
        <p className="text-sm font-medium text-blue-800">{part.title}</p>
        <h2 className="text-2xl font-bold tracking-tight text-slate-900">{lesson.title}</h2>
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Clock className="h-4 w-4" aria-hidden />
            {part.minutesToRead} min read
          </span>
          <span>SQUARE {lesson.squareStep}</span>
          {part.completedAt ? (
            <span className="inline-flex items-center gap-1 font-medium text-green-700" data-testid="lesson-completed">
              <CircleCheckBig className="h-4 w-4" aria-hidden />
              Completed
            </span>
          ) : null}
        </div>
      </header>

      {part.videoUrl ? <UploadedVideo src={part.videoUrl} title={part.title} /> : part.videoId ? <PartVideo videoId={part.videoId} title={part.title} /> : null}

      {lesson.sections.map((section) => (
        <section key={section.heading} className="space-y-2">
          <h3 className="text-lg font-semibold text-slate-900">{section.heading}</h3>
          <div className="text-slate-800">
            <CoachMarkdown text={section.markdown} />
          </div>
        </section>
      ))}

      <section className="space-y-3" aria-labelledby="lesson-lines">
        <h3 id="lesson-lines" className="text-lg font-semibold text-slate-900">
          Say it like this
        </h3>
        <div role="group" aria-label="How you sell" className="flex flex-wrap gap-2">
          {motionOrder(lesson.yourMotion).map((m) => (
            <Button key={m} size="sm" variant={m === motion ? 'primary' : 'secondary'} aria-pressed={m === motion} onClick={() => setMotion(m)}>
              {LESSON_MOTION_LABELS[m]}
              {m === lesson.yourMotion ? ' (yours)' : ''}
            </Button>
          ))}
        </div>
        <ul className="space-y-2" data-testid="lesson-lines">
          {lesson.lines[motion].map((line) => (
            <li key={line} className="rounded-lg border-l-4 border-blue-300 bg-blue-50 px-3 py-2 text-sm text-slate-800">
              “{line}”
            </li>
          ))}
        </ul>
      </section>

      <LessonCheck lesson={lesson} />

      <section className="space-y-3" aria-labelledby="lesson-drill">
        <h3 id="lesson-drill" className="text-lg font-semibold text-slate-900">
          Drill
        </h3>
        <div className="text-slate-800">
          <CoachMarkdown text={lesson.drill.intro} />
        </div>
        <Card className="space-y-2 p-4 text-sm text-slate-800">
          <p>
            <span className="font-semibold">Buyer ({LESSON_MOTION_LABELS[motion]}):</span> {scene.buyer}
          </p>
          <p>
            <span className="font-semibold">They say:</span> “{scene.openingLine}”
          </p>
          <p>
            <span className="font-semibold">The moment:</span> {scene.moment}
          </p>
          <p className="font-semibold">A strong answer:</p>
          <ol className="list-decimal space-y-1 pl-5">
            {scene.strongAnswer.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </Card>
        <DrillButton lesson={lesson} motion={motion} />
      </section>
    </article>
  );
}

/**
 * Starts the drill: the server opens a conversation whose first message is this buyer's line, and
 * the chat opens on it, so the rep answers the buyer straight away. Ending the scene there (the
 * coach's feedback on their lines) completes the lesson.
 */
function DrillButton({ lesson, motion }: { lesson: TrainingLesson; motion: LessonMotion }) {
  const [, navigate] = useLocation();
  const start = useStartDrill(lesson.part.id);
  if (isPaymentRequired(start.error)) return <TrainingLocked />;
  return (
    <div className="space-y-2">
      {start.error ? <FormAlert id="lesson-drill-error">{errorMessage(start.error)}</FormAlert> : null}
      <Button
        className="w-full sm:w-auto"
        disabled={start.isPending}
        onClick={() => start.mutate(motion, { onSuccess: ({ sessionId }) => navigate(`/chat?session=${encodeURIComponent(sessionId)}`) })}
      >
        <MessageSquare className="h-4 w-4" aria-hidden />
        {start.isPending ? 'Starting the role-play…' : 'Practise this in a role-play'}
      </Button>
      <p className="text-sm text-slate-600">Answer the buyer, then say &ldquo;stop&rdquo; for feedback: finishing the scene completes the lesson.</p>
    </div>
  );
}

type Answers = [CheckChoiceKey | null, CheckChoiceKey | null, CheckChoiceKey | null];

/** The three-question check: answered here, scored on the server, each result shown under its question. */
function LessonCheck({ lesson }: { lesson: TrainingLesson }) {
  const [answers, setAnswers] = useState<Answers>([null, null, null]);
  const [result, setResult] = useState<TrainingCheckResult | null>(null);
  const submit = useSubmitCheck(lesson.part.id);
  const [a, b, c] = answers;
  const complete = a !== null && b !== null && c !== null;

  const choose = (index: number, key: CheckChoiceKey) => {
    const next: Answers = [...answers];
    next[index] = key;
    setAnswers(next);
  };
  const retry = () => {
    setResult(null);
    setAnswers([null, null, null]);
    submit.reset();
  };

  return (
    <section className="space-y-3" aria-labelledby="lesson-check">
      <h3 id="lesson-check" className="text-lg font-semibold text-slate-900">
        Check
      </h3>
      <p className="text-sm text-slate-600">Three questions. Answer all three right to complete the lesson.</p>
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (a !== null && b !== null && c !== null) submit.mutate([a, b, c], { onSuccess: setResult });
        }}
      >
        {lesson.questions.map((question, index) => {
          const outcome = result?.results[index];
          return (
            <fieldset key={question.prompt} className="space-y-2 rounded-lg border border-slate-200 p-3" disabled={result !== null}>
              <legend className="px-1 font-medium text-slate-900">
                {index + 1}. {question.prompt}
              </legend>
              {question.choices.map((choice) => (
                <label key={choice.key} className="flex items-start gap-2 text-sm text-slate-800">
                  <input type="radio" className="mt-1" name={`q${index}`} value={choice.key} checked={answers[index] === choice.key} onChange={() => choose(index, choice.key)} />
                  <span>
                    {choice.key}. {choice.text}
                  </span>
                </label>
              ))}
              {outcome ? (
                <div className={outcome.correct ? 'rounded bg-green-50 p-2 text-sm text-green-900' : 'rounded bg-red-50 p-2 text-sm text-red-900'} data-testid={`check-result-${index + 1}`}>
                  <p className="inline-flex items-center gap-1 font-semibold">
                    {outcome.correct ? <CircleCheckBig className="h-4 w-4" aria-hidden /> : <CircleX className="h-4 w-4" aria-hidden />}
                    {outcome.correct ? 'Right' : `Not quite: the answer is ${outcome.correctChoice}`}
                  </p>
                  <p>{outcome.explanation}</p>
                </div>
              ) : null}
            </fieldset>
          );
        })}
        {submit.isError ? <FormAlert id="lesson-check-error">{errorMessage(submit.error)}</FormAlert> : null}
        {result ? (
          <div className="space-y-2" role="status">
            <p className={result.passed ? 'font-semibold text-green-800' : 'font-semibold text-slate-900'}>
              {result.passed ? 'All three right: lesson completed.' : `${result.results.filter((r) => r.correct).length} of 3 right. Read why, then try again.`}
            </p>
            {result.passed ? null : (
              <Button variant="secondary" onClick={retry}>
                Try again
              </Button>
            )}
          </div>
        ) : (
          <Button type="submit" disabled={!complete || submit.isPending}>
            Check my answers
          </Button>
        )}
      </form>
    </section>
  );
}
