// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildPlanCatalogue } from '#shared/plans';
import type { TrainingOverview, TrainingPart } from '#shared/schemas/training';
import type { User } from '#shared/schemas/user';
import { plansQuery } from '../../../lib/api/plans';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';
import { TrainingPage } from './training-page';

const fetchMock = stubFetch();

const part = (id: TrainingPart['id'], minutesToRead: number, videoId: string | null, marks: Partial<TrainingPart> = {}): TrainingPart => ({
  id,
  title: `Part ${id}`,
  description: `About ${id}.`,
  minutesToRead,
  videoId,
  videoUrl: null,
  savedAt: null,
  completedAt: null,
  ...marks,
});

const overview = (overrides: Partial<Record<TrainingPart['id'], Partial<TrainingPart>>> = {}): TrainingOverview => {
  const parts = [part('discovery', 7, 'dQw4w9WgXcQ'), part('objections', 8, null), part('closing', 7, 'M7lc1UVf-VE'), part('pipeline', 7, null)].map((p) => ({ ...p, ...overrides[p.id] }));
  return { parts, completedCount: parts.filter((p) => p.completedAt).length };
};

function renderTraining(user: User) {
  // A catalogue whose Pro price differs from the built-in one: the locked page must read the served one.
  const served = buildPlanCatalogue();
  served.pro.priceCents = 599;
  const { memory } = renderWithApp(<TrainingPage />, { path: '/training', user, data: [[plansQuery.queryKey, served]] });
  return { memory };
}

describe('TrainingPage', () => {
  it.each([
    ['Free or trial', makeUser()],
    ['Basic', makeUser({ hasBasicAccess: true })],
  ])('shows a %s user the locked page with the catalogue price and the way to checkout, asking nothing', (_label, user) => {
    renderTraining(user);
    expect(screen.getByRole('heading', { name: 'Sales Training is a Pro feature' })).toBeTruthy();
    expect(screen.getByText('$5.99/month')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/upgrade');
    // Only the plan is read (whether the launch special is still theirs); no training data.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/billing')).toEqual([]);
  });

  it('shows the locked page when the server refuses (the plan lapsed since the user was read)', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Sales training is part of Pro.', code: 'payment_required' }, 403));
    renderTraining(makeUser({ hasProAccess: true, hasBasicAccess: true }));
    expect(await screen.findByRole('heading', { name: 'Sales Training is a Pro feature' })).toBeTruthy();
  });

  it('shows another 403 (not a plan refusal) as the error it is, with Try again, not the locked page', async () => {
    fetchMock.mockResolvedValue(json({ message: 'You can only act on your own account.' }, 403));
    renderTraining(makeUser({ hasProAccess: true, hasBasicAccess: true }));
    expect((await screen.findByRole('alert')).textContent).toBe('The training could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Sales Training is a Pro feature' })).toBeNull();
  });

  it('shows Pro users the course: four lessons to open, which are completed, and no video placeholder or Watch', async () => {
    fetchMock.mockResolvedValue(json(overview({ closing: { completedAt: '2026-01-15T12:00:00.000Z' } })));
    renderTraining(makeUser({ hasProAccess: true, hasBasicAccess: true }));
    expect(await screen.findByRole('heading', { name: 'Sales Training', level: 2 })).toBeTruthy();
    expect(screen.getByText('4 lessons · Pro exclusive')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Weekly practice plan' }).getAttribute('href')).toBe('/practice');
    expect(screen.getByRole('link', { name: 'Start AI Coaching Session' }).getAttribute('href')).toBe('/chat');
    expect(screen.getByTestId('training-progress').textContent).toBe('1 of 4 lessons completed');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Part discovery', 'Part objections', 'Part closing', 'Part pipeline']);
    expect(screen.getByRole('link', { name: 'Open the lesson: Part objections' }).getAttribute('href')).toBe('/training/objections');

    // A lesson stands on its own: nothing promises a video, nothing offers a disabled Watch.
    expect(screen.queryByText(/coming soon/i)).toBeNull();
    expect(screen.queryByRole('button', { name: /Watch/ })).toBeNull();
    expect(within(screen.getByTestId('training-part-closing')).getByText('Completed')).toBeTruthy();
    expect(within(screen.getByTestId('training-part-discovery')).queryByText('Completed')).toBeNull();
  });

  it('lets an admin in and saves for later on the server, showing what it stored', async () => {
    fetchMock.mockResolvedValueOnce(json(overview()));
    renderTraining(makeUser({ isAdmin: true }));
    const card = within(await screen.findByTestId('training-part-pipeline'));

    fetchMock.mockResolvedValueOnce(json(overview({ pipeline: { savedAt: '2026-01-15T12:00:00.000Z' } })));
    fireEvent.click(card.getByRole('button', { name: 'Save for Later' }));
    expect(await card.findByRole('button', { name: 'Saved' })).toBeTruthy();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/training/pipeline/saved', expect.objectContaining({ method: 'PUT', body: JSON.stringify({ saved: true }) }));
  });
});
