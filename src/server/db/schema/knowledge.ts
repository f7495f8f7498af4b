/** The coach's knowledge base and its versions (modules/knowledge). */
import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { createdAt } from './common.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The knowledge base (product §12.4): every change is a new version (who, when, why); the
 * newest version is the live one. Its text is split into chunks indexed for full-text search.
 */
export const knowledgeVersions = pgTable('knowledge_versions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  content: text('content').notNull(),
  note: text('note').notNull(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const knowledgeChunks = pgTable(
  'knowledge_chunks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    versionId: integer('version_id')
      .notNull()
      .references(() => knowledgeVersions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** Title weighted above body, so a passage whose heading names the problem ranks first. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', content), 'B')`),
  },
  (t) => [index('knowledge_chunks_version_idx').on(t.versionId, t.position), index('knowledge_chunks_search_idx').using('gin', t.searchVector)],
);
