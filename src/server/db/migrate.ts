import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

/**
 * The committed SQL migrations. From source they sit beside this file; the server build
 * copies them beside the bundle (dist/server/migrations).
 */
export function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((d) => fs.existsSync(path.join(d, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Applies pending migrations on one connection holding an advisory lock, so two app instances starting together cannot race. */
export async function runMigrations(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock(hashtext('salescoach:migrations'))");
    await migrate(drizzle(client), { migrationsFolder: migrationsDir() });
  } finally {
    await client.end();
  }
}
