import type { KnowledgeTestResult } from '#shared/schemas/knowledge.js';
import type { UserRow } from '../../db/schema/index.js';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../plugins/errors.js';
import { CoachUnavailableError, COACH_UNAVAILABLE_MESSAGE, type CoachContext } from '../coach/service.js';
import { currentKnowledge, searchKnowledge } from './service.js';

/**
 * product §12.4's "test": the coach answers `testMessage` as it would the first message of a new
 * conversation, with the passages the live knowledge base gives it, so an admin sees at once
 * whether what they added reaches the coach. The admin's own profile stands in for a rep's.
 * Nothing is stored.
 */
export async function testKnowledge(deps: Pick<AppDeps, 'db' | 'coach'>, admin: UserRow, testMessage: string): Promise<KnowledgeTestResult> {
  const hints = deps.coach.searchHints?.(testMessage) ?? [];
  const knowledge = await searchKnowledge(deps.db, testMessage, hints, 5);
  const context: CoachContext = {
    profile: {
      username: admin.username,
      industry: admin.industry,
      product: admin.product,
      salesExperience: admin.salesExperience,
      biggestStruggle: admin.biggestStruggle,
      targetIncome: admin.targetIncome,
      currentIncome: admin.currentIncome,
      city: admin.city,
      state: admin.state,
    },
    history: [],
    message: testMessage,
    knowledge,
    search: (q, limit) => searchKnowledge(deps.db, q, [], limit),
  };
  let aiResponse: string;
  try {
    aiResponse = (await deps.coach.reply(context)).content;
  } catch (err) {
    throw new HttpError(503, err instanceof CoachUnavailableError ? err.message : COACH_UNAVAILABLE_MESSAGE);
  }
  const live = await currentKnowledge(deps.db);
  return { knowledgeBaseLength: live?.content.length ?? 0, aiResponse, passages: knowledge.map((p) => p.title) };
}
