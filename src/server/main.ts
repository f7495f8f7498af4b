import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { openDatabase } from './db/database.js';
import { readEnv } from './env.js';
import { createLogger } from './logger.js';

async function main(): Promise<void> {
  const env = readEnv();
  const say = (m: string) => console.log(`[salescoach] ${m}`);
  const database = await openDatabase(env, say);
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'client');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    say(`${signal} received: closing the server, then the database.`);
    // Streams end at once (each gets an error event); any other request gets the deadline to
    // finish, then its connection is closed, so one stuck client cannot keep the app alive.
    const deadline = setTimeout(() => {
      say(`Requests still open after ${env.SHUTDOWN_TIMEOUT_MS} ms: closing their connections.`);
      app?.server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    // The last resort, should closing the database hang as well; the next start recovers it.
    setTimeout(() => {
      say('Shutdown did not finish in time: exiting without a clean stop.');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS + 15_000).unref();
    try {
      await app?.close();
    } finally {
      clearTimeout(deadline);
      await database.close();
      say('Stopped cleanly.');
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    // The one logger: Fastify's request and error lines and the coach engine's turn lines.
    app = await buildApp({ env, db: database.db, now: () => new Date(), clientDir, logger: createLogger(env.LOG_LEVEL) });
    await app.listen({ port: env.PORT, host: env.HOST });
  } catch (err) {
    await app?.close().catch(() => {});
    await database.close();
    throw err;
  }
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' || env.HOST === '127.0.0.1' ? 'localhost' : env.HOST;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  say(`Database: ${database.description}`);
  say(`Coach: ${coachLine(app)}`);
  say(`Ready at http://${shownHost}:${port}`);
  // Warn, never refuse: the built-in coach answers while the provider is away.
  void app.coach.checkReachable?.().then((problem) => {
    if (problem) say(`Warning: the coach's model provider did not answer as expected (${problem}). Until it does, the built-in coach answers, with a notice.`);
  });
}

/** Which coach answers: the built-in one, or a model (name, host only, output mode). */
function coachLine(app: Awaited<ReturnType<typeof buildApp>>): string {
  const about = app.coach.describe?.();
  if (!about) return 'the built-in coach (COACH_PROVIDER=playbook)';
  return `${about.provider}, model ${about.model ?? '?'} at ${about.host ?? '?'} (${about.output ?? 'tool calls'}); the built-in coach stands in when it fails`;
}

main().catch((err: unknown) => {
  console.error(`[salescoach] Failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
