import { z } from 'zod';
import { CALL_STAGES, STAGES, TOPICS } from '../coaching.js';
import { idParam, safeString } from './primitives.js';
import { deckStrengthPointSchema } from './deck.js';

/**
 * How the rep's next real call went after trying a coaching reply ("Tried it"): the one thing no
 * peer knows, and what the effectiveness score is made of (issue #15, product §9.3).
 */
export const CALL_RESULTS = ['won', 'moved_forward', 'stalled', 'lost'] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

export const CALL_RESULT_LABELS: Record<CallResult, string> = {
  won: 'Won',
  moved_forward: 'Moved forward',
  stalled: 'Stalled',
  lost: 'Lost',
};

/**
 * The effectiveness score (0–100): each logged call scores by its result, and the score is the
 * average of the last EFFECTIVENESS_WINDOW, shown only once EFFECTIVENESS_MIN are logged (two
 * calls say little). The page prints this definition from these same numbers.
 */
export const CALL_RESULT_SCORES: Record<CallResult, number> = { won: 100, moved_forward: 70, stalled: 30, lost: 0 };
export const EFFECTIVENESS_WINDOW = 10;
export const EFFECTIVENESS_MIN = 3;

/** Weeks the per-week charts cover, this one included. */
export const PROGRESS_WEEKS = 12;
/** A pause longer than this between two messages of a conversation is not counted as time spent. */
export const SESSION_IDLE_GAP_MINUTES = 30;
/** Improvement areas: coaching replies of this many days count, and a reply's weight halves every IMPROVEMENT_HALF_LIFE_DAYS. */
export const IMPROVEMENT_WINDOW_DAYS = 90;
export const IMPROVEMENT_HALF_LIFE_DAYS = 30;
/** product §16's activity figures: a "goal achieved" is a session of more than this many messages… */
export const GOAL_MIN_MESSAGES = 3;
/** …and a "positive outcome" one that lasted more than this many seconds. */
export const POSITIVE_SESSION_SECONDS = 60;

export const OUTCOME_NOTE_MAX = 500;

/** The :messageId of an outcome route: the coaching reply the outcome belongs to. */
export const outcomeParamsSchema = z.object({ messageId: idParam('There is no coaching reply with that id.') });

/** PUT /api/outcomes/:messageId: sets, or replaces, the outcome of that reply. */
export const callOutcomeInputSchema = z.strictObject({
  result: z.enum(CALL_RESULTS, { error: 'Choose how the call went: won, moved forward, stalled or lost.' }),
  /** Optional; blank is no note. */
  note: safeString({ error: 'The note must be text.' })
    .trim()
    .max(OUTCOME_NOTE_MAX, `Keep the note to ${OUTCOME_NOTE_MAX} characters.`)
    .nullish()
    .transform((note) => (note ? note : null)),
});
export type CallOutcomeInput = z.input<typeof callOutcomeInputSchema>;

/** An outcome as a coaching reply carries it (the chat's message list, the progress page). */
export const replyOutcomeSchema = z.object({
  result: z.enum(CALL_RESULTS),
  note: z.string().nullable(),
  /** When it was first logged, and last changed (ISO). */
  loggedAt: z.string(),
  updatedAt: z.string(),
});
export type ReplyOutcome = z.infer<typeof replyOutcomeSchema>;

/** The answer to PUT /api/outcomes/:messageId. */
export const callOutcomeSchema = replyOutcomeSchema.extend({ messageId: z.number().int() });
export type CallOutcome = z.infer<typeof callOutcomeSchema>;

/** GET /api/progress?tz=…: the rep's IANA time zone, so weeks start on the rep's Monday. */
export const progressQuerySchema = z.object({
  tz: z
    .string()
    .max(64)
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'Unknown time zone.')
    .optional(),
});

const resultCountsShape = { won: z.number().int(), moved_forward: z.number().int(), stalled: z.number().int(), lost: z.number().int() };

/** GET /api/progress (Pro): everything the progress page shows, computed from the rep's own data. */
export const progressSchema = z.object({
  /** The time zone the weeks were counted in (the one asked for, or UTC). */
  timeZone: z.string(),
  totals: z.object({
    /** Conversations with at least one message from the rep. */
    sessions: z.number().int(),
    /** Every message of those conversations: the rep's, the coach's and the coaching team's. */
    messages: z.number().int(),
    averageSessionSeconds: z.number().int(),
    totalTimeSeconds: z.number().int(),
  }),
  /** product §16's figures, kept as activity counts only: they say nothing about how calls went. */
  activity: z.object({
    /** product §9.3's "goals achieved": sessions with more than GOAL_MIN_MESSAGES messages. */
    goalsAchieved: z.number().int(),
    /** product §9.3's "positive outcomes": sessions that lasted more than POSITIVE_SESSION_SECONDS. Not call outcomes. */
    positiveOutcomes: z.number().int(),
  }),
  /** The last PROGRESS_WEEKS weeks, oldest first, from the account's first week at the earliest; `weekStart` is that Monday (YYYY-MM-DD, in `timeZone`). */
  sessionsPerWeek: z.array(z.object({ weekStart: z.string(), sessions: z.number().int() })),
  /** The coach's replies by the call stage they were about, all three in call order (general chatter left out). */
  stages: z.array(z.object({ stage: z.enum(CALL_STAGES), replies: z.number().int() })),
  /** The coach's replies by their main topic, most first. */
  topics: z.array(z.object({ topic: z.enum(TOPICS), replies: z.number().int() })),
  /** Up to five topic-and-stage pairs, heaviest first (see IMPROVEMENT_* for the weighting). */
  improvementAreas: z.array(
    z.object({ topic: z.enum(TOPICS), stage: z.enum(CALL_STAGES), weight: z.number(), replies: z.number().int(), lastAt: z.string() }),
  ),
  outcomes: z.object({
    total: z.number().int(),
    counts: z.object(resultCountsShape),
    /** null until EFFECTIVENESS_MIN outcomes are logged. */
    effectiveness: z.number().int().nullable(),
    /** How many outcomes the score averages (at most EFFECTIVENESS_WINDOW). */
    effectivenessBasedOn: z.number().int(),
    perWeek: z.array(z.object({ weekStart: z.string(), ...resultCountsShape })),
    /** By the method of the reply tried, most tried first; `score` averages CALL_RESULT_SCORES. */
    byTechnique: z.array(z.object({ method: z.string(), total: z.number().int(), score: z.number().int(), ...resultCountsShape })),
  }),
  /**
   * The objection deck's strength (issue #27): at the end of each of the last weeks (UTC, Monday
   * first), the average FSRS recall probability of the cards drilled by then. Empty when the rep has no cards.
   */
  deckStrength: z.array(deckStrengthPointSchema),
  /** The rep's latest coaching replies with a method, newest first, each with its outcome if logged. */
  recentReplies: z.array(
    z.object({
      messageId: z.number().int(),
      sessionId: z.string(),
      conversationTitle: z.string().nullable(),
      /**
       * The rep's message the reply answered, whole: it is what tells two replies of one
       * conversation apart (the title is only the conversation's first message, cut short).
       */
      askedAbout: z.string().nullable(),
      method: z.string(),
      stage: z.enum(STAGES),
      at: z.string(),
      outcome: replyOutcomeSchema.nullable(),
    }),
  ),
});
export type Progress = z.infer<typeof progressSchema>;

/** An outcome in the account export: which reply (conversation, method, when) and how the call went. */
export const callOutcomeExportSchema = z.object({
  sessionId: z.string(),
  replyAt: z.string(),
  method: z.string().nullable(),
  /**
   * Logged on a role-play turn (the buyer's line or the scene's feedback) before those turns took
   * no outcome: kept as the rep wrote it, and left out of the progress page's figures.
   */
  onRolePlay: z.boolean(),
  result: z.enum(CALL_RESULTS),
  note: z.string().nullable(),
  loggedAt: z.string(),
  updatedAt: z.string(),
});
