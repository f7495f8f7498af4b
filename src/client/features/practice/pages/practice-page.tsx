import { useState, type FormEvent } from 'react';
import { CalendarPlus, Check, Flame, Shuffle } from 'lucide-react';
import { PRACTICE_DID_IT_LABELS, PRACTICE_WEEK_DAYS, type PracticePlan } from '#shared/schemas/practice';
import { CALL_RESULT_LABELS } from '#shared/schemas/progress';
import { ProLocked } from '../../../components/pro-locked';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormAlert } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { QueryState } from '../../../components/ui/query-state';
import { useCurrentUser } from '../../../lib/api/current-user';
import { errorMessage } from '../../../lib/form-errors';
import { isPaymentRequired } from '../../../lib/payment-required';
import { PLAN_ICS_URL, useAcceptPractice, useDoneToday, usePractice, useSetReminder, useSwapPractice } from '../api/practice';
import { BehaviourDetails } from '../components/behaviour-details';
import { CheckInForm } from '../components/check-in-form';

/**
 * /practice (issue #27 item 2, product §9.4): one behaviour a week from the rep's own Progress
 * data. Pro users and admins get the plan; everyone else the locked upgrade page. The plan decides
 * before asking, so a non-Pro visit makes no request the server would refuse; a
 * `payment_required` refusal (the plan lapsed since the user was read) shows the locked page too.
 */
export function PracticePage() {
  const { data: user } = useCurrentUser();
  const entitled = Boolean(user && (user.isAdmin || user.hasProAccess));
  const practice = usePractice(entitled);

  // The route's guard (app/require-user.tsx) lets only a signed-in user in; null covers the moment of signing out.
  if (!user) return null;
  if (!entitled || isPaymentRequired(practice.error)) {
    return (
      <ProLocked
        title="The weekly practice plan is a Pro feature"
        description="One behaviour a week, chosen from your own coaching and call results, with a line to use, a two-minute daily drill, a streak and a week-end check-in."
      />
    );
  }
  return (
    <QueryState query={practice} error="Your practice plan could not be loaded.">
      {(plan) => <PracticePlanView plan={plan} />}
    </QueryState>
  );
}

/** "Thu 15 Jan" for a calendar day (YYYY-MM-DD), read as that day wherever the browser is. */
const dayLabel = (day: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function PracticePlanView({ plan }: { plan: PracticePlan }) {
  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 py-6">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600">One behaviour a week, two minutes a day.</p>
        <p data-testid="practice-streak" className="flex shrink-0 items-center gap-1 rounded-full bg-orange-50 px-3 py-1 text-sm font-semibold text-orange-800">
          <Flame className="h-4 w-4" aria-hidden />
          {plan.streak === 1 ? '1-day streak' : `${plan.streak}-day streak`}
        </p>
      </div>
      {plan.proposal && <Proposal plan={plan} proposal={plan.proposal} />}
      {plan.week && <Week plan={plan} week={plan.week} />}
      {plan.history.length > 0 && <History history={plan.history} />}
    </div>
  );
}

function Proposal({ plan, proposal }: { plan: PracticePlan; proposal: NonNullable<PracticePlan['proposal']> }) {
  const accept = useAcceptPractice();
  const swap = useSwapPractice();
  const failed = accept.error ?? swap.error;
  return (
    <Card className="space-y-5">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-blue-700">This week's suggestion</h2>
      <BehaviourDetails choice={proposal.choice} motion={plan.motion} />
      {failed && (
        <FormAlert id="proposal-error" title="That didn't work">
          {errorMessage(failed)}
        </FormAlert>
      )}
      <div className="space-y-3 border-t border-slate-200 pt-4">
        <Button className="w-full" onClick={() => accept.mutate()} disabled={accept.isPending || swap.isPending} aria-describedby={failed ? 'proposal-error' : undefined}>
          <Check className="h-4 w-4" aria-hidden />
          Start this week
        </Button>
        {proposal.alternative ? (
          <div className="space-y-2 rounded-lg bg-slate-50 p-3">
            <p className="text-sm text-slate-700">
              <span className="font-semibold">Or swap for: </span>
              <span data-testid="practice-alternative">{proposal.alternative.behaviour.behaviour}</span>
            </p>
            <p className="text-xs text-slate-600">{proposal.alternative.reason}</p>
            <Button variant="secondary" className="w-full" onClick={() => swap.mutate()} disabled={accept.isPending || swap.isPending}>
              <Shuffle className="h-4 w-4" aria-hidden />
              Swap ({proposal.swapsLeft === 1 ? '1 swap left' : `${proposal.swapsLeft} swaps left`})
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">No swaps left this week.</p>
        )}
      </div>
    </Card>
  );
}

function Week({ plan, week }: { plan: PracticePlan; week: NonNullable<PracticePlan['week']> }) {
  const done = useDoneToday();
  const days = Array.from({ length: PRACTICE_WEEK_DAYS }, (_, i) => addDays(week.startDate, i));
  const ended = plan.today > week.endDate;
  return (
    <>
      {week.checkInOpen && (
        <Card className="border-blue-300">
          <CheckInForm behaviour={week.choice.behaviour} />
        </Card>
      )}
      <Card className="space-y-5">
        <div className="space-y-1">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-blue-700">{ended ? 'Last week' : `Day ${week.dayNumber} of ${PRACTICE_WEEK_DAYS}`}</h2>
          <p className="text-sm text-slate-600">
            {dayLabel(week.startDate)} – {dayLabel(week.endDate)}
          </p>
        </div>
        <ol aria-label="Practice days this week" className="grid grid-cols-7 gap-1">
          {days.map((day, i) => {
            const practised = week.practiceDays.includes(day);
            const isToday = day === plan.today;
            return (
              <li
                key={day}
                aria-label={`${dayLabel(day)}: ${practised ? 'practised' : day > plan.today ? 'to come' : 'not practised'}`}
                className={`flex h-11 flex-col items-center justify-center rounded-lg text-xs font-medium ${practised ? 'bg-green-600 text-white' : 'bg-slate-100 text-slate-600'} ${isToday ? 'ring-2 ring-blue-600 ring-offset-1' : ''}`}
              >
                <span aria-hidden>{i + 1}</span>
                {practised && <Check className="h-3 w-3" aria-hidden />}
              </li>
            );
          })}
        </ol>
        {!ended && (
          <div className="space-y-2">
            <Button className="w-full" variant={week.doneToday ? 'secondary' : 'primary'} onClick={() => done.mutate()} disabled={week.doneToday || done.isPending} aria-describedby={done.isError ? 'done-error' : undefined}>
              <Check className="h-4 w-4" aria-hidden />
              {week.doneToday ? 'Done for today' : 'Done today'}
            </Button>
            {done.isError && (
              <FormAlert id="done-error" title="Not marked">
                {errorMessage(done.error)}
              </FormAlert>
            )}
          </div>
        )}
        <BehaviourDetails choice={week.choice} motion={plan.motion} />
        <CalendarReminder week={week} />
      </Card>
    </>
  );
}

/** "Add to calendar": the week's daily reminder as an .ics, at a time the rep picks (in their time zone). */
function CalendarReminder({ week }: { week: NonNullable<PracticePlan['week']> }) {
  const setReminder = useSetReminder();
  const [time, setTime] = useState(week.reminderTime);
  const save = (event: FormEvent) => {
    event.preventDefault();
    setReminder.mutate(time);
  };
  return (
    <section className="space-y-3 border-t border-slate-200 pt-4" aria-labelledby="calendar-heading">
      <h3 id="calendar-heading" className="font-semibold text-slate-900">
        A daily reminder
      </h3>
      <form onSubmit={save} className="flex items-end gap-2">
        <div className="flex-1 space-y-1">
          <Label htmlFor="reminder-time">Reminder time ({week.timeZone})</Label>
          <Input id="reminder-time" type="time" value={time} onChange={(e) => setTime(e.target.value)} aria-invalid={setReminder.isError} aria-describedby={setReminder.isError ? 'reminder-error' : undefined} />
        </div>
        <Button type="submit" variant="secondary" disabled={setReminder.isPending || time === week.reminderTime}>
          Save time
        </Button>
      </form>
      {setReminder.isError && (
        <p id="reminder-error" className="text-sm text-red-700">
          {errorMessage(setReminder.error)}
        </p>
      )}
      <a href={PLAN_ICS_URL} download="practice-plan.ics" className={buttonClasses('secondary', 'md', 'w-full')}>
        <CalendarPlus className="h-4 w-4" aria-hidden />
        Add to calendar
      </a>
      <p className="text-xs text-slate-600">A file with a reminder each day of this week at {week.reminderTime}, with the behaviour and the drill. Nothing is emailed.</p>
    </section>
  );
}

function History({ history }: { history: PracticePlan['history'] }) {
  return (
    <section className="space-y-2" aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
        Past weeks
      </h2>
      <ul className="space-y-2">
        {history.map((w) => (
          <li key={`${w.startDate}-${w.behaviourId}`} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <p className="font-medium text-slate-900">{w.behaviour}</p>
            <p className="text-slate-600">
              From {w.startDate ? dayLabel(w.startDate) : '—'} · {w.practiceDays} of {PRACTICE_WEEK_DAYS} days practised
              {w.checkIn && ` · Did it: ${PRACTICE_DID_IT_LABELS[w.checkIn.didIt]}`}
              {w.checkIn?.result && ` · Calls: ${CALL_RESULT_LABELS[w.checkIn.result]}`}
            </p>
            {w.checkIn?.note && <p className="mt-1 text-slate-700">{w.checkIn.note}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
