// Checks one way-of-selling content file against the schema: npx tsx scripts/check-play.ts <file.json>
import fs from 'node:fs';
import { z } from 'zod';
import { MOMENTS, wayFileSchema } from '../src/server/modules/coach/playbook/plays/schema.js';

for (const file of process.argv.slice(2)) {
  const parsed = wayFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    console.log(`${file}: ${z.prettifyError(parsed.error)}`);
    process.exitCode = 1;
    continue;
  }
  const f = parsed.data;
  const missing = MOMENTS.filter((m) => !f.moments[m] && !f.skipped?.[m]);
  const methods = Object.entries(f.moments).filter(([, c]) => new Set(c.approaches.map((a) => a.method)).size < 3).map(([m]) => m);
  if (missing.length) console.log(`${file}: moments neither written nor skipped: ${missing.join(', ')}`);
  if (methods.length) console.log(`${file}: approaches sharing a method in: ${methods.join(', ')}`);
  if (missing.length || methods.length) process.exitCode = 1;
  else console.log(`${file}: ok, ${Object.keys(f.moments).length} moments`);
}
