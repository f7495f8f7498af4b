// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { replySchema } from '#shared/schemas/community';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { ReplyItem } from './reply-item';
import { ReportDialog } from './report-dialog';
import { VoteButtons } from './vote-buttons';

const toast = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/toast-store', () => ({ toast }));

// Issue #25: a refused delete, report or vote is read next to the button it answers and stays; not a toast.
const fetchMock = stubFetch();
const BUSY = 'The service is busy. Please try again.';
beforeEach(() => {
  toast.mockReset();
  fetchMock.mockResolvedValue(json({ message: BUSY }, 503));
});

function renderWith(ui: ReactElement) {
  renderWithApp(ui);
}

async function expectAlertBy(button: HTMLElement) {
  const note = (await screen.findByText(BUSY)).closest('[role="alert"]');
  expect(note).not.toBeNull();
  expect(button.getAttribute('aria-describedby')).toBe(note?.id);
  expect(toast).not.toHaveBeenCalled();
}

describe('community: errors in place', () => {
  it('a refused reply delete is said in its dialog, above Delete', async () => {
    const reply = replySchema.parse({ id: 5, postId: 2, content: 'Ask two questions first.', author: { id: 1, username: 'rep_ann' }, createdAt: '2026-01-15T12:00:00.000Z', editedAt: null, mine: true, reportedByMe: false, hidden: false });
    renderWith(
      <ul>
        <ReplyItem reply={reply} />
      </ul>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete your reply' }));
    const confirm = await screen.findByRole('button', { name: 'Delete' });
    fireEvent.click(confirm);
    await expectAlertBy(confirm);
  });

  it('a refused report is said in its dialog, above Report post', async () => {
    renderWith(<ReportDialog postId={2} reported={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Report' }));
    const send = await screen.findByRole('button', { name: 'Report post' });
    fireEvent.click(send);
    await expectAlertBy(send);
  });

  it('a refused vote is said beside the vote buttons', async () => {
    renderWith(<VoteButtons post={{ id: 2, title: 'Openers', score: 3, myVote: 0, mine: false }} layout="row" />);
    const up = screen.getByRole('button', { name: 'Upvote' });
    fireEvent.click(up);
    await expectAlertBy(up);
  });
});
