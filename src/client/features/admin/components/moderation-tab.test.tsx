// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { moderationPostSchema, moderationQueueSchema, moderationReplySchema, type ModerationPost, type ModerationReply } from '#shared/schemas/moderation';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { ModerationTab } from './moderation-tab';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast-store', () => ({ toast }));

const fetchMock = stubFetch();
beforeEach(() => toast.mockReset());

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

/** A reported reply as the contract shapes it. */
const reportedReply = (over: Partial<ModerationReply> = {}): ModerationReply =>
  moderationReplySchema.parse({
    id: 77,
    post: { id: 41, title: 'How do you open <b>a cold call</b>?', hidden: false },
    content: `Check my profile ${XSS}`,
    author: { id: 12, username: 'reply_spammer' },
    createdAt: '2026-01-15T12:10:00.000Z',
    hidden: false,
    openReportCount: 1,
    reports: [{ id: 5, reporter: { id: 8, username: 'rep_ann' }, reason: 'Scam link', createdAt: '2026-01-15T12:11:00.000Z', dismissedAt: null }],
    ...over,
  });

type Moderated = { id: number; hidden: boolean; openReportCount: number; reports: ModerationPost['reports'] };
const apply = <T extends Moderated>(items: T[], id: number, action: string): T[] =>
  items.map((p) => {
    if (p.id !== id) return p;
    if (action === 'hide') return { ...p, hidden: true };
    if (action === 'restore') return { ...p, hidden: false };
    return { ...p, openReportCount: 0, reports: p.reports.map((r) => ({ ...r, dismissedAt: '2026-01-15T13:00:00.000Z' })) };
  });
const openOnly = <T extends Moderated>(items: T[]) => items.filter((p) => !p.hidden && p.openReportCount > 0);

/** The server side of the contract, in memory: the queue and the three actions, on posts and on replies. */
function contractServer(initial: ModerationPost[], initialReplies: ModerationReply[] = []) {
  let posts = initial;
  let replies = initialReplies;
  const requests: string[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    requests.push(`${method} ${url}`);
    const queue = /^\/api\/admin\/moderation\/reports\?status=(open|all)$/.exec(url);
    if (method === 'GET' && queue) {
      const open = queue[1] === 'open';
      return json(moderationQueueSchema.parse({ posts: open ? openOnly(posts) : posts, replies: open ? openOnly(replies) : replies }));
    }
    const action = /^\/api\/admin\/moderation\/posts\/(\d+)\/(hide|restore|dismiss-reports)$/.exec(url);
    if (method === 'POST' && action) {
      const id = Number(action[1]);
      posts = apply(posts, id, action[2] ?? '');
      const changed = posts.find((p) => p.id === id);
      return changed ? json(moderationPostSchema.parse(changed)) : json({ message: 'Post not found.' }, 404);
    }
    const replyAction = /^\/api\/admin\/moderation\/replies\/(\d+)\/(hide|restore|dismiss-reports)$/.exec(url);
    if (method === 'POST' && replyAction) {
      const id = Number(replyAction[1]);
      replies = apply(replies, id, replyAction[2] ?? '');
      const changed = replies.find((p) => p.id === id);
      return changed ? json(moderationReplySchema.parse(changed)) : json({ message: 'Reply not found.' }, 404);
    }
    throw new Error(`unexpected ${method} ${url}`);
  });
  return { requests };
}

function renderTab() {
  renderWithApp(<ModerationTab />);
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
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Post hidden', description: 'Only admins can see it now. It stays under All reported.' }));
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

  it('lists reported replies under the reported posts: the post they belong to (linked), the reply and its reports as text', async () => {
    contractServer([post()], [reportedReply()]);
    renderTab();
    const card = await screen.findByTestId('moderation-reply-77');
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Reported posts', 'Reported replies']);
    // Under its heading, after the posts.
    const repliesSection = screen.getByRole('region', { name: 'Reported replies' });
    expect(within(repliesSection).getByTestId('moderation-reply-77')).toBe(card);
    expect(screen.getByTestId('moderation-post-41').compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const link = within(card).getByRole('link', { name: 'How do you open <b>a cold call</b>?' });
    expect(link.getAttribute('href')).toBe('/community/post/41');
    expect(within(card).getByText(`Check my profile ${XSS}`)).toBeTruthy();
    expect(card.querySelector('img, b')).toBeNull();
    expect(within(card).getByText('1 open report')).toBeTruthy();
    expect(within(card).getByText('Scam link')).toBeTruthy();
    expect(within(card).getByText(/reply_spammer/)).toBeTruthy();
    expect(within(card).queryByText('Post hidden')).toBeNull();
  });

  it('says when a reported reply sits under a hidden post', async () => {
    contractServer([], [reportedReply({ post: { id: 41, title: 'Gone thread', hidden: true } })]);
    renderTab();
    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } });
    const card = await screen.findByTestId('moderation-reply-77');
    expect(within(card).getByText('Post hidden')).toBeTruthy();
  });

  it('hides a reply after confirming, restores it from "All reported", and dismisses its reports, each with its toast', async () => {
    const { requests } = contractServer([], [reportedReply()]);
    renderTab();
    const card = await screen.findByTestId('moderation-reply-77');
    expect(screen.queryByRole('heading', { name: 'Reported posts' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Hide reply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this reply?' });
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide reply' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Reply hidden', description: "Only admins can see it now; the post's reply count drops. It stays under All reported." }),
    );
    expect(requests).toContain('POST /api/admin/moderation/replies/77/hide');
    expect(await screen.findByText('No open reports. Nothing to moderate.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'all' } });
    const hidden = await screen.findByTestId('moderation-reply-77');
    expect(within(hidden).getByText('Hidden')).toBeTruthy();
    fireEvent.click(within(hidden).getByRole('button', { name: 'Restore reply' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Reply restored', description: 'Everyone can see it again.' }));
    expect(requests).toContain('POST /api/admin/moderation/replies/77/restore');
    await within(screen.getByTestId('moderation-reply-77')).findByRole('button', { name: 'Hide reply' });

    fireEvent.click(within(screen.getByTestId('moderation-reply-77')).getByRole('button', { name: 'Dismiss reports' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ title: 'Reports dismissed', description: 'The reply stays as it is.' }));
    expect(requests).toContain('POST /api/admin/moderation/replies/77/dismiss-reports');
    expect(await within(screen.getByTestId('moderation-reply-77')).findByText('0 open reports')).toBeTruthy();
    // The post routes were never called for a reply.
    expect(requests.filter((r) => r.includes('/moderation/posts/'))).toEqual([]);
  });

  it("says so when the queue cannot be loaded, with the server's words, and Try again loads it", async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Something went wrong on our side.' }, 500));
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toBe('The moderation queue could not be loaded: Something went wrong on our side.');
    contractServer([post()]);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('moderation-post-41')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
