import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.js';

/** Drizzle over the pool; `$client` is the pool itself, for the few hot statements written as SQL. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle; services that write several rows take `Executor` so they can run inside one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close: () => Promise<void>;
}

export interface ConnectOptions {
  /** Connections in the pool. */
  max?: number;
  /** How long to wait for a new connection before the request fails (503), in ms. */
  connectTimeoutMs?: number;
  /**
   * The longest one statement may take, in ms: PostgreSQL cancels it (statement_timeout), and the
   * driver gives up waiting a little later should the server not answer at all (frozen, or a
   * network that drops packets), so a request never hangs on the database.
   */
  statementTimeoutMs?: number;
}

/** Slack between the server's own cancel and the driver giving up, so a live server answers first. */
const CLIENT_GRACE_MS = 1_000;

export function connect(url: string, options: ConnectOptions | number = {}): Database {
  const { max = 10, connectTimeoutMs = 5_000, statementTimeoutMs = 10_000 } = typeof options === 'number' ? { max: options } : options;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + CLIENT_GRACE_MS,
    // A transaction left open by a request that hung must not hold its locks for ever.
    idle_in_transaction_session_timeout: statementTimeoutMs * 3,
  });
  // An idle client losing its connection (database restart) must not crash the app; the next
  // query reconnects.
  pool.on('error', () => {});
  // pg-pool removes its own error listener from a client while the client is checked out (a
  // Drizzle transaction); the connection dying then (a restart, pg_terminate_backend) emits
  // 'error' with nobody listening, and Node ends the process. This listener stays for the
  // client's life: the transaction's next statement fails, and the pool discards the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}
