import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWLEDGE_MAX_CHARS, KNOWLEDGE_UPLOAD_MAX_BYTES, UPLOAD_NOT_TEXT_MESSAGE, UPLOAD_SIZE_MESSAGE, UPLOAD_TYPE_MESSAGE } from '#shared/schemas/knowledge.js';
import { buildApp } from '../../app.js';
import { knowledgeVersions } from '../../db/schema/index.js';
import { readEnv } from '../../env.js';
import { buildTestApp, type TestApp } from '../../test/build-test-app.js';
import { makeAdmin, type SignedInUser } from '../../test/factories.js';
import { readStarterPlaybook, searchKnowledge } from './service.js';

let t: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await makeAdmin(t.app, t.db);
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ url, headers: { cookie: admin.cookie } });
const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
const replace = (knowledge: string) => post('/api/admin/knowledge-base', { knowledge });
const upload = (fileName: string, content: string) => post('/api/admin/knowledge-base/upload', { fileName, content });
const live = async () => (await get('/api/admin/knowledge-base')).json();
const versionCount = () => t.db.$count(knowledgeVersions);

describe('view and replace (product §12.4, §15.7)', () => {
  it('shows the starter playbook with its size, when and by whom it was last changed', async () => {
    const kb = await live();
    expect(kb.knowledge).toBe(readStarterPlaybook());
    expect(kb.version).toMatchObject({ note: 'Starter playbook', length: readStarterPlaybook().length, createdBy: null });
  });

  it("refuses empty text with product §15.7's message and changes nothing", async () => {
    const before = await versionCount();
    for (const knowledge of ['', '   \n\t ']) {
      const res = await replace(knowledge);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please enter knowledge content', errors: { knowledge: ['Please enter knowledge content'] } });
    }
    expect((await replace('x'.repeat(KNOWLEDGE_MAX_CHARS + 1))).statusCode).toBe(400);
    expect(await versionCount()).toBe(before);
  });

  it('replaces it as a new version by this admin, which the coach searches at once and which survives a restart', async () => {
    const res = await replace('# Playbook\n\n## Selling to lighthouse keepers\n\nLighthouse keepers decide at dusk, after the lamp is lit.');
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toMatchObject({ note: 'Replaced', createdBy: { id: admin.user.id, username: admin.user.username } });
    const passages = await searchKnowledge(t.db, 'How do I pitch lighthouse keepers?', [], 3);
    expect(passages[0]?.title).toBe('Selling to lighthouse keepers');

    // A restart: a new app on the same database keeps it (the starter playbook is only seeded on an empty one).
    const restarted = await buildApp({ env: readEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), db: t.db, now: t.clock.now });
    const again = await restarted.inject({ url: '/api/admin/knowledge-base', headers: { cookie: admin.cookie } });
    expect(again.json().knowledge).toContain('Lighthouse keepers decide at dusk');
    await restarted.close();
  });

  it('clears it as an empty version; the coach then finds nothing', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/admin/knowledge-base', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ knowledge: '', version: { note: 'Cleared', length: 0 } });
    expect(await searchKnowledge(t.db, 'lighthouse keepers', [], 3)).toEqual([]);
  });
});

describe('upload (product §15.7: .txt, .md, .csv appended after a blank line)', () => {
  it('appends a Markdown file after a blank line and says how many characters it added', async () => {
    await replace('## Existing section\n\nKeep this.');
    const file = '\uFEFF## Objections from florists\r\n\r\nFlorists object to price in February; open with Mother\'s Day volume.\r\n';
    const res = await upload('florists.MD', file);
    expect(res.statusCode).toBe(200);
    const added = "## Objections from florists\n\nFlorists object to price in February; open with Mother's Day volume.";
    expect(res.json()).toMatchObject({ charactersAdded: added.length, version: { note: 'Uploaded florists.MD' } });
    expect((await live()).knowledge).toBe(`## Existing section\n\nKeep this.\n\n${added}\n`);
    const passages = await searchKnowledge(t.db, 'florists object to price', [], 3);
    expect(passages.map((p) => p.title)).toContain('Objections from florists');
  });

  it('takes .txt and .csv too', async () => {
    expect((await upload('notes.txt', 'Plain notes about renewals.')).statusCode).toBe(200);
    expect((await upload('prices.csv', 'plan,price\nBasic,0.99\nPro,4.99')).statusCode).toBe(200);
    expect((await live()).knowledge).toContain('\n\nplan,price\nBasic,0.99\nPro,4.99\n');
  });

  it('refuses other types, binary content, oversized and empty files, and changes nothing', async () => {
    const before = await versionCount();
    const cases: [string, string, string, string][] = [
      ['playbook.pdf', 'Looks like text', 'fileName', UPLOAD_TYPE_MESSAGE],
      ['playbook.md.exe', 'Looks like text', 'fileName', UPLOAD_TYPE_MESSAGE],
      ['image.md', 'PNG\u0000\u0001\u0002binary', 'content', UPLOAD_NOT_TEXT_MESSAGE],
      ['big.txt', 'é'.repeat(KNOWLEDGE_UPLOAD_MAX_BYTES / 2 + 1), 'content', UPLOAD_SIZE_MESSAGE],
      ['empty.txt', ' \n ', 'content', 'This file is empty.'],
    ];
    for (const [fileName, content, field, message] of cases) {
      const res = await upload(fileName, content);
      expect(res.statusCode, fileName).toBe(400);
      expect(res.json().errors[field], fileName).toEqual([message]);
    }
    // Exactly at the bound is fine.
    expect((await upload('bound.txt', 'a'.repeat(KNOWLEDGE_UPLOAD_MAX_BYTES))).statusCode).toBe(200);
    expect(await versionCount()).toBe(before + 1);
  });

  it('refuses an upload that would take the knowledge base past its bound', async () => {
    await replace('x'.repeat(KNOWLEDGE_MAX_CHARS - 100));
    const res = await upload('more.txt', 'y'.repeat(200));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.content[0]).toMatch(/longer than 500,000 characters/);
  });
});

describe('test (product §14.2 POST /api/admin/test-knowledge)', () => {
  it('answers with the knowledge base length and the coach reply, drawing on the live knowledge', async () => {
    await replace(readStarterPlaybook());
    await upload('zebra.md', '## Selling to zebra farms\n\nZebra farmers buy before the migration season; open with the season.');
    const res = await post('/api/admin/test-knowledge', { testMessage: 'When do zebra farmers buy?' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.knowledgeBaseLength).toBe((await live()).knowledge.length);
    expect(body.aiResponse.length).toBeGreaterThan(20);
    expect(body.passages).toContain('Selling to zebra farms');
  });

  it('needs a test message, and takes no admin key', async () => {
    expect((await post('/api/admin/test-knowledge', { testMessage: ' ' })).json().errors.testMessage).toEqual(['Please enter a test message.']);
    const withKey = await post('/api/admin/test-knowledge', { testMessage: 'hello', adminKey: 'x' });
    expect(withKey.statusCode).toBe(400);
    expect(withKey.json().message).toBe('Unknown field: adminKey');
  });
});

describe('versions, diff and restore (product §12.4)', () => {
  it('lists every change newest first with who and why, shows a version with the one before it, and restores as a new version', async () => {
    await replace('## Version A\n\nFirst text.');
    const a = (await live()).version.id;
    await replace('## Version B\n\nSecond text.');
    const b = (await live()).version.id;

    const list = (await get('/api/admin/knowledge-base/versions')).json().versions;
    expect(list[0]).toMatchObject({ id: b, note: 'Replaced', createdBy: { username: admin.user.username } });
    expect(list[1]).toMatchObject({ id: a });
    expect(list.at(-1)).toMatchObject({ note: 'Starter playbook', createdBy: null });
    expect(list[0]).not.toHaveProperty('content');

    const detail = (await get(`/api/admin/knowledge-base/versions/${b}`)).json();
    expect(detail).toMatchObject({ id: b, content: '## Version B\n\nSecond text.', previous: { id: a, content: '## Version A\n\nFirst text.' } });

    const restored = await post(`/api/admin/knowledge-base/versions/${a}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ knowledge: '## Version A\n\nFirst text.', version: { note: `Restored version #${a}` } });
    const [newest] = await t.db.select().from(knowledgeVersions).orderBy(desc(knowledgeVersions.id)).limit(1);
    expect(newest?.id).toBeGreaterThan(b);
    expect((await searchKnowledge(t.db, 'first text version', [], 3))[0]?.title).toBe('Version A');
    expect(await searchKnowledge(t.db, 'second', [], 3)).toEqual([]);
  });

  it('answers 404 for a version that does not exist, and 400 for a malformed id', async () => {
    expect((await get('/api/admin/knowledge-base/versions/99999')).statusCode).toBe(404);
    expect((await post('/api/admin/knowledge-base/versions/99999/restore')).statusCode).toBe(404);
    expect((await get('/api/admin/knowledge-base/versions/abc')).statusCode).toBe(400);
  });
});
