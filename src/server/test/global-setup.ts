/**
 * One embedded PostgreSQL cluster per test run, under the system temp directory (reachable
 * by the postgres user when tests run as root), with a migrated template database that each
 * test file clones (CREATE DATABASE … TEMPLATE is a file copy: milliseconds).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded.js';
import { runMigrations } from '../db/migrate.js';

export const TEMPLATE_DB = 'salescoach_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

let server: EmbeddedServer | undefined;
let root: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  root = path.join(os.tmpdir(), `salescoach-test-${process.pid}-${Date.now()}`);
  fs.mkdirSync(root, { mode: 0o755 });
  server = await startEmbeddedPostgres({
    clusterDir: path.join(root, 'postgres'),
    port: 0,
    // Durability is not what these tests measure; speed is welcome.
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '200' },
  });
  const client = new pg.Client({ connectionString: server.url() });
  await client.connect();
  await client.query(`create database ${TEMPLATE_DB}`);
  await client.end();
  await runMigrations(server.url(TEMPLATE_DB));
  project.provide('pgAdminUrl', server.url());
  project.provide('pgTemplate', TEMPLATE_DB);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
}
