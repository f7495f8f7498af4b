import { PRACTICE_MOTIONS, PRACTICE_MOTION_LABELS, type PracticeChoice, type PracticeMotion } from '#shared/schemas/practice';

/**
 * One behaviour as the rep practises it: what to do, why it was chosen for them, why it works,
 * the line for their motion (the others folded away) and the two-minute drill. All plain text.
 */
export function BehaviourDetails({ choice, motion }: { choice: PracticeChoice; motion: PracticeMotion | null }) {
  const { behaviour, reason } = choice;
  const others = PRACTICE_MOTIONS.filter((m) => m !== motion);
  return (
    <div className="space-y-4">
      <h3 className="text-xl font-bold leading-snug text-slate-900">{behaviour.behaviour}</h3>
      <p className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900">
        <span className="font-semibold">Why this one for you: </span>
        {reason}
      </p>
      <section className="space-y-1">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Why it works</h4>
        <p className="text-slate-700">{behaviour.why}</p>
      </section>
      <section className="space-y-2">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-500">A line to use</h4>
        {motion ? (
          <>
            <blockquote className="border-l-4 border-blue-400 pl-3 text-slate-800" data-testid="practice-line">
              <span className="block text-xs font-medium text-slate-500">{PRACTICE_MOTION_LABELS[motion]}</span>“{behaviour.lines[motion]}”
            </blockquote>
            <details className="text-sm text-slate-700">
              <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-blue-700">Lines for other ways of selling</summary>
              <MotionLines choice={choice} motions={others} />
            </details>
          </>
        ) : (
          <MotionLines choice={choice} motions={PRACTICE_MOTIONS} />
        )}
      </section>
      <section className="space-y-2">
        <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Your two-minute daily drill</h4>
        <ol className="list-decimal space-y-1 pl-5 text-slate-700">
          {behaviour.drill.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function MotionLines({ choice, motions }: { choice: PracticeChoice; motions: readonly PracticeMotion[] }) {
  return (
    <ul className="space-y-2 pt-1">
      {motions.map((m) => (
        <li key={m} className="text-slate-700">
          <span className="block text-xs font-medium text-slate-500">{PRACTICE_MOTION_LABELS[m]}</span>“{choice.behaviour.lines[m]}”
        </li>
      ))}
    </ul>
  );
}
