import { STAGE_LABELS, TOPIC_LABELS } from '#shared/coaching';
import {
  CALL_RESULT_LABELS,
  CALL_RESULT_SCORES,
  CALL_RESULTS,
  EFFECTIVENESS_MIN,
  EFFECTIVENESS_WINDOW,
  GOAL_MIN_MESSAGES,
  IMPROVEMENT_HALF_LIFE_DAYS,
  IMPROVEMENT_WINDOW_DAYS,
  POSITIVE_SESSION_SECONDS,
  SESSION_IDLE_GAP_MINUTES,
  type Progress,
} from '#shared/schemas/progress';
import { OutcomeControl } from '../../../components/call-outcome/outcome-control';
import { RESULT_STYLE } from '../../../components/call-outcome/result-style';
import { Card, CardDescription, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatDay, formatDuration, formatTime } from '../lib/format';

/** The definition printed under the score, from the same constants the server computes it with. */
export const EFFECTIVENESS_DEFINITION =
  `Each call you log scores ${CALL_RESULTS.map((r) => `${CALL_RESULT_LABELS[r]} ${CALL_RESULT_SCORES[r]}`).join(', ')}. ` +
  `Your effectiveness is the average of your last ${EFFECTIVENESS_WINDOW} logged calls (out of 100), shown once you have logged ${EFFECTIVENESS_MIN}.`;

/** The score from logged calls, or why there is none yet, with its definition. */
export function EffectivenessCard({ outcomes }: { outcomes: Progress['outcomes'] }) {
  const missing = EFFECTIVENESS_MIN - outcomes.effectivenessBasedOn;
  return (
    <Card className="space-y-4 border-blue-200 bg-gradient-to-br from-blue-50 to-indigo-50" data-testid="effectiveness">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <CardTitle>Effectiveness</CardTitle>
          <CardDescription>From how your real calls went after trying the coach’s advice.</CardDescription>
        </div>
        {outcomes.effectiveness === null ? (
          <p className="sm:text-right">
            <span className="block text-lg font-semibold text-slate-900" data-testid="effectiveness-score">
              Not enough outcomes yet
            </span>
            <span className="block text-sm text-slate-600">
              Log {missing} more call{missing === 1 ? '' : 's'} to see your score.
            </span>
          </p>
        ) : (
          <p className="sm:text-right">
            <span className="text-5xl font-bold tracking-tight text-blue-900" data-testid="effectiveness-score">
              {outcomes.effectiveness}
            </span>
            <span className="text-lg font-semibold text-blue-900">/100</span>
            <span className="block text-sm text-slate-600">from your last {outcomes.effectivenessBasedOn} calls</span>
          </p>
        )}
      </div>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label="Calls logged by result">
        {CALL_RESULTS.map((r) => (
          <li key={r} className="rounded-full bg-white px-3 py-1 ring-1 ring-slate-200">
            <span className={cn('font-semibold', RESULT_STYLE[r].text)}>{CALL_RESULT_LABELS[r]}</span> {outcomes.counts[r]}
          </li>
        ))}
      </ul>
      <p className="text-xs text-slate-600">{EFFECTIVENESS_DEFINITION}</p>
    </Card>
  );
}

/** The rep's latest coaching replies with a method, each with "Tried it?" or its logged outcome. */
export function RecentReplies({ replies }: { replies: Progress['recentReplies'] }) {
  return (
    <Card className="space-y-3">
      <div>
        <CardTitle>Log your calls</CardTitle>
        <CardDescription>Tried a technique on a real call? Say how it went: it is how you see which methods work for you.</CardDescription>
      </div>
      {replies.length === 0 ? (
        <p className="text-sm text-slate-600">When the coach gives you a technique, try it on your next call, then log how it went here or under the reply in the chat.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {replies.map((r) => (
            <li key={r.messageId} className="space-y-0.5 py-2" data-testid="recent-reply">
              <p className="text-sm">
                <span className="font-semibold text-slate-900">{r.method}</span>
                <span className="text-slate-500">
                  {' · '}
                  {STAGE_LABELS[r.stage]} · {formatDay(r.at)}, {formatTime(r.at)}
                </span>
              </p>
              {/* What the rep asked tells two replies of one conversation apart; shown whole, clamped by CSS at a line (so a word), not cut. */}
              {(r.askedAbout ?? r.conversationTitle) && (
                <p className="line-clamp-2 text-xs break-words text-slate-600" data-testid="recent-reply-asked">
                  You asked: “{r.askedAbout ?? r.conversationTitle}”
                </p>
              )}
              <OutcomeControl messageId={r.messageId} outcome={r.outcome} method={r.method} showNote className="max-w-none" />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Sessions, messages and time, and what each means. */
export function Totals({ totals, activity }: Pick<Progress, 'totals' | 'activity'>) {
  const tiles = [
    { label: 'Sessions', value: String(totals.sessions) },
    { label: 'Messages', value: String(totals.messages) },
    { label: 'Average session', value: formatDuration(totals.averageSessionSeconds) },
    { label: 'Time spent', value: formatDuration(totals.totalTimeSeconds) },
  ];
  return (
    <div className="space-y-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="totals">
        {tiles.map((t) => (
          <div key={t.label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{t.label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{t.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">
        A session is a conversation you wrote in. It lasts from its first message to its last, leaving out pauses of more than {SESSION_IDLE_GAP_MINUTES} minutes.
      </p>
      <div className="rounded-lg border border-dashed border-slate-300 p-3 text-sm" data-testid="activity">
        <p className="font-medium text-slate-800">Activity figures (how much you practised, not how your calls went)</p>
        <ul className="mt-1 space-y-0.5 text-slate-700">
          <li>
            Sessions of more than {GOAL_MIN_MESSAGES} messages: <strong>{activity.goalsAchieved}</strong>
          </li>
          <li>
            Sessions longer than {POSITIVE_SESSION_SECONDS / 60} minute: <strong>{activity.positiveOutcomes}</strong>
          </li>
        </ul>
      </div>
    </div>
  );
}

/** The top five topic-and-stage pairs, heaviest first, with how they are chosen. */
export function ImprovementAreas({ areas }: { areas: Progress['improvementAreas'] }) {
  const top = areas[0]?.weight ?? 0;
  return (
    <Card className="space-y-3">
      <div>
        <CardTitle>Top improvement areas</CardTitle>
        <CardDescription>
          What you brought to the coach most in the last {IMPROVEMENT_WINDOW_DAYS} days, by topic and part of the call. Recent coaching counts more: a reply’s weight
          halves every {IMPROVEMENT_HALF_LIFE_DAYS} days.
        </CardDescription>
      </div>
      {areas.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing yet: tell the coach about a call that did not go the way you wanted.</p>
      ) : (
        <ol className="space-y-3" data-testid="improvement-areas">
          {areas.map((a, i) => (
            <li key={`${a.topic}-${a.stage}`} className="space-y-1">
              <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-medium text-slate-900">
                  {i + 1}. {TOPIC_LABELS[a.topic]} <span className="font-normal text-slate-600">· {STAGE_LABELS[a.stage]}</span>
                </span>
                <span className="text-xs text-slate-600">
                  {a.replies} {a.replies === 1 ? 'reply' : 'replies'}, last {formatDay(a.lastAt)}
                </span>
              </p>
              <div className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                <div className="h-full rounded-full bg-indigo-500" style={{ width: `${top ? Math.max(4, (a.weight / top) * 100) : 0}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
