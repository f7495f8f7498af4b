import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/schemas/errors.js';
import {
  KNOWLEDGE_MAX_CHARS,
  knowledgeBaseSchema,
  knowledgeReplaceSchema,
  knowledgeTestResultSchema,
  knowledgeTestSchema,
  knowledgeUploadResultSchema,
  knowledgeUploadSchema,
  knowledgeVersionListSchema,
  knowledgeVersionParamSchema,
  knowledgeVersionSchema,
} from '#shared/schemas/knowledge.js';
import type { AppDeps } from '../../deps.js';
import { currentUser } from '../../plugins/session.js';
import { noteAudit } from '../admin/service.js';
import { testKnowledge } from './knowledge-test.js';
import {
  appendKnowledge,
  clearKnowledge,
  currentKnowledge,
  knowledgeVersion,
  listKnowledgeVersions,
  liveVersionSummary,
  restoreKnowledgeVersion,
  saveKnowledge,
  uploadedText,
} from './service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };
const tags = ['admin'];
const KNOWLEDGE_VERSION = { targetType: 'knowledge_version' } as const;
/** the first clients (product §14.2) put the admin key in these URLs; product §12 took it out, so a query string is refused. */
const noQuery = z.strictObject({});

/**
 * The knowledge base's admin API (product §14.2's paths, product §12.4). Mounted in the admin scope
 * (modules/admin/routes.ts) under /api/admin, which lets only signed-in, unlocked admins in and
 * writes each change to the audit log.
 */
export const knowledgeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const live = async () => ({ knowledge: (await currentKnowledge(deps.db))?.content ?? '', version: await liveVersionSummary(deps.db) });

    app.get(
      '/knowledge-base',
      { schema: { tags, summary: 'The live knowledge base and who changed it last', querystring: noQuery, response: { 200: knowledgeBaseSchema, ...errors } } },
      async () => live(),
    );

    app.post(
      '/knowledge-base',
      {
        config: { audit: { action: 'knowledge.replace', ...KNOWLEDGE_VERSION } },
        schema: { tags, summary: 'Replace the knowledge base (a new version)', body: knowledgeReplaceSchema, response: { 200: knowledgeBaseSchema, ...errors } },
      },
      async (request) => {
        const version = await saveKnowledge(deps.db, request.body.knowledge, 'Replaced', currentUser(request).id);
        noteAudit(request, { targetId: version.id, summary: `${version.content.length.toLocaleString('en-US')} characters` });
        return live();
      },
    );

    app.delete(
      '/knowledge-base',
      {
        config: { audit: { action: 'knowledge.clear', ...KNOWLEDGE_VERSION } },
        schema: { tags, summary: 'Clear the knowledge base (a new, empty version)', response: { 200: knowledgeBaseSchema, ...errors } },
      },
      async (request) => {
        const version = await clearKnowledge(deps.db, currentUser(request).id);
        noteAudit(request, { targetId: version.id });
        return live();
      },
    );

    app.post(
      '/knowledge-base/upload',
      {
        config: { audit: { action: 'knowledge.upload', ...KNOWLEDGE_VERSION } },
        schema: {
          tags,
          summary: "Append a .txt, .md or .csv file's text after a blank line (at most 200 KB)",
          body: knowledgeUploadSchema,
          response: { 200: knowledgeUploadResultSchema, ...errors },
        },
      },
      async (request) => {
        const { fileName, content } = request.body;
        const text = uploadedText(content);
        const version = await appendKnowledge(deps.db, text, `Uploaded ${fileName}`, currentUser(request).id, KNOWLEDGE_MAX_CHARS);
        noteAudit(request, { targetId: version.id, summary: `${fileName}: ${text.length.toLocaleString('en-US')} characters added` });
        const summary = await liveVersionSummary(deps.db);
        if (!summary) throw new Error('the knowledge base has no version right after an upload');
        return { charactersAdded: text.length, knowledgeBaseLength: version.content.length, version: summary };
      },
    );

    app.post(
      '/test-knowledge',
      {
        config: { audit: { action: 'knowledge.test' } },
        schema: {
          tags,
          summary: 'Ask the coach a test question against the live knowledge base (nothing is stored but the audit entry)',
          body: knowledgeTestSchema,
          response: { 200: knowledgeTestResultSchema, ...errors },
        },
      },
      async (request) => {
        const result = await testKnowledge(deps, currentUser(request), request.body.testMessage);
        noteAudit(request, { summary: request.body.testMessage.slice(0, 120) });
        return result;
      },
    );

    app.get(
      '/knowledge-base/versions',
      { schema: { tags, summary: 'The version history, newest first (100 at most)', response: { 200: knowledgeVersionListSchema, ...errors } } },
      async () => ({ versions: await listKnowledgeVersions(deps.db) }),
    );

    app.get(
      '/knowledge-base/versions/:id',
      { schema: { tags, summary: 'One version with its text and the text before it', params: knowledgeVersionParamSchema, response: { 200: knowledgeVersionSchema, ...errors } } },
      async (request) => knowledgeVersion(deps.db, request.params.id),
    );

    app.post(
      '/knowledge-base/versions/:id/restore',
      {
        config: { audit: { action: 'knowledge.restore', ...KNOWLEDGE_VERSION, targetParam: 'id' } },
        schema: { tags, summary: "Restore a version: its text becomes a new version", params: knowledgeVersionParamSchema, response: { 200: knowledgeBaseSchema, ...errors } },
      },
      async (request) => {
        const version = await restoreKnowledgeVersion(deps.db, request.params.id, currentUser(request).id);
        noteAudit(request, { summary: `As version #${version.id}` });
        return live();
      },
    );
  };
