// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditPageSchema, type AuditEntry } from '#shared/schemas/admin';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { AuditTab } from './audit-tab';

const fetchMock = stubFetch();
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  createdAt: '2026-01-15T12:00:00.000Z',
  actor: null,
  action: 'knowledge.replace',
  targetType: null,
  targetId: null,
  summary: null,
  ...over,
});

describe('the audit log', () => {
  it('names who acted: the admin, the command line for `npm run admin`, or a deleted account', async () => {
    const page = auditPageSchema.parse({
      entries: [
        entry({ id: 3, actor: { id: 5, username: 'ops_anna' }, action: 'admin.unlock' }),
        entry({ id: 2, action: 'admin.grant', targetType: 'user', targetId: '9', summary: 'cli (OS user root): rep_bo <bo@example.com> is now an admin' }),
        entry({ id: 1, action: 'knowledge.replace' }),
      ],
      nextBefore: null,
    });
    fetchMock.mockImplementation(async () => json(page));
    renderWithApp(<AuditTab />);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => r.children[1]?.textContent)).toEqual(['ops_anna', 'command line', 'deleted account']);
    expect(screen.getByText('cli (OS user root): rep_bo <bo@example.com> is now an admin')).toBeTruthy();
  });
});
