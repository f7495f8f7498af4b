import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Coaching } from '#shared/coaching.js';
import type { ChatSession } from '#shared/schemas/chat.js';
import { chatMessages, chatSessions } from './schema/index.js';
import { migrationsDir } from './migrate.js';
import { buildTestApp, type TestApp } from '../test/build-test-app.js';
import { quickProUser } from '../test/plan-users.js';

/*
 * Migration 0015 marks the role-play turns stored before coaching flagged them. Its rule is checked
 * against the engines themselves: a conversation is played through the built-in coach (which flags
 * its turns today), the flags are taken off as on an old row, and the migration must put back
 * exactly the same ones, including when the rep leaves a scene for another tip mid-way.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const MIGRATION = fs.readFileSync(path.join(migrationsDir(), '0015_role_play_turns.sql'), 'utf8');
const runMigration = () => t.db.execute(sql.raw(MIGRATION));

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, cookie: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** Plays the messages through the built-in coach; returns the session's row id and its replies' role-play flags as the coach set them. */
async function played(messages: string[]): Promise<{ chatId: number; flags: boolean[] }> {
  const u = await quickProUser(t);
  const start = await call('POST', '/api/chat/session', u.cookie, {});
  const sessionId = start.json<{ sessionId: string }>().sessionId;
  for (const message of messages) {
    const res = await call('POST', '/api/chat/message', u.cookie, { sessionId, message });
    expect(res.statusCode, res.body).toBe(200);
  }
  const stored = (await call('GET', `/api/chat/sessions/${sessionId}`, u.cookie)).json<ChatSession>();
  const [chat] = await t.db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.sessionId, sessionId));
  if (!chat) throw new Error('no conversation');
  return { chatId: chat.id, flags: stored.messages.filter((m) => m.role === 'assistant').map((m) => Boolean(m.coaching?.rolePlay)) };
}

/** The replies' flags as stored, oldest first. */
async function storedFlags(chatId: number): Promise<boolean[]> {
  const rows = await t.db.select({ role: chatMessages.role, coaching: chatMessages.coaching }).from(chatMessages).where(eq(chatMessages.chatSessionId, chatId)).orderBy(chatMessages.id);
  return rows.filter((r) => r.role === 'assistant').map((r) => Boolean(r.coaching?.rolePlay));
}

/** Takes the flags off, as on a row stored before they existed. */
async function unflag(chatId: number): Promise<void> {
  await t.db.execute(sql`update chat_messages set coaching = coaching - 'rolePlay' where chat_session_id = ${chatId} and coaching is not null`);
}

describe('migration 0015 (role-play turns)', () => {
  it('marks the built-in coach\'s scene, its hint and its feedback, and not the coaching before', async () => {
    const { chatId, flags } = await played([
      'My buyer keeps saying the price is too high and I never know what to say back.',
      'Role-play this with me',
      'Give me a hint',
      'I hear you. What would it need to cost for this to be a yes?',
      'stop, how did I do?',
      'Give me another tip',
    ]);
    expect(flags).toEqual([false, true, true, true, true, false]);
    await unflag(chatId);
    expect(await storedFlags(chatId)).toEqual(flags.map(() => false));
    await runMigration();
    expect(await storedFlags(chatId)).toEqual(flags);
  });

  it('does not mark the coaching a rep asked for mid-scene (another tip instead of a line)', async () => {
    const { chatId, flags } = await played([
      'My buyer keeps saying the price is too high and I never know what to say back.',
      'Role-play this with me',
      'Give me another tip',
    ]);
    // The tip is coaching with a method: a call can be logged on it.
    expect(flags).toEqual([false, true, false]);
    await unflag(chatId);
    await runMigration();
    expect(await storedFlags(chatId)).toEqual(flags);
  });

  it('marks the model\'s scene turns by their step, and not its coaching (the options it offers included)', async () => {
    const u = await quickProUser(t);
    const [chat] = await t.db.insert(chatSessions).values({ sessionId: randomUUID(), userId: u.user.id }).returning();
    if (!chat) throw new Error('no conversation');
    const coaching: Coaching = { stage: 'middle', topics: ['objection_handling'], method: 'LAER' };
    const after = ['Try the scene again', 'Give me another tip', 'I have a different problem'];
    const replies: { step: string; options: string[] }[] = [
      { step: 'none', options: ['Give me another tip'] },
      { step: 'start', options: ['Give me a hint', 'Stop the role-play'] },
      { step: 'continue', options: ['Give me a hint', 'Stop the role-play'] },
      { step: 'end', options: after },
      // The model may offer the scene again on coaching of its own: still coaching.
      { step: 'none', options: after },
    ];
    for (const r of replies) {
      await t.db.insert(chatMessages).values({ chatSessionId: chat.id, role: 'user', content: 'a line' });
      await t.db.insert(chatMessages).values({ chatSessionId: chat.id, role: 'assistant', content: 'a reply', options: r.options, coaching, engineState: { engine: 'llm', escalated: false, roleplayStep: r.step, scene: null } });
    }
    await runMigration();
    expect(await storedFlags(chat.id)).toEqual([false, true, true, true, false]);
  });
});
