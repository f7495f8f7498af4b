import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: it diffs db/schema/ (one file per feature) against the committed
// migrations and writes SQL for review. Migrations are applied by the app at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
});
