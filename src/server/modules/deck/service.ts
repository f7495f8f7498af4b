import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { fsrs, Rating, type Card, type Grade, type State } from 'ts-fsrs';
import {
  DECK_LINE_MAX,
  type Deck,
  type DeckAnswerResult,
  type DeckCard,
  type DeckDue,
  type DeckRating,
  type DeckStrengthPoint,
} from '#shared/schemas/deck.js';
import type { Db } from '../../db/client.js';
import { pgErrorOf } from '../../db/errors.js';
import { chatMessages, chatSessions, deckCards, deckReviews, type DeckCardRow, type UserRow } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import { buyerLinesIn, sceneRunning, type HistoryMessage } from '../coach/service.js';
import { drillVerdict } from './drill-feedback.js';

/**
 * The scheduler. Fuzz off, so a review at the same moment always gives the same due date (the
 * tests and the rep's "comes back on" both rely on it); ts-fsrs's default learning steps (1 and
 * 10 minutes) stay, so a line the rep fumbled comes back within the same sitting.
 */
const scheduler = fsrs({ enable_fuzz: false });

/** One card per line: capitals, punctuation and spacing do not make a second card. */
export function normalizeLine(text: string): string {
  return text.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}$%]+/gu, ' ').trim();
}

/** Two normalised lines are one objection when the words of one run, whole, inside the other. */
const overlaps = (a: string, b: string) => ` ${a} `.includes(` ${b} `) || ` ${b} `.includes(` ${a} `);

const NOT_FOUND = 'There is no card with that id.';

function fsrsCard(row: DeckCardRow): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    ...(row.lastReview ? { last_review: row.lastReview } : {}),
  };
}

function fsrsColumns(card: Card) {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** How likely the rep is to recall a good answer now (FSRS retrievability); null before the first drill. */
function strengthOf(row: DeckCardRow, now: Date): number | null {
  if (!row.lastReview) return null;
  return Math.round(scheduler.get_retrievability(fsrsCard(row), now, false) * 1000) / 1000;
}

type CardWithSession = { card: DeckCardRow; sessionId: string | null };

function toDeckCard({ card, sessionId }: CardWithSession, now: Date): DeckCard {
  return {
    id: card.id,
    text: card.text,
    source: card.source,
    sessionId,
    due: card.due.toISOString(),
    isDue: card.due <= now,
    strength: strengthOf(card, now),
    reviews: card.reps,
    createdAt: card.createdAt.toISOString(),
    updatedAt: card.updatedAt.toISOString(),
  };
}

/** The user's cards with the conversation each was quoted in (joined on the owner, so no one else's id can show). */
function cardsQuery(db: Db, userId: number) {
  return db
    .select({ card: deckCards, sessionId: chatSessions.sessionId })
    .from(deckCards)
    .leftJoin(chatMessages, eq(chatMessages.id, deckCards.sourceMessageId))
    .leftJoin(chatSessions, and(eq(chatSessions.id, chatMessages.chatSessionId), eq(chatSessions.userId, userId)))
    .$dynamic();
}

async function ownCard(db: Db, userId: number, id: number): Promise<CardWithSession> {
  const [row] = await cardsQuery(db, userId).where(and(eq(deckCards.id, id), eq(deckCards.userId, userId)));
  // Someone else's card answers as if it did not exist: ids tell nothing about other reps.
  if (!row) throw new HttpError(404, NOT_FOUND);
  return row;
}

/**
 * Saves the buyer lines a rep quoted in a chat message (the chat turn calls it once the message
 * is stored). Nothing when the rep is playing the seller in a role-play: those lines are theirs.
 * One statement, `on conflict do nothing`: a line already in the deck (or deleted and quoted
 * again, which adds it back) costs no second row.
 */
export async function collectFromMessage(db: Db, userId: number, messageId: number, message: string, history: readonly HistoryMessage[], now: Date): Promise<number> {
  if (sceneRunning(history)) return 0;
  const found = [...new Map(buyerLinesIn(message).filter((l) => l.length <= DECK_LINE_MAX).map((l) => [normalizeLine(l), l])).entries()].filter(([n]) => n);
  if (found.length === 0) return 0;
  // One objection, one card: a line whose words run inside a card's, or a card's inside it ("i
  // dont wanna call and cancel" beside "i dont wanna call and cancel, thats a whole thing"), is
  // the same objection again, which a trainer judging the deck found drilled twice.
  const kept = (await db.select({ normalized: deckCards.normalized }).from(deckCards).where(eq(deckCards.userId, userId))).map((c) => c.normalized);
  const lines: typeof found = [];
  for (const line of found) {
    if ([...kept, ...lines.map(([n]) => n)].some((k) => overlaps(k, line[0]))) continue;
    lines.push(line);
  }
  if (lines.length === 0) return 0;
  const inserted = await db
    .insert(deckCards)
    .values(lines.map(([normalized, text]) => ({ userId, text, normalized, source: 'chat' as const, sourceMessageId: messageId, due: now, createdAt: now, updatedAt: now })))
    .onConflictDoNothing({ target: [deckCards.userId, deckCards.normalized] })
    .returning({ id: deckCards.id });
  return inserted.length;
}

/** The deck page: every card, oldest first, with when it is due and how strong it is now. */
export async function readDeck(db: Db, user: UserRow, now: Date): Promise<Deck> {
  const rows = await cardsQuery(db, user.id).where(eq(deckCards.userId, user.id)).orderBy(asc(deckCards.createdAt), asc(deckCards.id));
  return { cards: rows.map((r) => toDeckCard(r, now)), dueCount: rows.filter((r) => r.card.due <= now).length };
}

function duplicate(): HttpError {
  return new HttpError(400, 'That line is already in your deck.', { errors: { text: ['That line is already in your deck.'] } });
}

/** A line the rep adds by hand: due at once, like a quoted one. */
export async function addCard(db: Db, user: UserRow, text: string, now: Date): Promise<DeckCard> {
  const [row] = await db
    .insert(deckCards)
    .values({ userId: user.id, text, normalized: normalizeLine(text), source: 'added', due: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: [deckCards.userId, deckCards.normalized] })
    .returning();
  if (!row) throw duplicate();
  return toDeckCard({ card: row, sessionId: null }, now);
}

/** Rewords a line; its schedule and reviews stay (it is still the same objection). */
export async function editCard(db: Db, user: UserRow, id: number, text: string, now: Date): Promise<DeckCard> {
  const own = await ownCard(db, user.id, id);
  const normalized = normalizeLine(text);
  const [clash] = await db
    .select({ id: deckCards.id })
    .from(deckCards)
    .where(and(eq(deckCards.userId, user.id), eq(deckCards.normalized, normalized)));
  if (clash && clash.id !== id) throw duplicate();
  let row: DeckCardRow | undefined;
  try {
    [row] = await db.update(deckCards).set({ text, normalized, updatedAt: now }).where(and(eq(deckCards.id, id), eq(deckCards.userId, user.id))).returning();
  } catch (err) {
    // The same line added (or quoted in a chat) between the check above and this update.
    if (pgErrorOf(err).constraint === 'deck_cards_user_line_idx') throw duplicate();
    throw err;
  }
  if (!row) throw new HttpError(404, NOT_FOUND);
  return toDeckCard({ card: row, sessionId: own.sessionId }, now);
}

/** Deletes a card and (by cascade) its reviews. */
export async function deleteCard(db: Db, user: UserRow, id: number): Promise<void> {
  const deleted = await db.delete(deckCards).where(and(eq(deckCards.id, id), eq(deckCards.userId, user.id))).returning({ id: deckCards.id });
  if (deleted.length === 0) throw new HttpError(404, NOT_FOUND);
}

/** The cards due now, the longest overdue first, and when the next one comes back. */
export async function dueCards(db: Db, user: UserRow, now: Date): Promise<DeckDue> {
  const rows = await cardsQuery(db, user.id)
    .where(and(eq(deckCards.userId, user.id), lte(deckCards.due, now)))
    .orderBy(asc(deckCards.due), asc(deckCards.id));
  const [next] = await db
    .select({ due: deckCards.due })
    .from(deckCards)
    .where(and(eq(deckCards.userId, user.id), gt(deckCards.due, now)))
    .orderBy(asc(deckCards.due))
    .limit(1);
  return { cards: rows.map((r) => toDeckCard(r, now)), nextDue: next?.due.toISOString() ?? null };
}

const RATING_NAMES: Record<Grade, DeckRating> = { [Rating.Again]: 'again', [Rating.Hard]: 'hard', [Rating.Good]: 'good', [Rating.Easy]: 'easy' };

/**
 * Scores a drill answer with the role-play rubric, reschedules the card with FSRS at `now` and
 * logs the review, in one transaction: a card answered twice at once is rescheduled from the
 * state the other answer left (the row is locked first).
 */
export async function answerCard(db: Db, user: UserRow, id: number, answer: string, now: Date): Promise<DeckAnswerResult> {
  const own = await ownCard(db, user.id, id);
  const { score, grade, keep, change } = drillVerdict(answer, own.card.text);
  const card = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(deckCards)
      .where(and(eq(deckCards.id, id), eq(deckCards.userId, user.id)))
      .for('update');
    if (!locked) throw new HttpError(404, NOT_FOUND);
    const next = scheduler.next(fsrsCard(locked), now, grade).card;
    const [updated] = await tx.update(deckCards).set({ ...fsrsColumns(next), updatedAt: now }).where(eq(deckCards.id, id)).returning();
    await tx.insert(deckReviews).values({
      cardId: id,
      userId: user.id,
      answer,
      score,
      keep,
      change,
      rating: grade,
      stabilityAfter: next.stability,
      dueAfter: next.due,
      reviewedAt: now,
    });
    if (!updated) throw new HttpError(404, NOT_FOUND);
    return updated;
  });
  return { score, rating: RATING_NAMES[grade], keep, change, card: toDeckCard({ card, sessionId: own.sessionId }, now) };
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The deck's strength at the end of each of the last `weeks` weeks (UTC, Monday first): for every
 * card drilled by then, the FSRS probability of recalling it at that moment, from its latest
 * review before it (the stability that review left), averaged. Empty when the rep has no cards.
 */
export async function deckStrength(db: Db, userId: number, now: Date, weeks = 8): Promise<DeckStrengthPoint[]> {
  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(deckCards).where(eq(deckCards.userId, userId));
  if (count === 0) return [];
  const reviews = await db
    .select({ cardId: deckReviews.cardId, stability: deckReviews.stabilityAfter, at: deckReviews.reviewedAt })
    .from(deckReviews)
    .where(eq(deckReviews.userId, userId))
    .orderBy(asc(deckReviews.reviewedAt), asc(deckReviews.id));
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  const points: DeckStrengthPoint[] = [];
  for (let i = weeks - 1; i >= 0; i--) {
    const start = monday - i * WEEK_MS;
    // The current week is measured now, not at its (future) end.
    const at = Math.min(start + WEEK_MS, now.getTime());
    const latest = new Map<number, { stability: number; at: number }>();
    for (const r of reviews) if (r.at.getTime() <= at) latest.set(r.cardId, { stability: r.stability, at: r.at.getTime() });
    const recalls = [...latest.values()].map((r) => scheduler.forgetting_curve(Math.max(0, (at - r.at) / DAY_MS), r.stability));
    points.push({
      weekStart: new Date(start).toISOString().slice(0, 10),
      strength: recalls.length ? Math.round((recalls.reduce((a, b) => a + b, 0) / recalls.length) * 1000) / 1000 : null,
      cards: recalls.length,
    });
  }
  return points;
}

/** The rep's cards and reviews for the account export. */
export async function exportDeck(db: Db, userId: number) {
  const cards = await db.select().from(deckCards).where(eq(deckCards.userId, userId)).orderBy(asc(deckCards.createdAt), asc(deckCards.id));
  const reviews = await db.select().from(deckReviews).where(eq(deckReviews.userId, userId)).orderBy(asc(deckReviews.reviewedAt), asc(deckReviews.id));
  const byCard = new Map<number, typeof reviews>();
  for (const r of reviews) byCard.set(r.cardId, [...(byCard.get(r.cardId) ?? []), r]);
  return cards.map((c) => ({
    text: c.text,
    source: c.source,
    due: c.due.toISOString(),
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    reviews: (byCard.get(c.id) ?? []).map((r) => ({
      answer: r.answer,
      score: r.score,
      keep: r.keep,
      change: r.change,
      rating: RATING_NAMES[r.rating as Grade],
      reviewedAt: r.reviewedAt.toISOString(),
      nextDue: r.dueAfter.toISOString(),
    })),
  }));
}
