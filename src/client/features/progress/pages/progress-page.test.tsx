// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Progress } from '#shared/schemas/progress';
import type { User } from '#shared/schemas/user';
import { plansQuery } from '../../../lib/api/plans';
import { buildPlanCatalogue } from '#shared/plans';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';
import { ProgressPage } from './progress-page';

const fetchMock = stubFetch();
const weeks = (n: number) => Array.from({ length: 12 }, (_, i) => ({ weekStart: `2026-0${i < 9 ? 1 : 2}-0${(i % 9) + 1}`, sessions: i === 11 ? n : 0 }));
const counts = { won: 0, moved_forward: 0, stalled: 0, lost: 0 };

function progress(overrides: Partial<Progress['outcomes']> = {}, deckStrength: Progress['deckStrength'] = []): Progress {
  return {
    timeZone: 'UTC',
    totals: { sessions: 3, messages: 12, averageSessionSeconds: 77, totalTimeSeconds: 4000 },
    activity: { goalsAchieved: 1, positiveOutcomes: 2 },
    sessionsPerWeek: weeks(2),
    stages: [
      { stage: 'intro', replies: 2 },
      { stage: 'middle', replies: 2 },
      { stage: 'close', replies: 1 },
    ],
    topics: [{ topic: 'objection_handling', replies: 3 }],
    improvementAreas: [{ topic: 'objection_handling', stage: 'middle', weight: 2.5, replies: 3, lastAt: '2026-01-13T10:00:00.000Z' }],
    outcomes: { total: 0, counts, effectiveness: null, effectivenessBasedOn: 0, perWeek: weeks(0).map((w) => ({ weekStart: w.weekStart, ...counts })), byTechnique: [], ...overrides },
    deckStrength,
    recentReplies: [],
  };
}

function renderProgress(user: User) {
  // The catalogue as served, so the locked page's price needs no request of its own.
  renderWithApp(<ProgressPage />, { path: '/progress', user, data: [[plansQuery.queryKey, buildPlanCatalogue()]] });
}

describe('ProgressPage', () => {
  it.each([
    ['Free or trial', makeUser()],
    ['Basic', makeUser({ hasBasicAccess: true })],
  ])('shows a %s user the locked page and asks for no figures', (_label, user) => {
    renderProgress(user);
    expect(screen.getByRole('heading', { name: 'Your Progress is a Pro feature' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/upgrade');
    // Only the plan is read (whether the launch special is still theirs); no progress data.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url !== '/api/billing')).toEqual([]);
  });

  it('shows the locked page when the server refuses (the plan lapsed)', async () => {
    fetchMock.mockResolvedValue(json({ message: 'Pro only', code: 'payment_required' }, 403));
    renderProgress(makeUser({ hasProAccess: true }));
    expect(await screen.findByRole('heading', { name: 'Your Progress is a Pro feature' })).toBeTruthy();
  });

  it('shows another 403 (not a plan refusal) as the error it is, with Try again, not the locked page', async () => {
    fetchMock.mockResolvedValue(json({ message: 'You can only act on your own account.' }, 403));
    renderProgress(makeUser({ hasProAccess: true }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your progress could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Your Progress is a Pro feature' })).toBeNull();
  });

  it('says "not enough outcomes yet" rather than a score from too few, with the definition, and asks in the browser\'s time zone', async () => {
    fetchMock.mockResolvedValue(json(progress({ total: 2, counts: { ...counts, won: 2 }, effectivenessBasedOn: 2 })));
    renderProgress(makeUser({ isAdmin: true }));
    expect((await screen.findByTestId('effectiveness-score')).textContent).toBe('Not enough outcomes yet');
    expect(screen.getByTestId('effectiveness').textContent).toContain('Log 1 more call to see your score.');
    expect(screen.getByTestId('effectiveness').textContent).toContain(
      'Each call you log scores Won 100, Moved forward 70, Stalled 30, Lost 0. Your effectiveness is the average of your last 10 logged calls (out of 100), shown once you have logged 3.',
    );
    expect(String(fetchMock.mock.calls[0]?.[0])).toMatch(/^\/api\/progress(\?tz=[\w%]+)?$/);
    // product §9.3's figures are there, as activity only.
    expect(screen.getByTestId('activity').textContent).toContain('not how your calls went');
    expect(screen.getByTestId('activity').textContent).toContain('Sessions of more than 3 messages: 1');
    expect(screen.getByTestId('totals').textContent).toContain('1 h 07 min');
    expect(screen.getByTestId('improvement-areas').textContent).toContain('Objection handling · The middle');
    // The weekly practice plan picks its behaviour from these figures (product §9.4): the way there.
    expect(screen.getByRole('link', { name: 'Weekly practice' }).getAttribute('href')).toBe('/practice');
  });

  it('shows the score once there are enough outcomes', async () => {
    fetchMock.mockResolvedValue(json(progress({ total: 4, counts: { won: 1, moved_forward: 1, stalled: 1, lost: 1 }, effectiveness: 50, effectivenessBasedOn: 4 })));
    renderProgress(makeUser({ hasProAccess: true }));
    expect((await screen.findByTestId('effectiveness-score')).textContent).toBe('50');
    expect(screen.getByTestId('effectiveness').textContent).toContain('from your last 4 calls');
  });

  it('shows the deck strength chart only when the rep has cards', async () => {
    fetchMock.mockResolvedValue(json(progress()));
    renderProgress(makeUser({ hasProAccess: true }));
    expect(await screen.findByText('What you work on')).toBeTruthy();
    expect(screen.queryByText('Your objection deck')).toBeNull();
    cleanup();
    fetchMock.mockResolvedValue(
      json(progress({}, [
        { weekStart: '2026-01-05', strength: null, cards: 0 },
        { weekStart: '2026-01-12', strength: 0.934, cards: 3 },
      ])),
    );
    renderProgress(makeUser({ hasProAccess: true }));
    expect(await screen.findByText('Your objection deck')).toBeTruthy();
    const chart = await screen.findByTestId('chart-deck-strength');
    expect(within(chart).getByRole('table').textContent).toContain('93%');
    expect(screen.getByRole('link', { name: 'Drill your deck' }).getAttribute('href')).toBe('/deck');
  });

  it('tells replies of one conversation apart: what the rep asked, whole, and the time of day', async () => {
    const title = 'My buyer keeps saying the price is too high and I never know what to s';
    const asked = ['My buyer keeps saying the price is too high and I never know what to say back to him.', 'And when they say they need to talk to their partner first?'];
    fetchMock.mockResolvedValue(
      json({
        ...progress(),
        recentReplies: asked.map((text, i) => ({
          messageId: 40 + i,
          sessionId: '00000000-0000-4000-8000-000000000001',
          conversationTitle: title,
          askedAbout: text,
          method: 'LAER',
          stage: 'middle',
          at: `2026-01-14T1${i}:30:00.000Z`,
          outcome: null,
        })),
      }),
    );
    renderProgress(makeUser({ hasProAccess: true }));
    const rows = await screen.findAllByTestId('recent-reply');
    expect(rows).toHaveLength(2);
    const texts = rows.map((r) => r.textContent ?? '');
    expect(new Set(texts).size).toBe(2);
    // The rep's words whole (CSS clamps them at a line), never the stored title cut mid-word.
    const quotes = screen.getAllByTestId('recent-reply-asked').map((q) => q.textContent);
    expect(quotes).toEqual(asked.map((text) => `You asked: “${text}”`));
    expect(texts.join(' ')).not.toContain(`“${title}”`);
  });
});
