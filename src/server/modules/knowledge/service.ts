import fs from 'node:fs';
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { KnowledgeVersion as KnowledgeVersionDto, KnowledgeVersionSummary } from '#shared/schemas/knowledge.js';
import type { Db, Executor, Tx } from '../../db/client.js';
import { knowledgeChunks, knowledgeVersions, users } from '../../db/schema/index.js';
import { HttpError } from '../../plugins/errors.js';
import type { KnowledgePassage } from '../coach/service.js';
import { chunkKnowledge } from './chunking.js';

// How the knowledge is cut into passages, for other modules' tests that check the playbook's sections.
export { chunkKnowledge } from './chunking.js';

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
export async function saveKnowledge(db: Executor, content: string, note: string, createdBy: number | null): Promise<KnowledgeVersion> {
  return inTransaction(db, async (tx) => {
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

/** Runs `work` in the caller's transaction when given one, else in a new one. */
function inTransaction<T>(db: Executor, work: (tx: Tx) => Promise<T>): Promise<T> {
  return 'rollback' in db ? work(db) : db.transaction(work);
}

/**
 * Appends text after a blank line (product §15.7: uploads and learning notes add to what is there).
 * Read and write under the writers' lock, so two appends at once both land. Pass a transaction
 * to make the append part of the caller's change (an escalation's answer and its learning note).
 */
export async function appendKnowledge(db: Executor, addition: string, note: string, createdBy: number | null, maxChars?: number): Promise<KnowledgeVersion> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('knowledge_versions'))`);
    const current = await currentKnowledge(tx);
    const base = current?.content.trimEnd() ?? '';
    const content = base ? `${base}\n\n${addition.trim()}\n` : `${addition.trim()}\n`;
    if (maxChars !== undefined && content.length > maxChars) {
      const message = `This would make the knowledge base longer than ${maxChars.toLocaleString('en-US')} characters.`;
      throw new HttpError(400, message, { errors: { content: [message] } });
    }
    return saveKnowledge(tx, content, note, createdBy);
  });
}

/** Clear (product §12.4): a new, empty version; the coach then has no passages until something is added. */
export const clearKnowledge = (db: Db, createdBy: number) => saveKnowledge(db, '', 'Cleared', createdBy);

const summaryColumns = {
  id: knowledgeVersions.id,
  createdAt: knowledgeVersions.createdAt,
  note: knowledgeVersions.note,
  length: sql<number>`char_length(${knowledgeVersions.content})`.mapWith(Number),
  createdById: knowledgeVersions.createdBy,
  username: users.username,
};

type SummaryRow = { id: number; createdAt: Date; note: string; length: number; createdById: number | null; username: string | null };

const toSummary = (r: SummaryRow): KnowledgeVersionSummary => ({
  id: r.id,
  createdAt: r.createdAt.toISOString(),
  note: r.note,
  length: r.length,
  createdBy: r.createdById !== null && r.username !== null ? { id: r.createdById, username: r.username } : null,
});

/** The live version's summary (size, last change, who), or null before any knowledge exists. */
export async function liveVersionSummary(db: Executor): Promise<KnowledgeVersionSummary | null> {
  const [row] = await db.select(summaryColumns).from(knowledgeVersions).leftJoin(users, eq(users.id, knowledgeVersions.createdBy)).orderBy(desc(knowledgeVersions.id)).limit(1);
  return row ? toSummary(row) : null;
}

/** The history, newest first, without the texts. */
export async function listKnowledgeVersions(db: Db, limit = 100): Promise<KnowledgeVersionSummary[]> {
  const rows = await db.select(summaryColumns).from(knowledgeVersions).leftJoin(users, eq(users.id, knowledgeVersions.createdBy)).orderBy(desc(knowledgeVersions.id)).limit(limit);
  return rows.map(toSummary);
}

/** One version with its text and the text of the version before it (for the diff). */
export async function knowledgeVersion(db: Db, id: number): Promise<KnowledgeVersionDto> {
  const [row] = await db
    .select({ ...summaryColumns, content: knowledgeVersions.content })
    .from(knowledgeVersions)
    .leftJoin(users, eq(users.id, knowledgeVersions.createdBy))
    .where(eq(knowledgeVersions.id, id));
  if (!row) throw new HttpError(404, 'There is no such knowledge base version.');
  const [previous] = await db
    .select({ id: knowledgeVersions.id, content: knowledgeVersions.content })
    .from(knowledgeVersions)
    .where(lt(knowledgeVersions.id, id))
    .orderBy(desc(knowledgeVersions.id))
    .limit(1);
  return { ...toSummary(row), content: row.content, previous: previous ?? null };
}

/** Restore: the old text becomes a new version (the history keeps everything in between). */
export async function restoreKnowledgeVersion(db: Db, id: number, createdBy: number): Promise<KnowledgeVersion> {
  const [row] = await db.select({ content: knowledgeVersions.content }).from(knowledgeVersions).where(eq(knowledgeVersions.id, id));
  if (!row) throw new HttpError(404, 'There is no such knowledge base version.');
  return saveKnowledge(db, row.content, `Restored version #${id}`, createdBy);
}

/**
 * An uploaded file's text as it joins the knowledge base: without a byte-order mark, with Unix
 * line ends, trimmed (product §15.7 appends it after a blank line).
 */
export const uploadedText = (content: string) => content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').trim();

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

/** The words of `text` (and of `boost`) as a tsquery matching any of them, or '' when there are none. */
export function searchQueryText(text: string, boost: string[] = []): string {
  // Terms are [a-z0-9]+ only, so joining them with | cannot form any other tsquery syntax;
  // to_tsquery stems them and drops stop words.
  return searchTerms(`${text} ${boost.join(' ')}`).join(' | ');
}

/** The live knowledge version's id, as SQL: the newest version (publishing adds one). */
export const LIVE_VERSION_SQL = '(select max(id) from knowledge_versions)';

/**
 * SQL for a JSON array of the live knowledge's passages best matching a tsquery, ranked by
 * PostgreSQL full-text search: `[{ title, content, rank }]`. `querySource` is an SQL from-item
 * named `q` with a `query` column. Shared by the search below and the chat turn's single read.
 */
export function passagesSql(querySource: string, limit: string, version = LIVE_VERSION_SQL): string {
  return `(select coalesce(json_agg(p), '[]'::json) from (
      select k.title, k.content, ts_rank(k.search_vector, q.query) as rank
      from knowledge_chunks k, ${querySource}
      where k.version_id = ${version} and k.search_vector @@ q.query
      order by rank desc, k.position
      limit ${limit}
    ) p)`;
}

/**
 * A from-item for passagesSql: the tsquery of a text. OFFSET 0 keeps the subquery from being
 * inlined: in a prepared (generic) plan an inlined to_tsquery is parsed and stemmed again for
 * every chunk, twice (filter and rank), which made the search ~8x slower and the largest cost of
 * a chat message.
 */
export function tsquerySource(queryText: string): string {
  return `(select to_tsquery('english', ${queryText}) as query offset 0) q`;
}

/** Passages as the SQL above returns them (JSON numbers and strings). */
export function toPassages(rows: { title: string; content: string; rank: number }[]): KnowledgePassage[] {
  return rows.map((r) => ({ title: r.title, content: r.content, rank: Number(r.rank) }));
}

/**
 * The passages of the live knowledge most relevant to `text` (any of its words; headings weigh
 * more). `boost` adds words the caller knows matter (the diagnosed topic), so a short message
 * still finds its section. A named prepared statement: PostgreSQL plans it once per connection.
 */
export async function searchKnowledge(db: Db, text: string, boost: string[] = [], limit = 3): Promise<KnowledgePassage[]> {
  const terms = searchQueryText(text, boost);
  if (!terms) return [];
  const result = await db.$client.query<{ passages: { title: string; content: string; rank: number }[] }>({
    name: 'knowledge_search',
    text: `select ${passagesSql(tsquerySource('$1'), '$2')} as passages`,
    values: [terms, limit],
  });
  return toPassages(result.rows[0]?.passages ?? []);
}

/**
 * A search of the live knowledge, cached in process per (knowledge version, text, limit): the
 * built-in coach searches for its technique's playbook section to cite it (issue #26), a few
 * dozen fixed texts, so most messages repeated a search whose answer only a publish changes.
 * The caller passes the live version id it read in its own statement (the chat turn's read), so
 * another instance's publish is seen on the next turn, with no invalidation between processes.
 * A miss searches that version itself, so what is cached under a version is that version's answer
 * (a version published meanwhile finds nothing under the old id, and the next turn reads the new one).
 * One per app, not per module: each database (each test's) has its own version ids.
 */
export function cachedKnowledgeSearch(db: Db, maxEntries = 1000) {
  let cachedVersion: number | null = null;
  const cache = new Map<string, readonly KnowledgePassage[]>();
  return async (liveVersion: number | null, text: string, limit: number): Promise<KnowledgePassage[]> => {
    if (liveVersion !== cachedVersion) {
      cache.clear();
      cachedVersion = liveVersion;
    }
    const key = `${limit}:${text}`;
    const hit = cache.get(key);
    if (hit) return hit.map((p) => ({ ...p }));
    const terms = searchQueryText(text);
    const found =
      terms && liveVersion !== null
        ? toPassages(
            (
              await db.$client.query<{ passages: { title: string; content: string; rank: number }[] }>({
                name: 'knowledge_search_version',
                text: `select ${passagesSql(tsquerySource('$1'), '$2', '$3::int')} as passages`,
                values: [terms, limit, liveVersion],
              })
            ).rows[0]?.passages ?? [],
          )
        : [];
    // Bounded for an engine that searches the rep's own words: the cache starts over when full.
    if (cache.size >= maxEntries) cache.clear();
    cache.set(key, found);
    return found.map((p) => ({ ...p }));
  };
}
