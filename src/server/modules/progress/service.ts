import { and, eq, sql } from 'drizzle-orm';
import { TOPIC_STAGE, type CallStage, type Stage, type Topic } from '#shared/coaching.js';
import {
  CALL_RESULT_SCORES,
  CALL_RESULTS,
  EFFECTIVENESS_MIN,
  EFFECTIVENESS_WINDOW,
  GOAL_MIN_MESSAGES,
  IMPROVEMENT_HALF_LIFE_DAYS,
  IMPROVEMENT_WINDOW_DAYS,
  POSITIVE_SESSION_SECONDS,
  PROGRESS_WEEKS,
  SESSION_IDLE_GAP_MINUTES,
  type CallOutcome,
  type CallResult,
  type Progress,
  type ReplyOutcome,
} from '#shared/schemas/progress.js';
import type { Db } from '../../db/client.js';
import { pgErrorOf } from '../../db/errors.js';
import { callOutcomes, chatMessages, chatSessions, type CallOutcomeRow, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { deckStrength } from '../deck/service.js';

export function toReplyOutcome(row: Pick<CallOutcomeRow, 'result' | 'note' | 'createdAt' | 'updatedAt'>): ReplyOutcome {
  return { result: row.result, note: row.note, loggedAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

const NO_REPLY = 'There is no coaching reply with that id.';

/**
 * A reply the rep could try on a real call, for chat message `m`: the coach's, naming a method,
 * and not a role-play turn. In a role-play the coach plays the buyer or gives feedback on the
 * rep's lines: practice, not something to try, so it takes no outcome and counts as no call, even
 * where an outcome was logged on it before role-play turns were marked (migration 0015). Nor is
 * a reply to a question the coach cannot advise on (`notCoaching`).
 */
const NOT_ROLE_PLAY_SQL = `(m.coaching ->> 'rolePlay') is distinct from 'true'`;
const NOT_UNADVISED_SQL = `(m.coaching ->> 'notCoaching') is distinct from 'true'`;
// Coaching proper: neither a scene's turn nor a "cannot advise on that" reply.
const COACHING_ONLY = sql.raw(`${NOT_ROLE_PLAY_SQL} and ${NOT_UNADVISED_SQL}`);
const TRYABLE_REPLY = sql.raw(`m.role = 'assistant' and m.coaching ->> 'method' is not null and ${NOT_ROLE_PLAY_SQL} and ${NOT_UNADVISED_SQL}`);

/**
 * A reply the rep may log an outcome on: an assistant message with a method, in one of the rep's
 * own conversations. Anything else (another rep's, a question without a method, the rep's own
 * message) answers the same 404, so ids reveal nothing.
 */
const ownCoachingReply = (userId: number, messageId: number) => sql`
  select m.id from ${chatMessages} m join ${chatSessions} c on c.id = m.chat_session_id
  where m.id = ${messageId} and c.user_id = ${userId} and ${TRYABLE_REPLY}`;

interface OutcomeSqlRow extends Record<string, unknown> {
  message_id: number;
  result: CallResult;
  note: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Logs how the call went after trying a reply, or changes what was logged (one outcome per
 * reply: the second PUT replaces the first, keeping when it was first logged). The ownership
 * check and the write are one statement, so a reply cannot change hands in between.
 */
export async function logOutcome(db: Db, user: UserRow, messageId: number, input: { result: CallResult; note: string | null }, now: Date): Promise<CallOutcome> {
  const at = now.toISOString();
  const { rows } = await db.execute<OutcomeSqlRow>(sql`
    insert into ${callOutcomes} (message_id, user_id, result, note, created_at, updated_at)
    select r.id, ${user.id}, ${input.result}, ${input.note}, ${at}::timestamptz, ${at}::timestamptz from (${ownCoachingReply(user.id, messageId)}) r
    on conflict (message_id) do update set result = excluded.result, note = excluded.note, updated_at = excluded.updated_at
    returning message_id, result, note, created_at, updated_at`);
  const row = rows[0];
  if (!row) throw new HttpError(404, NO_REPLY);
  return { messageId: row.message_id, result: row.result, note: row.note, loggedAt: iso(row.created_at), updatedAt: iso(row.updated_at) };
}

/** Takes back a logged outcome. Nothing logged on one of the rep's own replies is fine (idempotent); another's reply is 404. */
export async function clearOutcome(db: Db, user: UserRow, messageId: number): Promise<void> {
  const deleted = await db
    .delete(callOutcomes)
    .where(and(eq(callOutcomes.messageId, messageId), eq(callOutcomes.userId, user.id)))
    .returning({ messageId: callOutcomes.messageId });
  if (deleted.length) return;
  const { rows } = await db.execute(ownCoachingReply(user.id, messageId));
  if (!rows.length) throw new HttpError(404, NO_REPLY);
}

/** The time zone the rep's weeks are counted in; PostgreSQL refusing the name is the rep's input, so 400. */
async function inTimeZone<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const pg = pgErrorOf(err);
    if (pg.code === '22023') throw new HttpError(400, 'Unknown time zone.', { errors: { tz: ['Unknown time zone.'] } });
    throw err;
  }
}

/**
 * The first week the charts show: PROGRESS_WEEKS back, but never before the week the account was
 * made (`since`), so a new rep's charts are not a row of empty weeks they could not have used.
 */
const firstWeek = (now: string, since: string, tz: string) => sql`greatest(
  date_trunc('week', ${now}::timestamptz at time zone ${tz}) - make_interval(weeks => ${PROGRESS_WEEKS - 1}),
  least(date_trunc('week', ${since}::timestamptz at time zone ${tz}), date_trunc('week', ${now}::timestamptz at time zone ${tz})))`;

interface TotalsSqlRow extends Record<string, unknown> {
  totals: { sessions: number; messages: number; avg_seconds: number; total_seconds: number; goals: number; positive: number };
  weeks: { week_start: string; sessions: number }[];
}

/**
 * Sessions, messages and time, from the rep's conversations: a session is a conversation with at
 * least one message from the rep; its length is the time from its first message to its last,
 * leaving out pauses over SESSION_IDLE_GAP_MINUTES (the chat reopens the latest conversation on
 * every visit, so one conversation can span days of coming back to it) and the coaching team's
 * replies (an admin answers an escalation whenever they get to it).
 */
async function sessionFigures(db: Db, userId: number, now: string, since: string, tz: string): Promise<TotalsSqlRow> {
  const { rows } = await db.execute<TotalsSqlRow>(sql`
    with msgs as (
      select m.chat_session_id, m.role, m.created_at
      from ${chatMessages} m join ${chatSessions} c on c.id = m.chat_session_id
      where c.user_id = ${userId}
    ), gaps as (
      select chat_session_id, created_at - lag(created_at) over (partition by chat_session_id order by created_at) as gap
      from msgs where role <> 'team'
    ), lengths as (
      select chat_session_id,
        coalesce(sum(extract(epoch from gap)) filter (where gap <= make_interval(mins => ${SESSION_IDLE_GAP_MINUTES})), 0) as seconds
      from gaps group by chat_session_id
    ), per_session as (
      select s.chat_session_id, s.messages, s.started_at, coalesce(l.seconds, 0) as seconds
      from (
        select chat_session_id, count(*) as messages, min(created_at) as started_at
        from msgs group by chat_session_id having bool_or(role = 'user')
      ) s left join lengths l using (chat_session_id)
    ), weeks as (
      select generate_series(
        ${firstWeek(now, since, tz)},
        date_trunc('week', ${now}::timestamptz at time zone ${tz}),
        interval '1 week'
      ) as week_start
    )
    select
      (select json_build_object(
        'sessions', count(*),
        'messages', coalesce(sum(messages), 0),
        'avg_seconds', coalesce(round(avg(seconds)), 0),
        'total_seconds', coalesce(round(sum(seconds)), 0),
        'goals', count(*) filter (where messages > ${GOAL_MIN_MESSAGES}),
        'positive', count(*) filter (where seconds > ${POSITIVE_SESSION_SECONDS})
      ) from per_session) as totals,
      (select json_agg(json_build_object('week_start', to_char(w.week_start, 'YYYY-MM-DD'), 'sessions', (
        select count(*) from per_session s where date_trunc('week', s.started_at at time zone ${tz}) = w.week_start
      )) order by w.week_start) from weeks w) as weeks`);
  const row = rows[0];
  if (!row) throw new Error('the session figures statement returned no row');
  return row;
}

interface CoachingSqlRow extends Record<string, unknown> {
  stages: { stage: CallStage; replies: number }[];
  topics: { topic: Topic; replies: number }[] | null;
  areas: { topic: Topic; stage: CallStage; weight: number; replies: number; last_at: string }[] | null;
}

/**
 * What the rep works on, from the diagnosis every coach reply carries (product §8.2). A reply
 * counts once, for its main topic (the first). Improvement areas: topic-and-stage pairs over the
 * last IMPROVEMENT_WINDOW_DAYS, each reply weighing 1 today and half as much every
 * IMPROVEMENT_HALF_LIFE_DAYS back, so what the rep keeps bringing up lately comes first. A reply
 * about no part of a call ('general') counts for the stage its topic usually lives in. Role-play
 * turns (the buyer's lines, the scene's feedback) are practice of one question, not more coaching
 * on it: counted, three turns of a scene would outweigh the one reply that taught the move.
 */
async function coachingFigures(db: Db, userId: number, now: string): Promise<CoachingSqlRow> {
  const { rows } = await db.execute<CoachingSqlRow>(sql`
    with replies as (
      select m.created_at, m.coaching ->> 'stage' as stage, m.coaching -> 'topics' ->> 0 as topic
      from ${chatMessages} m join ${chatSessions} c on c.id = m.chat_session_id
      where c.user_id = ${userId} and m.role = 'assistant' and m.coaching is not null and ${COACHING_ONLY}
    ), areas as (
      select topic,
        case when stage in ('intro', 'middle', 'close') then stage else ${JSON.stringify(TOPIC_STAGE)}::jsonb ->> topic end as stage,
        sum(power(0.5, extract(epoch from ${now}::timestamptz - created_at) / 86400.0 / ${IMPROVEMENT_HALF_LIFE_DAYS})) as weight,
        count(*) as replies, max(created_at) as last_at
      from replies
      where topic is not null and created_at > ${now}::timestamptz - make_interval(days => ${IMPROVEMENT_WINDOW_DAYS})
      group by 1, 2
    )
    select
      (select json_agg(json_build_object('stage', s.stage, 'replies', (select count(*) from replies r where r.stage = s.stage)) order by s.ord)
        from unnest(array['intro', 'middle', 'close']) with ordinality as s(stage, ord)) as stages,
      (select json_agg(json_build_object('topic', topic, 'replies', n) order by n desc, topic)
        from (select topic, count(*) as n from replies where topic is not null group by topic) t) as topics,
      (select json_agg(json_build_object('topic', topic, 'stage', stage, 'weight', round(weight::numeric, 2), 'replies', replies, 'last_at', last_at) order by weight desc, last_at desc)
        from (select * from areas order by weight desc, last_at desc limit 5) a) as areas`);
  const row = rows[0];
  if (!row) throw new Error('the coaching figures statement returned no row');
  return row;
}

type Counts = Record<CallResult, number>;

interface OutcomeFiguresSqlRow extends Record<string, unknown> {
  counts: Counts;
  latest: CallResult[] | null;
  weeks: { week_start: string; counts: Counts }[];
  techniques: { method: string; total: number; counts: Counts }[] | null;
}

/** `json_build_object` of the per-result counts over the rows in scope: `'won', count(*) filter (…), …`. */
const countsObject = sql.raw(`json_build_object(${CALL_RESULTS.map((r) => `'${r}', count(*) filter (where result = '${r}')`).join(', ')})`);

/**
 * The rep's logged outcomes: counts, the latest EFFECTIVENESS_WINDOW for the score, per week of
 * logging (the call happened about when it was logged), and by the method of the reply tried.
 */
async function outcomeFigures(db: Db, userId: number, now: string, since: string, tz: string): Promise<OutcomeFiguresSqlRow> {
  const { rows } = await db.execute<OutcomeFiguresSqlRow>(sql`
    with o as (
      select o.message_id, o.result, o.created_at, coalesce(m.coaching ->> 'method', 'Unnamed method') as method
      from ${callOutcomes} o join ${chatMessages} m on m.id = o.message_id
      where o.user_id = ${userId} and ${TRYABLE_REPLY}
    ), weeks as (
      select generate_series(
        ${firstWeek(now, since, tz)},
        date_trunc('week', ${now}::timestamptz at time zone ${tz}),
        interval '1 week'
      ) as week_start
    )
    select
      (select ${countsObject} from o) as counts,
      (select json_agg(result order by created_at desc, message_id desc)
        from (select * from o order by created_at desc, message_id desc limit ${EFFECTIVENESS_WINDOW}) l) as latest,
      (select json_agg(json_build_object('week_start', to_char(w.week_start, 'YYYY-MM-DD'), 'counts', (
        select ${countsObject} from o where date_trunc('week', o.created_at at time zone ${tz}) = w.week_start
      )) order by w.week_start) from weeks w) as weeks,
      (select json_agg(json_build_object('method', method, 'total', total, 'counts', counts))
        from (select method, count(*) as total, ${countsObject} as counts from o group by method) t) as techniques`);
  const row = rows[0];
  if (!row) throw new Error('the outcome figures statement returned no row');
  return row;
}

interface RecentReplySqlRow extends Record<string, unknown> {
  message_id: number;
  session_id: string;
  title: string | null;
  asked: string | null;
  method: string;
  stage: Stage;
  created_at: Date | string;
  result: CallResult | null;
  note: string | null;
  logged_at: Date | string | null;
  updated_at: Date | string | null;
}

/** How many of the rep's latest coaching replies the page offers to log an outcome on. */
export const RECENT_REPLIES = 12;

async function recentReplies(db: Db, userId: number): Promise<Progress['recentReplies']> {
  const { rows } = await db.execute<RecentReplySqlRow>(sql`
    select m.id as message_id, c.session_id, c.title, m.coaching ->> 'method' as method, m.coaching ->> 'stage' as stage, m.created_at,
      (select u.content from ${chatMessages} u where u.chat_session_id = m.chat_session_id and u.role = 'user' and u.id < m.id order by u.id desc limit 1) as asked,
      o.result, o.note, o.created_at as logged_at, o.updated_at
    from ${chatSessions} c
    join ${chatMessages} m on m.chat_session_id = c.id
    left join ${callOutcomes} o on o.message_id = m.id
    where c.user_id = ${userId} and ${TRYABLE_REPLY}
    order by m.id desc
    limit ${RECENT_REPLIES}`);
  return rows.map((r) => ({
    messageId: r.message_id,
    sessionId: r.session_id,
    conversationTitle: r.title,
    askedAbout: r.asked,
    method: r.method,
    stage: r.stage,
    at: iso(r.created_at),
    outcome:
      r.result && r.logged_at && r.updated_at ? { result: r.result, note: r.note, loggedAt: iso(r.logged_at), updatedAt: iso(r.updated_at) } : null,
  }));
}

const scoreOf = (counts: Counts, total: number) =>
  total === 0 ? 0 : Math.round(CALL_RESULTS.reduce((sum, r) => sum + counts[r] * CALL_RESULT_SCORES[r], 0) / total);

/**
 * The effectiveness score: the average of CALL_RESULT_SCORES over the latest outcomes, capped at
 * 100 (product §16); null with fewer than EFFECTIVENESS_MIN, where a number would mean little.
 */
export function effectivenessOf(latest: readonly CallResult[]): number | null {
  if (latest.length < EFFECTIVENESS_MIN) return null;
  const recent = latest.slice(0, EFFECTIVENESS_WINDOW);
  const average = recent.reduce((sum, r) => sum + CALL_RESULT_SCORES[r], 0) / recent.length;
  return Math.min(100, Math.round(average));
}

/** GET /api/progress: everything the progress page shows, from the rep's own data only. */
export async function progressOverview(db: Db, user: UserRow, now: Date, timeZone = 'UTC'): Promise<Progress> {
  const at = now.toISOString();
  const since = user.createdAt.toISOString();
  const [sessions, coaching, outcomes, recent] = await inTimeZone(() =>
    Promise.all([
      sessionFigures(db, user.id, at, since, timeZone),
      coachingFigures(db, user.id, at),
      outcomeFigures(db, user.id, at, since, timeZone),
      recentReplies(db, user.id),
    ]),
  );
  const deck = await deckStrength(db, user.id, now);
  const n = (v: number | string) => Number(v);
  const counts = (c: Counts): Counts => ({ won: n(c.won), moved_forward: n(c.moved_forward), stalled: n(c.stalled), lost: n(c.lost) });
  const outcomeCounts = counts(outcomes.counts);
  const latest = outcomes.latest ?? [];
  return {
    timeZone,
    totals: {
      sessions: n(sessions.totals.sessions),
      messages: n(sessions.totals.messages),
      averageSessionSeconds: n(sessions.totals.avg_seconds),
      totalTimeSeconds: n(sessions.totals.total_seconds),
    },
    activity: { goalsAchieved: n(sessions.totals.goals), positiveOutcomes: n(sessions.totals.positive) },
    sessionsPerWeek: sessions.weeks.map((w) => ({ weekStart: w.week_start, sessions: n(w.sessions) })),
    stages: coaching.stages.map((s) => ({ stage: s.stage, replies: n(s.replies) })),
    topics: (coaching.topics ?? []).map((t) => ({ topic: t.topic, replies: n(t.replies) })),
    improvementAreas: (coaching.areas ?? []).map((a) => ({ topic: a.topic, stage: a.stage, weight: n(a.weight), replies: n(a.replies), lastAt: iso(a.last_at) })),
    outcomes: {
      total: CALL_RESULTS.reduce((sum, r) => sum + outcomeCounts[r], 0),
      counts: outcomeCounts,
      effectiveness: effectivenessOf(latest),
      effectivenessBasedOn: Math.min(latest.length, EFFECTIVENESS_WINDOW),
      perWeek: outcomes.weeks.map((w) => ({ weekStart: w.week_start, ...counts(w.counts) })),
      byTechnique: (outcomes.techniques ?? [])
        .map((t) => {
          const c = counts(t.counts);
          const total = n(t.total);
          return { method: t.method, total, score: scoreOf(c, total), ...c };
        })
        .sort((a, b) => b.total - a.total || b.score - a.score || a.method.localeCompare(b.method))
        .slice(0, 8),
    },
    deckStrength: deck,
    recentReplies: recent,
  };
}

/** The rep's outcomes for the account export: which reply (conversation, method, when) and how the call went. */
export async function exportCallOutcomes(db: Db, userId: number) {
  const rows = await db
    .select({ outcome: callOutcomes, sessionId: chatSessions.sessionId, replyAt: chatMessages.createdAt, coaching: chatMessages.coaching })
    .from(callOutcomes)
    .innerJoin(chatMessages, eq(chatMessages.id, callOutcomes.messageId))
    // Joined on the owner too: an outcome can only ever sit on the rep's own reply, and the export says nothing else.
    .innerJoin(chatSessions, and(eq(chatSessions.id, chatMessages.chatSessionId), eq(chatSessions.userId, userId)))
    .where(eq(callOutcomes.userId, userId))
    .orderBy(callOutcomes.createdAt, callOutcomes.messageId);
  return rows.map(({ outcome, sessionId, replyAt, coaching }) => ({
    sessionId,
    replyAt: replyAt.toISOString(),
    method: coaching?.method ?? null,
    onRolePlay: coaching?.rolePlay === true,
    result: outcome.result,
    note: outcome.note,
    loggedAt: outcome.createdAt.toISOString(),
    updatedAt: outcome.updatedAt.toISOString(),
  }));
}
