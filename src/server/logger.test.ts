import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

describe('createLogger', () => {
  it('writes JSON lines at the level given (LOG_LEVEL) and no lower', () => {
    const lines: string[] = [];
    const log = createLogger('warn', { write: (line) => void lines.push(line) });
    log.info('not written');
    log.warn({ coach: { outcome: 'fallback' } }, 'written');
    expect(lines.map((l) => JSON.parse(l) as { level: number; msg: string; coach: unknown })).toEqual([expect.objectContaining({ level: 40, msg: 'written', coach: { outcome: 'fallback' } })]);
  });

  it('logs a request without its cookies or headers', () => {
    const lines: string[] = [];
    createLogger('info', { write: (line) => void lines.push(line) }).info({ req: { method: 'GET', url: '/api/me', headers: { cookie: 'sid=secret' }, ip: '127.0.0.1' } }, 'request');
    expect(lines[0]).not.toContain('secret');
    expect(JSON.parse(lines[0]!)).toMatchObject({ req: { method: 'GET', url: '/api/me' } });
  });
});
