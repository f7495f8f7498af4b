import { z } from 'zod';
import { MESSAGE_MAX } from '../chat-limits.js';
import { hasUnsafeCharacters, idParam, safeString } from './primitives.js';

/**
 * The knowledge base as the admin panel edits it (product §12, §15.7, §14.2; §12.4).
 * Every change is a new version; the newest is what the coach searches.
 */

/** The whole knowledge base, in characters (the starter playbook is about 64,000). */
export const KNOWLEDGE_MAX_CHARS = 500_000;
/** An uploaded file, in bytes as stored on disk (UTF-8). */
export const KNOWLEDGE_UPLOAD_MAX_BYTES = 200 * 1024;
export const KNOWLEDGE_UPLOAD_EXTENSIONS = ['.txt', '.md', '.csv'] as const;

export const KNOWLEDGE_EMPTY_MESSAGE = 'Please enter knowledge content';
export const UPLOAD_TYPE_MESSAGE = 'Only .txt, .md and .csv files can be uploaded.';
export const UPLOAD_SIZE_MESSAGE = `Files can be at most ${KNOWLEDGE_UPLOAD_MAX_BYTES / 1024} KB.`;
export const UPLOAD_NOT_TEXT_MESSAGE = 'This file is not plain text: it contains control characters or bytes that are not UTF-8.';
export const UPLOAD_EMPTY_MESSAGE = 'This file is empty.';
const TOO_LONG = `The knowledge base can be at most ${KNOWLEDGE_MAX_CHARS.toLocaleString('en-US')} characters.`;

/** Whether a file name has one of the accepted extensions (compared case-insensitively). */
export const hasKnowledgeExtension = (fileName: string) => KNOWLEDGE_UPLOAD_EXTENSIONS.some((ext) => fileName.toLowerCase().endsWith(ext));

/** Who made a version: an account, or null for the starter playbook (or an account since deleted). */
const authorSchema = z.object({ id: z.number().int(), username: z.string() }).nullable();

/** One version without its text: the history list and the "last change" line. */
export const knowledgeVersionSummarySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** Why it was made: "Replaced", "Uploaded notes.md", "Restored version #3", "Learning note from escalation #9". */
  note: z.string(),
  /** Its length in characters. */
  length: z.number().int(),
  createdBy: authorSchema,
});
export type KnowledgeVersionSummary = z.infer<typeof knowledgeVersionSummarySchema>;

/** GET /api/admin/knowledge-base: product §14.2's `{ knowledge }`, with the live version's summary. */
export const knowledgeBaseSchema = z.object({
  knowledge: z.string(),
  version: knowledgeVersionSummarySchema.nullable(),
});
export type KnowledgeBase = z.infer<typeof knowledgeBaseSchema>;

/** POST /api/admin/knowledge-base: replaces the whole text (product §15.7: it must not be empty; Clear is its own call). */
export const knowledgeReplaceSchema = z.strictObject({
  knowledge: safeString({ error: KNOWLEDGE_EMPTY_MESSAGE })
    .refine((v) => v.trim().length > 0, KNOWLEDGE_EMPTY_MESSAGE)
    .refine((v) => v.length <= KNOWLEDGE_MAX_CHARS, TOO_LONG),
});
export type KnowledgeReplaceInput = z.infer<typeof knowledgeReplaceSchema>;

/**
 * POST /api/admin/knowledge-base/upload: a .txt, .md or .csv file's text, appended after a blank
 * line (product §15.7). The browser reads the file as UTF-8 (refusing other bytes); the server checks
 * the name, the size in bytes and that the text holds no control characters, so a binary file
 * cannot get in whatever sends it.
 */
export const knowledgeUploadSchema = z.strictObject({
  fileName: safeString({ error: UPLOAD_TYPE_MESSAGE }).trim().min(1, UPLOAD_TYPE_MESSAGE).max(255, 'The file name is too long.').refine(hasKnowledgeExtension, UPLOAD_TYPE_MESSAGE),
  content: z
    .string({ error: UPLOAD_EMPTY_MESSAGE })
    .refine((v) => !hasUnsafeCharacters(v), { message: UPLOAD_NOT_TEXT_MESSAGE, abort: true })
    .refine((v) => new TextEncoder().encode(v).length <= KNOWLEDGE_UPLOAD_MAX_BYTES, { message: UPLOAD_SIZE_MESSAGE, abort: true })
    .refine((v) => v.trim().length > 0, UPLOAD_EMPTY_MESSAGE),
});
export type KnowledgeUploadInput = z.infer<typeof knowledgeUploadSchema>;

export const knowledgeUploadResultSchema = z.object({
  /** The characters of the file's text that joined the knowledge base (product §15.7 'File Uploaded'). */
  charactersAdded: z.number().int(),
  knowledgeBaseLength: z.number().int(),
  version: knowledgeVersionSummarySchema,
});
export type KnowledgeUploadResult = z.infer<typeof knowledgeUploadResultSchema>;

/** POST /api/admin/test-knowledge: product §14.2's `{ testMessage }` (its `adminKey` is gone: product §12). */
export const knowledgeTestSchema = z.strictObject({
  testMessage: safeString({ error: 'Please enter a test message.' })
    .trim()
    .min(1, 'Please enter a test message.')
    .max(MESSAGE_MAX, `Test messages can be at most ${MESSAGE_MAX} characters.`),
});
export type KnowledgeTestInput = z.infer<typeof knowledgeTestSchema>;

export const knowledgeTestResultSchema = z.object({
  knowledgeBaseLength: z.number().int(),
  aiResponse: z.string(),
  /** The passages the coach was given for the test message, best first. */
  passages: z.array(z.string()),
});
export type KnowledgeTestResult = z.infer<typeof knowledgeTestResultSchema>;

/** GET /api/admin/knowledge-base/versions: newest first. */
export const knowledgeVersionListSchema = z.object({ versions: z.array(knowledgeVersionSummarySchema) });
export type KnowledgeVersionList = z.infer<typeof knowledgeVersionListSchema>;

/** GET /api/admin/knowledge-base/versions/:id: one version with its text, and the one before it for the diff. */
export const knowledgeVersionSchema = knowledgeVersionSummarySchema.extend({
  content: z.string(),
  /** The version before this one, so the panel can show what this one changed; null for the first. */
  previous: z.object({ id: z.number().int(), content: z.string() }).nullable(),
});
export type KnowledgeVersion = z.infer<typeof knowledgeVersionSchema>;

export const knowledgeVersionParamSchema = z.object({ id: idParam('Invalid version id') });
