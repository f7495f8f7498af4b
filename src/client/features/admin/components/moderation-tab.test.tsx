// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { moderationPostSchema, moderationQueueSchema, type ModerationPost } from '../../../../shared/schemas/moderation';
import { stubFetch } from '../../../test/fetch-mock';
import { ModerationTab } from './moderation-tab';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast-store', () => ({ toast }));

const fetchMock = stubFetch();
beforeEach(() => toast.mockReset());

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const XSS = '<img src=x onerror="window.__owned=1"> Buy followers cheap!!!';

/** A post as the contract (shared/schemas/moderation.ts) shapes it; every answer below is checked against it. */
const post = (over: Partial<ModerationPost> = {}): ModerationPost =>
  moderationPostSchema.parse({
    id: 41,
    title: 'Cheap followers',
    content: XSS,
    category: 'general',
    author: { id: 7, username: 'spammer_01' },
    createdAt: '2026-01-15T12:00:00.000Z',
    hidden: false,
    openReportCount: 2,
    reports: [
      { id: 1, reporter: { id: 8, username: 'rep_ann' }, reason: 'Spam', createdAt: '2026-01-15T12:05:00.000Z', dismissedAt: null },
      { id: 2, reporter: { id: 9, username: 'rep_bo' }, reason: '', createdAt: '2026-01-15T12:06:00.000Z', dismissedAt: null },
    ],
    ...over,
  });

/** The server side of the contract, in memory: the queue and the three actions. */
function contractServer(initial: ModerationPost[]) {
  let posts = initial;
  const requests: string[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url}`);
    const queue = /^\/api\/admin\/moderation\/reports\?status=(open|all)$/.exec(url);
    if (method === 'GET' && queue) {
      const shown = queue[1] === 'open' ? posts.filter((p) => !p.hidden && p.openReportCount > 0) : posts;
      return json(moderationQueueSchema.parse({ posts: shown }));
    }
    const action = /^\/api\/admin\/moderation\/posts\/(\d+)\/(hide|restore|dismiss-reports)$/.exec(url);
    if (method === 'POST' && action) {
      const id = Number(action[1]);
      posts = posts.map((p) => {
        if (p.id !== id) return p;
        if (action[2] === 'hide') return { ...p, hidden: true };
        if (action[2] === 'restore') return { ...p, hidden: false };
        return { ...p, openReportCount: 0, reports: p.reports.map((r) => ({ ...r, dismissedAt: '2026-01-15T13:00:00.000Z' })) };
      });
      const changed = posts.find((p) => p.id === id);
      return changed ? json(moderationPostSchema.parse(changed)) : json({ message: 'Post not found.' }, 404);
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  return { requests };
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ModerationTab />
    </QueryClientProvider>,
  );
}

describe('ModerationTab (against shared/schemas/moderation.ts)', () => {
  it('lists reported posts with their reports, as text', async () => {
    contractServer([post()]);
    renderTab();
    const card = await screen.findByTestId('moderation-post-41');
    expect(within(card).getByText('2 open reports')).toBeTruthy();
    expect(within(card).getByText(XSS)).toBeTruthy();
    expect(card.querySelector('img')).toBeNull();
    expect((window as { __owned?: number }).__owned).toBeUndefined();
    expect(within(card).getByText('Spam')).toBeTruthy();
    expect(within(card).getByText('No reason given')).toBeTruthy();
    expect(within(card).getByText(/rep_ann/)).toBeTruthy();
  });

  it('hides a post after confirming (a decision: it leaves the open queue), then restores it from "All reported posts"', async () => {
    const { requests } = contractServer([post()]);
    renderTab();
    const card = await screen.findByTestId('moderation-post-41');
    fireEvent.click(within(card).getByRole('button', { name: 'Hide post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this post?' });
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide post' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Post hidden', description: 'Only admins can see it now. It stays under All reported posts.' }));
    expect(requests).toContain('POST /api/admin/moderation/posts/41/hide');
    expect(await screen.findByText('No open reports. Nothing to moderate.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } });
    const restore = await within(await screen.findByTestId('moderation-post-41')).findByRole('button', { name: 'Restore post' });
    expect(within(screen.getByTestId('moderation-post-41')).getByText('Hidden')).toBeTruthy();
    fireEvent.click(restore);
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Post restored', description: 'Everyone can see it again.' }));
    expect(requests).toContain('POST /api/admin/moderation/posts/41/restore');
  });

  it('dismisses the reports: the post leaves the open queue and stays under "All reported posts"', async () => {
    const { requests } = contractServer([post()]);
    renderTab();
    const card = await screen.findByTestId('moderation-post-41');
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss reports' }));
    expect(await screen.findByText('No open reports. Nothing to moderate.')).toBeTruthy();
    expect(requests).toContain('POST /api/admin/moderation/posts/41/dismiss-reports');
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } });
    const again = await screen.findByTestId('moderation-post-41');
    expect(within(again).getByText('0 open reports')).toBeTruthy();
    expect(within(again).getAllByText(/dismissed/)).toHaveLength(2);
    expect((within(again).getByRole('button', { name: 'Dismiss reports' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the queue cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Something went wrong on our side.' }, 500));
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('could not be loaded');
  });
});
