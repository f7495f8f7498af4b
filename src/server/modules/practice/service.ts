import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import ical, { ICalAlarmType } from 'ical-generator';
import {
  PRACTICE_SWAPS,
  PRACTICE_WEEK_DAYS,
  type PracticeBehaviour,
  type PracticeCheckInInput,
  type PracticeChoice,
  type PracticeExport,
  type PracticeMotion,
  type PracticePlan,
} from '#shared/schemas/practice.js';
import type { CallResult } from '#shared/schemas/progress.js';
import type { Db } from '../../db/client.js';
import { practiceDays, practiceWeeks, type PracticeWeekRow, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { motionsIn } from '../coach/service.js';
import { progressOverview } from '../progress/service.js';
import { rankBehaviours, type PastWeek } from './choose.js';

/** What the practice service reads besides the database: the catalogue loaded at start-up. */
export interface PracticeContent {
  behaviours: readonly PracticeBehaviour[];
}

/** The coach's finer motions (coach/playbook/motion.ts) under the catalogue's four, as the lessons map them. */
const COACH_MOTIONS: Record<PracticeMotion, readonly string[]> = {
  door: ['door_to_door'],
  showroom: ['showroom'],
  phone: ['cold_phone', 'inbound_phone'],
  b2b: ['field_b2b', 'enterprise'],
};

/** The rep's motion from what they sell ("solar, door to door"), read as the coach and the lessons read it. */
export function motionOf(user: Pick<UserRow, 'industry' | 'product'>): PracticeMotion | null {
  const named = motionsIn(`${user.industry ?? ''} ${user.product ?? ''}`).named[0];
  if (!named) return null;
  const found = (Object.keys(COACH_MOTIONS) as PracticeMotion[]).find((m) => COACH_MOTIONS[m].includes(named));
  return found ?? null;
}

/** A zone the runtime knows, or 400: the browser sends its own (Intl), so an unknown one is bad input. */
export function assertTimeZone(tz: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return tz;
  } catch {
    throw new HttpError(400, 'Unknown time zone.', { errors: { timeZone: ['Unknown time zone.'] } });
  }
}

/**
 * The rep's calendar day at `now` in `tz`. The server has no time zone for a user, so the
 * browser sends its IANA zone (Intl) and the week keeps the one it was accepted in: a rep's
 * "today" then turns at their midnight, not UTC's, and travelling mid-week does not skip a day.
 */
export function dayIn(now: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const DAY_MS = 24 * 60 * 60 * 1000;
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Consecutive practice days ending today, or yesterday when today is not done yet (the day is not over). */
export function streakOf(days: readonly string[], today: string): number {
  const set = new Set(days);
  let day = set.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (set.has(day)) {
    streak += 1;
    day = addDays(day, -1);
  }
  return streak;
}

/** The instant a wall-clock time on a day has in `tz` (each day on its own, so a DST change mid-week keeps 8:30 at 8:30). */
export function instantIn(day: string, time: string, tz: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`);
  const offsetAt = (at: number) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }).formatToParts(new Date(at));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
    return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - at;
  };
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

function behaviourOf(content: PracticeContent, id: string): PracticeBehaviour {
  const found = content.behaviours.find((b) => b.id === id);
  // A behaviour renamed in the catalogue after a week was stored: the app would show nothing sensible.
  if (!found) throw new Error(`Practice behaviour "${id}" is not in the catalogue`);
  return found;
}

const choiceOf = (content: PracticeContent, behaviourId: string, reason: string): PracticeChoice => ({ behaviour: behaviourOf(content, behaviourId), reason });

const openWeek = async (db: Db, userId: number) =>
  (await db.select().from(practiceWeeks).where(and(eq(practiceWeeks.userId, userId), ne(practiceWeeks.status, 'done'))))[0];

const doneWeeks = (db: Db, userId: number) =>
  db.select().from(practiceWeeks).where(and(eq(practiceWeeks.userId, userId), eq(practiceWeeks.status, 'done'))).orderBy(desc(practiceWeeks.checkedInAt), desc(practiceWeeks.id));

const daysOf = async (db: Db, userId: number) => db.select().from(practiceDays).where(eq(practiceDays.userId, userId)).orderBy(asc(practiceDays.day));

/**
 * Proposes this week's behaviour from the rep's own Progress data (improvement areas, logged
 * outcomes) and past check-ins, by the rule in choose.ts, and keeps the ranking with the week so
 * a swap offers the alternative the rep was shown. At most one open week: a second proposal
 * made at the same moment meets the partial unique index and is dropped.
 */
async function propose(db: Db, user: UserRow, content: PracticeContent, now: Date, tz: string): Promise<void> {
  const progress = await progressOverview(db, user, now, tz);
  const past: PastWeek[] = (await doneWeeks(db, user.id)).map((w) => ({ behaviourId: w.behaviourId, startDate: w.startDate ?? dayIn(w.createdAt, tz), didIt: w.checkInDidIt, result: w.checkInResult }));
  // The recent calls: the results logged on the rep's latest coaching replies, the ones Progress lists to log.
  const recentResults = progress.recentReplies.flatMap((r) => (r.outcome ? [r.outcome.result] : []));
  const ranking = rankBehaviours({ behaviours: content.behaviours, areas: progress.improvementAreas, recentResults, pastWeeks: past, motion: motionOf(user), today: dayIn(now, tz) });
  const first = ranking[0];
  if (!first) throw new Error('The practice catalogue offered nothing to propose');
  await db
    .insert(practiceWeeks)
    .values({ userId: user.id, status: 'proposed', behaviourId: first.behaviourId, reason: first.reason, ranking, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/** GET /api/practice: this week (proposing one when there is none), the streak and past weeks. */
export async function practicePlan(db: Db, user: UserRow, content: PracticeContent, now: Date, requestedTz: string | undefined): Promise<PracticePlan> {
  const askedTz = assertTimeZone(requestedTz ?? 'UTC');
  let week = await openWeek(db, user.id);
  // A proposal left untouched for a week is made again from the data as it is now: the rep has
  // coached and logged calls since. One they swapped is their own choice, and stays.
  if (week?.status === 'proposed' && week.swaps === 0 && now.getTime() - week.createdAt.getTime() >= PRACTICE_WEEK_DAYS * DAY_MS) {
    await db.delete(practiceWeeks).where(and(eq(practiceWeeks.id, week.id), eq(practiceWeeks.status, 'proposed'), eq(practiceWeeks.swaps, 0)));
    week = undefined;
  }
  if (!week) {
    await propose(db, user, content, now, askedTz);
    week = await openWeek(db, user.id);
  }
  if (!week) throw new Error('No practice week after proposing one');
  return planView(db, user, content, now, week, askedTz);
}

async function planView(db: Db, user: UserRow, content: PracticeContent, now: Date, week: PracticeWeekRow, askedTz: string): Promise<PracticePlan> {
  const tz = week.status === 'active' && week.timeZone ? week.timeZone : askedTz;
  const today = dayIn(now, tz);
  const days = await daysOf(db, user.id);
  const history = (await doneWeeks(db, user.id)).map((w) => ({
    behaviourId: w.behaviourId,
    behaviour: content.behaviours.find((b) => b.id === w.behaviourId)?.behaviour ?? w.behaviourId,
    startDate: w.startDate ?? '',
    practiceDays: days.filter((d) => d.weekId === w.id).length,
    checkIn: w.checkInDidIt && w.checkedInAt ? { didIt: w.checkInDidIt, result: w.checkInResult, note: w.checkInNote, at: w.checkedInAt.toISOString() } : null,
  }));
  const base = { motion: motionOf(user), today, streak: streakOf(days.map((d) => d.day), today), history };
  if (week.status === 'proposed') {
    const next = week.swaps < PRACTICE_SWAPS ? week.ranking[week.swaps + 1] : undefined;
    return {
      ...base,
      proposal: {
        choice: choiceOf(content, week.behaviourId, week.reason),
        alternative: next ? choiceOf(content, next.behaviourId, next.reason) : null,
        swapsLeft: next ? PRACTICE_SWAPS - week.swaps : 0,
      },
      week: null,
    };
  }
  const startDate = week.startDate ?? today;
  const endDate = addDays(startDate, PRACTICE_WEEK_DAYS - 1);
  const practised = days.filter((d) => d.weekId === week.id).map((d) => d.day);
  return {
    ...base,
    proposal: null,
    week: {
      id: week.id,
      choice: choiceOf(content, week.behaviourId, week.reason),
      startDate,
      endDate,
      timeZone: tz,
      reminderTime: week.reminderTime,
      dayNumber: daysFrom(startDate, today) + 1,
      practiceDays: practised,
      doneToday: practised.includes(today),
      checkInOpen: today >= endDate,
    },
  };
}

const conflict = (message: string) => new HttpError(409, message);

/**
 * Accepts the proposal: the week starts today, the day the rep says yes, not on the next
 * Monday. A rep who signs up on a Thursday would otherwise wait four days or get a short week;
 * seven days from acceptance always gives seven drills and a check-in a week later.
 */
export async function acceptProposal(db: Db, user: UserRow, content: PracticeContent, now: Date, input: { timeZone: string; reminderTime?: string | undefined }): Promise<PracticePlan> {
  const tz = assertTimeZone(input.timeZone);
  const [week] = await db
    .update(practiceWeeks)
    .set({ status: 'active', timeZone: tz, startDate: dayIn(now, tz), acceptedAt: now, updatedAt: now, ...(input.reminderTime ? { reminderTime: input.reminderTime } : {}) })
    .where(and(eq(practiceWeeks.userId, user.id), eq(practiceWeeks.status, 'proposed')))
    .returning();
  if (!week) throw conflict('There is no proposal to accept: this week is already under way.');
  return planView(db, user, content, now, week, tz);
}

/** Swaps the proposal for the next-best one (at most PRACTICE_SWAPS times a week), in one statement so two taps make one swap each. */
export async function swapProposal(db: Db, user: UserRow, content: PracticeContent, now: Date, tz: string | undefined): Promise<PracticePlan> {
  const askedTz = assertTimeZone(tz ?? 'UTC');
  const [week] = await db
    .update(practiceWeeks)
    .set({
      swaps: sql`${practiceWeeks.swaps} + 1`,
      behaviourId: sql`${practiceWeeks.ranking} -> (${practiceWeeks.swaps} + 1) ->> 'behaviourId'`,
      reason: sql`${practiceWeeks.ranking} -> (${practiceWeeks.swaps} + 1) ->> 'reason'`,
      updatedAt: now,
    })
    .where(
      and(
        eq(practiceWeeks.userId, user.id),
        eq(practiceWeeks.status, 'proposed'),
        sql`${practiceWeeks.swaps} < ${PRACTICE_SWAPS}`,
        sql`jsonb_array_length(${practiceWeeks.ranking}) > ${practiceWeeks.swaps} + 1`,
      ),
    )
    .returning();
  if (!week) {
    const open = await openWeek(db, user.id);
    throw conflict(open?.status === 'proposed' ? `You have used your ${PRACTICE_SWAPS} swaps this week.` : 'There is no proposal to swap: this week is already under way.');
  }
  return planView(db, user, content, now, week, askedTz);
}

async function activeWeek(db: Db, userId: number): Promise<PracticeWeekRow & { timeZone: string; startDate: string }> {
  const week = await openWeek(db, userId);
  if (!week || week.status !== 'active' || !week.timeZone || !week.startDate) throw conflict('Accept a behaviour for this week first.');
  return { ...week, timeZone: week.timeZone, startDate: week.startDate };
}

/** Marks today's two-minute drill done: one row per rep and day, so a second tap the same day changes nothing. */
export async function markDoneToday(db: Db, user: UserRow, content: PracticeContent, now: Date): Promise<PracticePlan> {
  const week = await activeWeek(db, user.id);
  const today = dayIn(now, week.timeZone);
  const endDate = addDays(week.startDate, PRACTICE_WEEK_DAYS - 1);
  if (today > endDate) throw conflict(`This week ended on ${endDate}: check in to start the next one.`);
  await db.insert(practiceDays).values({ userId: user.id, weekId: week.id, day: today, createdAt: now }).onConflictDoNothing();
  return planView(db, user, content, now, week, week.timeZone);
}

/** The week-end check-in: from the week's last day on. It closes the week, and the next proposal reads it. */
export async function checkIn(db: Db, user: UserRow, content: PracticeContent, now: Date, input: { didIt: PracticeCheckInInput['didIt']; result: CallResult | null; note: string | null }): Promise<PracticePlan> {
  const week = await activeWeek(db, user.id);
  const endDate = addDays(week.startDate, PRACTICE_WEEK_DAYS - 1);
  if (dayIn(now, week.timeZone) < endDate) throw conflict(`The check-in opens on the week's last day, ${endDate}.`);
  const [done] = await db
    .update(practiceWeeks)
    .set({ status: 'done', checkInDidIt: input.didIt, checkInResult: input.result, checkInNote: input.note, checkedInAt: now, updatedAt: now })
    .where(and(eq(practiceWeeks.id, week.id), eq(practiceWeeks.userId, user.id), eq(practiceWeeks.status, 'active')))
    .returning({ id: practiceWeeks.id });
  if (!done) throw conflict('This week is already checked in.');
  return practicePlan(db, user, content, now, week.timeZone);
}

/** The reminder's time for the calendar file. */
export async function setReminder(db: Db, user: UserRow, content: PracticeContent, now: Date, reminderTime: string): Promise<PracticePlan> {
  const week = await activeWeek(db, user.id);
  const [row] = await db.update(practiceWeeks).set({ reminderTime, updatedAt: now }).where(eq(practiceWeeks.id, week.id)).returning();
  if (!row) throw conflict('Accept a behaviour for this week first.');
  return planView(db, user, content, now, row, week.timeZone);
}

/**
 * The week as a calendar file: one event a day at the rep's reminder time, in their time zone,
 * with a reminder at the start and the behaviour and drill in the description. Times are written
 * in UTC, each day converted on its own, so every calendar shows them at the rep's local time
 * without a VTIMEZONE block.
 */
export async function planCalendar(db: Db, user: UserRow, content: PracticeContent, now: Date, productName: string): Promise<string> {
  const week = await activeWeek(db, user.id);
  const behaviour = behaviourOf(content, week.behaviourId);
  const cal = ical({ name: `${productName}: weekly practice`, prodId: { company: productName, product: 'practice-plan', language: 'EN' } });
  const description = [behaviour.behaviour, '', 'Two-minute drill:', ...behaviour.drill.map((step, i) => `${i + 1}. ${step}`)].join('\n');
  for (let i = 0; i < PRACTICE_WEEK_DAYS; i += 1) {
    const day = addDays(week.startDate, i);
    const start = instantIn(day, week.reminderTime, week.timeZone);
    const event = cal.createEvent({
      id: `practice-${week.id}-${day}`,
      start,
      end: new Date(start.getTime() + 2 * 60 * 1000),
      stamp: now,
      // Calendars cut a long title short: the title says what it is, the description what to do.
      summary: `Two-minute practice (day ${i + 1} of ${PRACTICE_WEEK_DAYS})`,
      description,
    });
    event.createAlarm({ type: ICalAlarmType.display, trigger: 0 });
  }
  return cal.toString();
}

/** The rep's weeks and practice days for the account export. */
export async function exportPractice(db: Db, userId: number): Promise<PracticeExport> {
  const weeks = await db.select().from(practiceWeeks).where(eq(practiceWeeks.userId, userId)).orderBy(asc(practiceWeeks.createdAt), asc(practiceWeeks.id));
  const byId = new Map(weeks.map((w) => [w.id, w.behaviourId]));
  const days = await daysOf(db, userId);
  return {
    weeks: weeks.map((w) => ({
      behaviourId: w.behaviourId,
      status: w.status,
      reason: w.reason,
      timeZone: w.timeZone,
      startDate: w.startDate,
      reminderTime: w.reminderTime,
      swaps: w.swaps,
      createdAt: w.createdAt.toISOString(),
      acceptedAt: w.acceptedAt?.toISOString() ?? null,
      checkIn: w.checkInDidIt && w.checkedInAt ? { didIt: w.checkInDidIt, result: w.checkInResult, note: w.checkInNote, at: w.checkedInAt.toISOString() } : null,
    })),
    practiceDays: days.map((d) => ({ day: d.day, behaviourId: byId.get(d.weekId) ?? '', createdAt: d.createdAt.toISOString() })),
  };
}
