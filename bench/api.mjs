// `npm run bench`: the API's basic paths under load (50 connections, 10 s each) against a bare
// node:http server in the same run. Prints req/s, p50, p99 and the ratio to the baseline.
import { load, printTable, signUp, startApp, startBaseline } from './lib.mjs';

const baseline = await startBaseline();
const app = await startApp({ AUTH_RATE_LIMIT_PER_IP: '100000' });
try {
  const cookie = await signUp(app.url, Date.now().toString(36));
  await load('warm-up', { url: `${app.url}/api/health`, duration: 2 });
  const base = await load('bare node:http', { url: baseline.url });
  const rows = [
    base,
    await load('GET /api/plans (no database)', { url: `${app.url}/api/plans` }),
    await load('GET /api/health (SELECT 1)', { url: `${app.url}/api/health` }),
    await load('GET /api/user (session lookup)', { url: `${app.url}/api/user`, headers: { cookie } }),
  ];
  printTable(rows, base);
} finally {
  baseline.stop();
  await app.stop();
}
