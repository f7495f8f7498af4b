import pg from 'pg';
import type { Env } from '../env.js';
import { connect, type Database } from './client.js';
import { resolveClusterDir, startEmbeddedPostgres, type EmbeddedServer } from './embedded.js';
import { runMigrations } from './migrate.js';

export const EMBEDDED_DB_NAME = 'salescoach';

export interface OpenedDatabase extends Database {
  /** Human-readable description for the start-up banner (never includes the password). */
  description: string;
  embedded?: EmbeddedServer;
}

const poolOptions = (env: Env) => ({ max: env.DB_POOL_SIZE, connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS });

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/** Opens the configured database (external or embedded), migrated and ready. */
export async function openDatabase(env: Env, log: (m: string) => void): Promise<OpenedDatabase> {
  if (env.DATABASE_URL) {
    await runMigrations(env.DATABASE_URL);
    const host = new URL(env.DATABASE_URL).host;
    return { ...connect(env.DATABASE_URL, poolOptions(env)), description: `PostgreSQL at ${host}` };
  }
  const embedded = await startEmbeddedPostgres({
    clusterDir: resolveClusterDir(env.DATA_DIR, log),
    port: env.EMBEDDED_PG_PORT,
    log,
  });
  try {
    await ensureDatabase(embedded.url(), EMBEDDED_DB_NAME);
    const url = embedded.url(EMBEDDED_DB_NAME);
    await runMigrations(url);
    const database = connect(url, poolOptions(env));
    return {
      ...database,
      embedded,
      description: `embedded PostgreSQL (cluster in ${embedded.clusterDir})`,
      close: async () => {
        await database.close();
        await embedded.stop();
      },
    };
  } catch (err) {
    await embedded.stop();
    throw err;
  }
}
