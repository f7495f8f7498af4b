import { z } from 'zod';
import { idParam, safeString } from './primitives.js';

/** The longest buyer line a card holds: a sentence or two, as a rep would quote it. */
export const DECK_LINE_MAX = 300;
/** The longest drill answer: a spoken reply is a few sentences; the rubric calls over 55 words long anyway. */
export const DECK_ANSWER_MAX = 1000;

/** Where a card came from: quoted in a chat message, or added by the rep on the deck page. */
export const DECK_SOURCES = ['chat', 'added'] as const;

/** ts-fsrs's ratings, named as the drill shows them (1 Again … 4 Easy). */
export const DECK_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export type DeckRating = (typeof DECK_RATINGS)[number];

const lineText = (field: string) =>
  safeString({ error: `The ${field} must be text.` })
    .trim()
    .min(1, `The ${field} cannot be empty.`)
    .max(DECK_LINE_MAX, `The ${field} can be at most ${DECK_LINE_MAX} characters.`);

export const deckCardSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  source: z.enum(DECK_SOURCES),
  /** The conversation it was quoted in (its public id), when it came from the chat and that conversation still exists. */
  sessionId: z.string().nullable(),
  /** When the card is next due for a drill (ISO); a new card is due at once. */
  due: z.string(),
  /** Due by the server's clock when it answered (the browser's clock may differ). */
  isDue: z.boolean(),
  /** The FSRS probability (0..1) the rep recalls a good answer now; null until the card's first drill. */
  strength: z.number().nullable(),
  reviews: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeckCard = z.infer<typeof deckCardSchema>;

export const deckSchema = z.object({
  cards: z.array(deckCardSchema),
  /** How many cards are due now, for the Drill button. */
  dueCount: z.number().int(),
});
export type Deck = z.infer<typeof deckSchema>;

export const deckCardInputSchema = z.strictObject({ text: lineText('line') });
export type DeckCardInput = z.infer<typeof deckCardInputSchema>;

export const deckCardParamsSchema = z.object({ id: idParam('There is no card with that id.') });

export const deckDueSchema = z.object({
  /** The due cards, the longest overdue first. */
  cards: z.array(deckCardSchema),
  /** When the next card that is not due yet comes back (ISO), or null when the deck is empty. */
  nextDue: z.string().nullable(),
});
export type DeckDue = z.infer<typeof deckDueSchema>;

export const deckAnswerInputSchema = z.strictObject({
  answer: safeString({ error: 'The answer must be text.' })
    .trim()
    .min(1, 'Type your answer to the buyer first.')
    .max(DECK_ANSWER_MAX, `The answer can be at most ${DECK_ANSWER_MAX} characters.`),
});
export type DeckAnswerInput = z.infer<typeof deckAnswerInputSchema>;

export const deckAnswerResultSchema = z.object({
  /** 0..100 from the role-play rubric: the good moves made (of three), less for each fault. */
  score: z.number().int(),
  rating: z.enum(DECK_RATINGS),
  /** One thing the answer did well, quoting it; null when it did nothing the rubric praises. */
  keep: z.string().nullable(),
  /** One thing to change; null when the answer made every move and no fault. */
  change: z.string().nullable(),
  /** The card as rescheduled: `due` says when it comes back. */
  card: deckCardSchema,
});
export type DeckAnswerResult = z.infer<typeof deckAnswerResultSchema>;

/** Deck strength for Progress: the average recall probability of the cards drilled so far, at the end of each week. */
export const deckStrengthPointSchema = z.object({
  /** The week's first day (ISO date, UTC). */
  weekStart: z.string(),
  /** 0..1, or null for a week before any card was drilled. */
  strength: z.number().nullable(),
  cards: z.number().int(),
});
export type DeckStrengthPoint = z.infer<typeof deckStrengthPointSchema>;
