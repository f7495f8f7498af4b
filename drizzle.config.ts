import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` is used: it diffs schema.ts against the committed
// migrations and writes SQL for review. Migrations are applied by the app at start-up.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
