// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PracticeBehaviour, PracticePlan } from '#shared/schemas/practice';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';
import { PracticePage } from './practice-page';

const fetchMock = stubFetch();

const behaviour = (id: string, text: string): PracticeBehaviour => ({
  id,
  number: 1,
  tiedTo: { kind: 'area', topic: 'closing', stage: 'close' },
  behaviour: text,
  why: 'A trial close tells you whether you are ready to ask.',
  lines: { door: 'How does that sound?', showroom: 'How did it feel?', phone: 'On a scale of one to ten?', b2b: 'Anything else stopping you?' },
  drill: ['Write two trial closes.', 'Write the warm and lukewarm paths.', 'Say both out loud.'],
  checkInQuestions: ['How many times did you trial close?', 'What was the doubt behind a lukewarm answer?'],
});
const trial = behaviour('trial-close-first', 'Before you ask for the decision, ask for the buyer’s opinion.');
const quiet = behaviour('ask-then-stay-quiet', 'Ask for the decision in one plain sentence, then stay silent.');

const proposed: PracticePlan = {
  motion: 'door',
  today: '2026-01-15',
  streak: 0,
  proposal: {
    choice: { behaviour: trial, reason: 'Your heaviest improvement area on Progress is Closing · the close.' },
    alternative: { behaviour: quiet, reason: 'The same area’s other behaviour.' },
    swapsLeft: 2,
  },
  week: null,
  history: [],
};
const week = (over: Partial<NonNullable<PracticePlan['week']>> = {}, plan: Partial<PracticePlan> = {}): PracticePlan => ({
  ...proposed,
  proposal: null,
  week: {
    id: 3,
    choice: proposed.proposal!.choice,
    startDate: '2026-01-15',
    endDate: '2026-01-21',
    timeZone: 'Europe/Berlin',
    reminderTime: '08:30',
    dayNumber: 1,
    practiceDays: [],
    doneToday: false,
    checkInOpen: false,
    ...over,
  },
  ...plan,
});

const pro = makeUser({ hasProAccess: true, hasBasicAccess: true });
const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined }));
const answer = (byRoute: Record<string, () => Response>) =>
  fetchMock.mockImplementation(async (url, init) => {
    const key = `${init?.method ?? 'GET'} ${String(url).split('?')[0]}`;
    const make = byRoute[key];
    return make ? make() : json({ message: `unexpected ${key}` }, 500);
  });

describe('PracticePage', () => {
  it('shows a Basic user the locked page with the upgrade, asking nothing of the plan', () => {
    fetchMock.mockResolvedValue(json({ promoAvailable: false }));
    renderWithApp(<PracticePage />, { path: '/practice', user: makeUser({ hasBasicAccess: true }) });
    expect(screen.getByRole('heading', { name: 'The weekly practice plan is a Pro feature' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Pro' }).getAttribute('href')).toBe('/upgrade');
    expect(calls().filter((c) => c.url.startsWith('/api/practice'))).toEqual([]);
  });

  it('shows the locked page when the server refuses the plan (payment_required)', async () => {
    fetchMock.mockResolvedValue(json({ message: 'The weekly practice plan is part of Pro.', code: 'payment_required' }, 403));
    renderWithApp(<PracticePage />, { path: '/practice', user: pro });
    expect(await screen.findByRole('heading', { name: 'The weekly practice plan is a Pro feature' })).toBeTruthy();
  });

  it("shows the proposal with why, the rep's line and the alternative, and accepts it in the browser's time zone", async () => {
    answer({ 'GET /api/practice': () => json(proposed), 'POST /api/practice/accept': () => json(week()) });
    renderWithApp(<PracticePage />, { path: '/practice', user: pro });
    expect(await screen.findByRole('heading', { name: trial.behaviour })).toBeTruthy();
    expect(screen.getByText('Your heaviest improvement area on Progress is Closing · the close.', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('practice-line').textContent).toContain('How does that sound?');
    expect(screen.getByTestId('practice-alternative').textContent).toBe(quiet.behaviour);
    expect(calls()[0]?.url).toMatch(/^\/api\/practice\?tz=/);
    fireEvent.click(screen.getByRole('button', { name: 'Start this week' }));
    expect(await screen.findByRole('button', { name: 'Done today' })).toBeTruthy();
    expect(calls().find((c) => c.method === 'POST')).toMatchObject({ url: '/api/practice/accept', body: { timeZone: expect.any(String) } });
    expect(screen.getByText('Day 1 of 7')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add to calendar' }).getAttribute('href')).toBe('/api/practice/plan.ics');
  });

  it('shows a refused swap next to the buttons', async () => {
    answer({ 'GET /api/practice': () => json(proposed), 'POST /api/practice/swap': () => json({ message: 'You have used your 2 swaps this week.' }, 409) });
    renderWithApp(<PracticePage />, { path: '/practice', user: pro });
    fireEvent.click(await screen.findByRole('button', { name: /Swap \(2 swaps left\)/ }));
    expect((await screen.findByRole('alert')).textContent).toContain('You have used your 2 swaps this week.');
  });

  it('marks today done once and shows the streak', async () => {
    answer({ 'GET /api/practice': () => json(week()), 'POST /api/practice/done-today': () => json(week({ doneToday: true, practiceDays: ['2026-01-15'] }, { streak: 1 })) });
    renderWithApp(<PracticePage />, { path: '/practice', user: pro });
    expect((await screen.findByTestId('practice-streak')).textContent).toBe('0-day streak');
    fireEvent.click(screen.getByRole('button', { name: 'Done today' }));
    const done = await screen.findByRole('button', { name: 'Done for today' });
    expect(done.hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('practice-streak').textContent).toBe('1-day streak');
    expect(screen.getByRole('listitem', { name: 'Thu 15 Jan: practised' })).toBeTruthy();
  });

  it("asks the check-in at the week's end, says what is missing next to it, and shows next week after", async () => {
    const next: PracticePlan = { ...proposed, history: [{ behaviourId: trial.id, behaviour: trial.behaviour, startDate: '2026-01-15', practiceDays: 5, checkIn: { didIt: 'no', result: 'stalled', note: null, at: '2026-01-21T18:00:00.000Z' } }] };
    answer({ 'GET /api/practice': () => json(week({ dayNumber: 7, checkInOpen: true }, { today: '2026-01-21' })), 'POST /api/practice/check-in': () => json(next) });
    renderWithApp(<PracticePage />, { path: '/practice', user: pro });
    expect(await screen.findByRole('heading', { name: "Your week's check-in" })).toBeTruthy();
    expect(screen.getByText('How many times did you trial close?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Check in and see next week' }));
    expect(screen.getByText('Say whether you did it: yes, partly or no.')).toBeTruthy();
    expect(calls().filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Stalled' }));
    fireEvent.click(screen.getByRole('button', { name: 'Check in and see next week' }));
    await waitFor(() => expect(calls().find((c) => c.method === 'POST')).toMatchObject({ url: '/api/practice/check-in', body: { didIt: 'no', result: 'stalled', note: null } }));
    expect(await screen.findByText("This week's suggestion")).toBeTruthy();
    expect(screen.getByText(/5 of 7 days practised · Did it: No · Calls: Stalled/)).toBeTruthy();
  });
});
