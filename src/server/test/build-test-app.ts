import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { connect, type Db } from '../db/client.js';
import { readEnv, type Env } from '../env.js';
import { createLogger } from '../logger.js';
import type { PaymentProviderApi } from '../modules/billing/service.js';
import type { CoachEngine } from '../modules/coach/service.js';

export interface TestClock {
  now: () => Date;
  set: (d: Date) => void;
  advance: (ms: number) => void;
}

export function testClock(start = new Date('2026-01-15T12:00:00Z')): TestClock {
  let t = start.getTime();
  return { now: () => new Date(t), set: (d) => (t = d.getTime()), advance: (ms) => (t += ms) };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  pool: pg.Pool;
  clock: TestClock;
  close: () => Promise<void>;
}

/** The real app on a fresh database cloned from the migrated template. */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  options: { coach?: CoachEngine; billingProvider?: PaymentProviderApi; logStream?: { write: (line: string) => void }; clientDir?: string; lessonsDir?: string; behavioursFile?: string } = {},
): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const env: Env = readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_PER_IP: '1000', ...envOverrides });
  const database = connect(url.toString(), { connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS });
  const clock = testClock();
  // Silent unless the test reads the log lines.
  const logger = options.logStream ? createLogger('info', options.logStream) : createLogger('silent');
  const app = await buildApp({ env, db: database.db, now: clock.now, coach: options.coach, billingProvider: options.billingProvider, clientDir: options.clientDir, lessonsDir: options.lessonsDir, behavioursFile: options.behavioursFile, logger });
  await app.ready();
  return {
    app,
    db: database.db,
    pool: database.pool,
    clock,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
