/**
 * `npm run bench:community`: the forum's first page (20 posts) with 10 posts and then with 10,000,
 * for each sort (Hot, New, Top, and Hot within one category) and the sidebar's overview: p50 and
 * p99 over sequential requests through the built app (session lookup, Pro check, the query, JSON),
 * so the figures are a reader's wait, not a throughput. The posts are written straight into the
 * app's database (the API's posting limit would take hours), with counts and the Hot rank
 * computed by the same SQL the app uses (modules/community/service.ts hotSql).
 * SAMPLES (env) sets the requests per page (300); EXPLAIN_OVERVIEW=1 also prints the plans and
 * times of the overview's queries at 10,000 posts (the lists are index scans; those aggregate).
 */
import { startBuiltApp } from './built-app.js';
import { eq, sql } from 'drizzle-orm';
import { connect } from '../src/server/db/client.js';
import { EMBEDDED_DB_NAME } from '../src/server/db/database.js';
import { resolveClusterDir, runningServerUrl } from '../src/server/db/embedded.js';
import { users } from '../src/server/db/schema/index.js';
import { hotSql } from '../src/server/modules/community/service.js';

const SAMPLES = Number(process.env.SAMPLES ?? 300);
const AUTHORS = 50;

const { baseUrl, dataDir, stop: stopApp } = await startBuiltApp('community');

const dbUrl = runningServerUrl(resolveClusterDir(dataDir), EMBEDDED_DB_NAME);
if (!dbUrl) throw new Error('the app’s database is not running');
const database = connect(dbUrl, 2);
const { db } = database;

async function signUp(tag: string): Promise<{ cookie: string; username: string }> {
  const username = `bench_${tag}`;
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.com`, password: 'Bench-Marking-2026' }),
  });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!cookie) throw new Error('no session cookie');
  return { cookie, username };
}

/** Posts `from`..`to` (1-based), older first so ids rise with time as in use: spread over the last 30 days, random votes and replies. */
async function seed(from: number, to: number, authorIds: number[]) {
  const activity = sql`(score + 2 * reply_count)`;
  await db.execute(sql`
    insert into forum_posts (author_id, category, title, content, created_at, last_activity_at, upvotes, downvotes, score, reply_count, hot)
    select
      (${sql.raw(`array[${authorIds.join(',')}]`)})[1 + (g % ${authorIds.length})],
      (array['prospecting','closing','objections','crm','career','general'])[1 + (g % 6)],
      'Bench post ' || g,
      repeat('What would you say to a buyer who says they need to think about it? ', 8),
      now() - make_interval(secs => ((${to}::int - g) * (2592000.0 / ${to}::int))::float8),
      now() - make_interval(secs => ((${to}::int - g) * (2592000.0 / ${to}::int))::float8),
      u, d, u - d, r, 0
    from generate_series(${from}::int, ${to}::int) g,
      -- g in the lateral makes PostgreSQL draw new numbers for each row instead of once.
      lateral (select (random() * 20)::int as u, (random() * 4)::int as d, (random() * 6)::int as r, g as k) x`);
  await db.execute(sql`update forum_posts set hot = ${hotSql(activity, sql`created_at`)}`);
  // The state autovacuum keeps a table in: statistics fresh, pages marked all-visible (index-only scans).
  await db.execute(sql`vacuum analyze forum_posts`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function measure(cookie: string, url: string): Promise<{ p50: number; p99: number; count: number }> {
  const get = async () => {
    const res = await fetch(`${baseUrl}${url}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { posts?: unknown[] };
  };
  for (let i = 0; i < 20; i++) await get();
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const body = await get();
    times.push(performance.now() - t0);
    count = body.posts?.length ?? 0;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), count };
}

const PAGES = [
  // The floor on this machine: a signed-in request that reads the session and nothing of the forum.
  ['(session read, baseline)', '/api/auth/session'],
  ['Hot', '/api/community/posts?sort=hot'],
  ['New', '/api/community/posts?sort=new'],
  ['Top', '/api/community/posts?sort=top'],
  ['Hot in one category', '/api/community/posts?sort=hot&category=crm'],
  ['overview (sidebar)', '/api/community/overview'],
] as const;

try {
  const reader = await signUp(`${Date.now().toString(36)}_reader`);
  // An admin has Pro's features: the reader gets in without a payment.
  await db.update(users).set({ isAdmin: true }).where(eq(users.username, reader.username));
  const authorIds: number[] = [];
  for (let i = 0; i < AUTHORS; i++) {
    const a = await signUp(`${Date.now().toString(36)}_${i}`);
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, a.username));
    if (row) authorIds.push(row.id);
  }

  const results: Record<string, Record<string, { p50: number; p99: number; count: number }>> = {};
  let seeded = 0;
  for (const total of [10, 10_000]) {
    await seed(seeded + 1, total, authorIds);
    seeded = total;
    results[total] = {};
    for (const [name, url] of PAGES) results[total][name] = await measure(reader.cookie, url);
  }

  console.log(`\nfirst page of the forum, ${SAMPLES} sequential requests each (ms)`);
  console.log('page                      posts     10 posts: p50    p99     10,000 posts: p50    p99');
  // (posts: how many the first page held at 10,000; the overview and the baseline hold none.)
  for (const [name] of PAGES) {
    const a = results[10]?.[name];
    const b = results[10_000]?.[name];
    if (!a || !b) continue;
    console.log(
      `${name.padEnd(24)} ${String(b.count).padStart(6)}   ${a.p50.toFixed(2).padStart(13)} ${a.p99.toFixed(2).padStart(6)}   ${b.p50.toFixed(2).padStart(17)} ${b.p99.toFixed(2).padStart(6)}`,
    );
  }

  if (process.env.EXPLAIN_OVERVIEW) {
    for (const q of [
      sql`explain analyze select category, count(*) from forum_posts where hidden_at is null group by category`,
      sql`explain analyze select count(*) from forum_posts where hidden_at is null and created_at >= now() - interval '24 hours'`,
      sql`explain analyze select id, title, category, score, reply_count from forum_posts where hidden_at is null and created_at >= now() - interval '7 days' and score + 2 * reply_count > 0 order by score + 2 * reply_count desc, id desc limit 5`,
      sql`explain analyze select u.username, sum(p.score)::int, count(*) from forum_posts p join users u on u.id = p.author_id where p.hidden_at is null group by u.id, u.username having sum(p.score) > 0 order by sum(p.score) desc, count(*) desc, u.username limit 5`,
    ]) console.log((await db.execute<{ 'QUERY PLAN': string }>(q)).rows.map((r) => r['QUERY PLAN']).join('\n'), '\n');
  }
  // How PostgreSQL reads Hot's first page at 10,000 posts: an index scan, no sort of the table.
  const plan = await db.execute<{ 'QUERY PLAN': string }>(
    sql`explain select id from forum_posts where hidden_at is null order by pinned desc, hot desc, id desc limit 21`,
  );
  console.log(`\nHot's plan at 10,000 posts:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
} finally {
  await database.close();
  await stopApp();
}
