import fs from 'node:fs';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { knowledgeChunks, knowledgeVersions } from '../../db/schema.js';
import type { KnowledgePassage } from '../coach/engine.js';
import { chunkKnowledge } from './chunking.js';

export const STARTER_NOTE = 'Starter playbook';

/** The playbook the product ships with; beside this module in the source, beside main.js in the build. */
export function readStarterPlaybook(): string {
  return fs.readFileSync(new URL('./starter-playbook.md', import.meta.url), 'utf8');
}

export interface KnowledgeVersion {
  id: number;
  content: string;
  note: string;
  createdBy: number | null;
  createdAt: Date;
}

export async function currentKnowledge(db: Executor): Promise<KnowledgeVersion | null> {
  const [row] = await db.select().from(knowledgeVersions).orderBy(desc(knowledgeVersions.id)).limit(1);
  return row ?? null;
}

/**
 * Makes `content` the live knowledge: a new version (who, when, why) and its chunks, in one
 * transaction. Older versions keep their text for history; their chunks go, since only the live
 * version is searched.
 */
export async function saveKnowledge(db: Db, content: string, note: string, createdBy: number | null): Promise<KnowledgeVersion> {
  return db.transaction(async (tx) => {
    // Serialises writers, so two admins saving at once cannot interleave versions and chunks.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('knowledge_versions'))`);
    const [version] = await tx.insert(knowledgeVersions).values({ content, note, createdBy }).returning();
    if (!version) throw new Error('knowledge version insert returned nothing');
    await tx.delete(knowledgeChunks).where(sql`${knowledgeChunks.versionId} <> ${version.id}`);
    const chunks = chunkKnowledge(content);
    if (chunks.length) {
      await tx.insert(knowledgeChunks).values(chunks.map((c, position) => ({ versionId: version.id, position, title: c.title, content: c.content })));
    }
    return version;
  });
}

/** Appends text after a blank line (SPEC §5: uploads and learning notes add to what is there). */
export async function appendKnowledge(db: Db, addition: string, note: string, createdBy: number | null): Promise<KnowledgeVersion> {
  const current = await currentKnowledge(db);
  const base = current?.content.trimEnd() ?? '';
  return saveKnowledge(db, base ? `${base}\n\n${addition.trim()}\n` : `${addition.trim()}\n`, note, createdBy);
}

/** Seeds the starter playbook on a database that has never had knowledge. */
export async function ensureStarterKnowledge(db: Db): Promise<void> {
  const [any] = await db.select({ id: knowledgeVersions.id }).from(knowledgeVersions).limit(1);
  if (!any) await saveKnowledge(db, readStarterPlaybook(), STARTER_NOTE, null);
}

/** Words worth searching for: letters and digits only, so nothing the rep typed reaches tsquery syntax. */
function searchTerms(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return [...new Set(words.filter((w) => w.length > 2))].slice(0, 24);
}

/**
 * Every chat message searches the knowledge, so the search is a named prepared statement:
 * passages of the live version matching any of the words, ranked by PostgreSQL full-text search.
 */
function searchQuery(db: Executor) {
  const query = sql`to_tsquery('english', ${sql.placeholder('terms')})`;
  return db
    .select({
      title: knowledgeChunks.title,
      content: knowledgeChunks.content,
      rank: sql<number>`ts_rank(${knowledgeChunks.searchVector}, q.query)`,
    })
    .from(knowledgeChunks)
    .innerJoin(sql`(select ${query} as query) q`, sql`true`)
    .where(sql`${knowledgeChunks.versionId} = (select max(id) from ${knowledgeVersions}) and ${knowledgeChunks.searchVector} @@ q.query`)
    .orderBy(sql`3 desc`, knowledgeChunks.position)
    .limit(sql.placeholder('limit'))
    .prepare('knowledge_search');
}
const searchQueries = new WeakMap<Executor, ReturnType<typeof searchQuery>>();

/**
 * The passages of the live knowledge most relevant to `text` (any of its words; headings weigh
 * more). `boost` adds words the caller knows matter (the diagnosed topic), so a short message
 * still finds its section.
 */
export async function searchKnowledge(db: Executor, text: string, boost: string[] = [], limit = 3): Promise<KnowledgePassage[]> {
  const terms = searchTerms(`${text} ${boost.join(' ')}`);
  if (!terms.length) return [];
  let query = searchQueries.get(db);
  if (!query) searchQueries.set(db, (query = searchQuery(db)));
  // Terms are [a-z0-9]+ only, so joining them with | cannot form any other tsquery syntax;
  // to_tsquery stems them and drops stop words.
  const rows = await query.execute({ terms: terms.join(' | '), limit });
  return rows.map((r) => ({ title: r.title, content: r.content, rank: Number(r.rank) }));
}

export async function knowledgeVersionById(db: Db, id: number): Promise<KnowledgeVersion | null> {
  const [row] = await db.select().from(knowledgeVersions).where(eq(knowledgeVersions.id, id));
  return row ?? null;
}
