// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const part = (id: TrainingPart['id'], durationMinutes: number, videoId: string | null, marks: Partial<TrainingPart> = {}): TrainingPart => ({
  id,
  title: `Part ${id}`,
  description: `About ${id}.`,
  durationMinutes,
  videoId,
  savedAt: null,
  watchedAt: null,
  ...marks,
});

const overview = (overrides: Partial<Record<TrainingPart['id'], Partial<TrainingPart>>> = {}): TrainingOverview => {
  const parts = [part('discovery', 15, 'dQw4w9WgXcQ'), part('objections', 20, null), part('closing', 18, 'M7lc1UVf-VE'), part('pipeline', 22, null)].map((p) => ({ ...p, ...overrides[p.id] }));
  return { parts, totalMinutes: 75, watchedMinutes: parts.reduce((sum, p) => sum + (p.watchedAt ? p.durationMinutes : 0), 0) };
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

  it('shows Pro users the course: overview, coaching button, four parts, video only on Watch, Coming Soon without one', async () => {
    fetchMock.mockResolvedValue(json(overview({ closing: { watchedAt: '2026-01-15T12:00:00.000Z' } })));
    renderTraining(makeUser({ hasProAccess: true, hasBasicAccess: true }));
    expect(await screen.findByRole('heading', { name: 'Sales Training', level: 2 })).toBeTruthy();
    expect(screen.getByText('4 videos · 75 minutes · Pro exclusive')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start AI Coaching Session' }).getAttribute('href')).toBe('/chat');
    expect(screen.getByTestId('training-progress').textContent).toBe('18 of 75 minutes watched');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Part discovery', 'Part objections', 'Part closing', 'Part pipeline']);

    // No frame until the user asks for one.
    expect(document.querySelector('iframe')).toBeNull();
    const first = within(screen.getByTestId('training-part-discovery'));
    fireEvent.click(first.getByRole('button', { name: 'Watch: Part discovery' }));
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');

    const noVideo = within(screen.getByTestId('training-part-objections'));
    expect(noVideo.getByText('Video Coming Soon')).toBeTruthy();
    expect((noVideo.getByRole('button', { name: 'Watch: Part objections' }) as HTMLButtonElement).disabled).toBe(true);

    const closing = within(screen.getByTestId('training-part-closing'));
    expect(closing.getByRole('button', { name: 'Watched' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lets an admin in, saves for later and marks watched on the server, showing what it stored', async () => {
    fetchMock.mockResolvedValueOnce(json(overview()));
    renderTraining(makeUser({ isAdmin: true }));
    const card = within(await screen.findByTestId('training-part-pipeline'));

    fetchMock.mockResolvedValueOnce(json(overview({ pipeline: { savedAt: '2026-01-15T12:00:00.000Z' } })));
    fireEvent.click(card.getByRole('button', { name: 'Save for Later' }));
    expect(await card.findByRole('button', { name: 'Saved' })).toBeTruthy();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/training/pipeline/saved', expect.objectContaining({ method: 'PUT', body: JSON.stringify({ saved: true }) }));

    fetchMock.mockResolvedValueOnce(json(overview({ pipeline: { savedAt: '2026-01-15T12:00:00.000Z', watchedAt: '2026-01-15T12:01:00.000Z' } })));
    fireEvent.click(card.getByRole('button', { name: 'Mark as watched' }));
    await waitFor(() => expect(screen.getByTestId('training-progress').textContent).toBe('22 of 75 minutes watched'));
    expect(fetchMock).toHaveBeenLastCalledWith('/api/training/pipeline/watched', expect.objectContaining({ method: 'PUT', body: JSON.stringify({ watched: true }) }));
    expect(card.getByRole('button', { name: 'Watched' }).getAttribute('aria-pressed')).toBe('true');
  });
});
