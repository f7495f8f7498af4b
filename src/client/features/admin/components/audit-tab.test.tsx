// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
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
    // The first page's loading line is a row too; the entries replace it.
    await screen.findByText('ops_anna');
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.children[1]?.textContent)).toEqual(['ops_anna', 'command line', 'deleted account']);
    expect(screen.getByText('cli (OS user root): rep_bo <bo@example.com> is now an admin')).toBeTruthy();
  });

  it('says when the log cannot be loaded, as a row of the list, and Try again loads it', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Something went wrong on our side.' }, 500));
    renderWithApp(<AuditTab />);
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toBe('The audit log could not be loaded.');
    expect(failed.closest('li')?.parentElement).toBe(screen.getByTestId('audit-log'));
    fetchMock.mockResolvedValueOnce(json(auditPageSchema.parse({ entries: [entry({ id: 4, actor: { id: 5, username: 'ops_anna' } })], nextBefore: null })));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('ops_anna')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
