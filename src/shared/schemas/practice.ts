import { z } from 'zod';
import { CALL_STAGES, TOPICS } from '../coaching.js';
import { CALL_RESULTS } from './progress.js';
import { safeString } from './primitives.js';

/**
 * The weekly practice plan (issue #27 item 2, product §9.4): one behaviour a week from the
 * trainer's catalogue (content/practice/behaviours.md), chosen from the rep's own Progress data.
 */

/** The motions a behaviour's lines are written for: the same four as the lessons'. */
export const PRACTICE_MOTIONS = ['door', 'showroom', 'phone', 'b2b'] as const;
export type PracticeMotion = (typeof PRACTICE_MOTIONS)[number];
export const PRACTICE_MOTION_LABELS: Record<PracticeMotion, string> = { door: 'Door', showroom: 'Showroom', phone: 'Phone', b2b: 'B2B' };

/** What a behaviour is tied to: an improvement area (topic and stage) or a call outcome. */
export const practiceSignalSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('area'), topic: z.enum(TOPICS), stage: z.enum(CALL_STAGES) }),
  z.object({ kind: z.literal('outcome'), result: z.enum(CALL_RESULTS) }),
]);
export type PracticeSignal = z.infer<typeof practiceSignalSchema>;

/** One behaviour of the catalogue, as the server keeps it and the page shows it. */
export const practiceBehaviourSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The catalogue's heading number, 1-based. */
  number: z.number().int().positive(),
  tiedTo: practiceSignalSchema,
  behaviour: z.string().min(1),
  why: z.string().min(1),
  lines: z.object({ door: z.string().min(1), showroom: z.string().min(1), phone: z.string().min(1), b2b: z.string().min(1) }),
  drill: z.array(z.string().min(1)).min(1),
  checkInQuestions: z.array(z.string().min(1)).length(2),
});
export type PracticeBehaviour = z.infer<typeof practiceBehaviourSchema>;

/** How many times a rep may swap a week's proposal for the next-best one. */
export const PRACTICE_SWAPS = 2;
/** Days in a practice week, counted from the day the rep accepts. */
export const PRACTICE_WEEK_DAYS = 7;
/** A behaviour that stuck is not proposed again within this many days. */
export const PRACTICE_NO_REPEAT_DAYS = 28;

/** The check-in's first question: did you do it on your calls? */
export const PRACTICE_DID_IT = ['yes', 'partly', 'no'] as const;
export type PracticeDidIt = (typeof PRACTICE_DID_IT)[number];
export const PRACTICE_DID_IT_LABELS: Record<PracticeDidIt, string> = { yes: 'Yes', partly: 'Partly', no: 'No' };
export const PRACTICE_NOTE_MAX = 500;

/** An IANA time zone name as the browser reports it (Intl); the server checks it names a real zone. */
export const timeZoneSchema = z
  .string({ error: 'Unknown time zone.' })
  .max(64, 'Unknown time zone.')
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'Unknown time zone.');

/**
 * ?tz= on GET /api/practice and GET /api/practice/plan.ics. Strict: GET /api/practice stores this
 * week's proposal when there is none, so a request with keys it does not read is refused (400)
 * rather than proposing on a malformed call.
 */
export const practiceQuerySchema = z.strictObject({ tz: timeZoneSchema.optional() });

/** POST /api/practice/accept: the rep's time zone fixes the week's days. */
export const practiceAcceptInputSchema = z.strictObject({
  timeZone: timeZoneSchema,
  /** The daily reminder's time in the calendar file, HH:MM in the rep's time zone. */
  reminderTime: z
    .string({ error: 'Choose a time like 08:30.' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time like 08:30.')
    .optional(),
});
export type PracticeAcceptInput = z.input<typeof practiceAcceptInputSchema>;

/** PUT /api/practice/reminder: the reminder's time for the calendar file. */
export const practiceReminderInputSchema = z.strictObject({
  reminderTime: z.string({ error: 'Choose a time like 08:30.' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time like 08:30.'),
});

/** POST /api/practice/check-in: the week's end. */
export const practiceCheckInInputSchema = z.strictObject({
  didIt: z.enum(PRACTICE_DID_IT, { error: 'Say whether you did it on your calls: yes, partly or no.' }),
  /** How the calls went: one of the four call results, or none (then the note says it). */
  result: z.enum(CALL_RESULTS, { error: 'Choose how the calls went: won, moved forward, stalled or lost.' }).nullish().transform((r) => r ?? null),
  note: safeString({ error: 'The note must be text.' })
    .trim()
    .max(PRACTICE_NOTE_MAX, `Keep the note to ${PRACTICE_NOTE_MAX} characters.`)
    .nullish()
    .transform((n) => (n ? n : null)),
});
export type PracticeCheckInInput = z.input<typeof practiceCheckInInputSchema>;

/** A behaviour as the page shows it: the line for the rep's motion first. */
export const practiceChoiceSchema = z.object({
  behaviour: practiceBehaviourSchema,
  /** Why this one, for this rep, from their own data. */
  reason: z.string(),
});
export type PracticeChoice = z.infer<typeof practiceChoiceSchema>;

export const practiceCheckInSchema = z.object({
  didIt: z.enum(PRACTICE_DID_IT),
  result: z.enum(CALL_RESULTS).nullable(),
  note: z.string().nullable(),
  at: z.string(),
});

/** GET /api/practice (Pro): the proposal, or this week, or the check-in due. */
export const practicePlanSchema = z.object({
  /** The rep's motion from their profile, when it names one; the page shows that line first. */
  motion: z.enum(PRACTICE_MOTIONS).nullable(),
  /** The rep's own calendar day (YYYY-MM-DD) in the time zone used. */
  today: z.string(),
  /** Consecutive practice days up to today (today not done yet does not break it). */
  streak: z.number().int(),
  proposal: z
    .object({
      choice: practiceChoiceSchema,
      /** The next-best behaviour, shown before swapping; null when nothing else fits. */
      alternative: practiceChoiceSchema.nullable(),
      swapsLeft: z.number().int(),
    })
    .nullable(),
  week: z
    .object({
      id: z.number().int(),
      choice: practiceChoiceSchema,
      /** First and last day of the week, YYYY-MM-DD in `timeZone`. */
      startDate: z.string(),
      endDate: z.string(),
      timeZone: z.string(),
      reminderTime: z.string(),
      /** 1..7 while the week runs; more once it has ended without a check-in. */
      dayNumber: z.number().int(),
      practiceDays: z.array(z.string()),
      doneToday: z.boolean(),
      /** The check-in opens on the week's last day and stays open until given. */
      checkInOpen: z.boolean(),
    })
    .nullable(),
  /** Past weeks, newest first. */
  history: z.array(
    z.object({ behaviourId: z.string(), behaviour: z.string(), startDate: z.string(), practiceDays: z.number().int(), checkIn: practiceCheckInSchema.nullable() }),
  ),
});
export type PracticePlan = z.infer<typeof practicePlanSchema>;

/** The plan in the account export. */
export const practiceExportSchema = z.object({
  weeks: z.array(
    z.object({
      behaviourId: z.string(),
      status: z.string(),
      reason: z.string(),
      timeZone: z.string().nullable(),
      startDate: z.string().nullable(),
      reminderTime: z.string(),
      swaps: z.number().int(),
      createdAt: z.string(),
      acceptedAt: z.string().nullable(),
      checkIn: practiceCheckInSchema.nullable(),
    }),
  ),
  practiceDays: z.array(z.object({ day: z.string(), behaviourId: z.string(), createdAt: z.string() })),
});
export type PracticeExport = z.infer<typeof practiceExportSchema>;
