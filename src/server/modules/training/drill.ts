import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Topic } from '#shared/coaching.js';
import type { PlanCatalogue } from '#shared/plans.js';
import type { LessonMotion, TrainingDrillStarted, TrainingPartId } from '#shared/schemas/training.js';
import type { Db, Tx } from '../../db/client.js';
import { trainingDrills, trainingProgress, type UserRow } from '../../db/schema/index.js';
import { createConversationWith } from '../chat/service.js';
import { drillReply } from '../coach/service.js';
import type { StoredLesson } from './lessons.js';

/**
 * A lesson's drill (issue #27): a role-play with the coach on the lesson's moment, for the rep's
 * motion. The conversation opens with the buyer's first line, so the rep answers straight away;
 * the scene runs as any role-play in the chat, and the reply that ends it with feedback on the
 * rep's lines completes the part (finishDrill, called from the chat turn).
 */

/** The coach's topic and technique each lesson drills: its hint and method if the rep asks for one mid-scene. */
const DRILL_COACHING: Record<TrainingPartId, { topic: Topic; techniqueId: string }> = {
  pipeline: { topic: 'prospecting', techniqueId: 'relevant-reason' },
  discovery: { topic: 'discovery', techniqueId: 'spin-problem-implication' },
  objections: { topic: 'objection_handling', techniqueId: 'laer' },
  closing: { topic: 'closing', techniqueId: 'next-step-close' },
};

/** The buyer's name for the speaker label: "Dave" from "Dave, mid-fifties, …"; "The buyer" when the lesson names none. */
export function speakerOf(buyer: string): string {
  const first = buyer.split(',')[0]?.trim() ?? '';
  return /^[A-Z]/.test(first) && first.split(/\s+/).length <= 3 ? first : 'The buyer';
}

const sentence = (s: string) => {
  const t = s.trim();
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}`;
};

/** Opens the drill's conversation for this lesson and motion, and records it as the part's drill. */
export async function startDrill(db: Db, user: UserRow, plans: PlanCatalogue, partId: TrainingPartId, lesson: StoredLesson, motion: LessonMotion, now: Date): Promise<TrainingDrillStarted> {
  const scene = lesson.drill.scenes[motion];
  const reply = drillReply({
    buyer: sentence(scene.buyer),
    who: speakerOf(scene.buyer),
    openingLine: scene.openingLine,
    moment: sentence(scene.moment),
    rubric: scene.strongAnswer,
    ...DRILL_COACHING[partId],
  });
  const title = `Drill: ${lesson.title}`;
  const { sessionId } = await createConversationWith(db, user, plans, now, { title, reply }, async (tx, chatId) => {
    await tx.insert(trainingDrills).values({ chatSessionId: chatId, userId: user.id, partId, motion, createdAt: now });
  });
  return { sessionId };
}

/**
 * A scene ended in one of the user's conversations: when it is their drill, the drill is done and
 * completes its part (first time kept, as the check's). The conversation must be theirs: another
 * user's drill never counts. Runs in the reply's transaction, so the reply and the mark go together.
 */
export async function finishDrill(tx: Tx, user: UserRow, chatId: number, now: Date): Promise<void> {
  const [drill] = await tx
    .update(trainingDrills)
    .set({ finishedAt: now })
    .where(and(eq(trainingDrills.chatSessionId, chatId), eq(trainingDrills.userId, user.id), isNull(trainingDrills.finishedAt)))
    .returning({ partId: trainingDrills.partId });
  // Not a drill, or one already finished (a second scene in it changes nothing).
  if (!drill) return;
  await tx
    .insert(trainingProgress)
    .values({ userId: user.id, partId: drill.partId, completedAt: now, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [trainingProgress.userId, trainingProgress.partId],
      set: { completedAt: sql`coalesce(${trainingProgress.completedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now },
    });
}
