// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';
import type { LessonMotion, TrainingCheckResult, TrainingLesson, TrainingPart } from '#shared/schemas/training';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';
import { LessonPage } from './lesson-page';

const fetchMock = stubFetch();

const part: TrainingPart = { id: 'closing', title: 'Part 3: Closing', description: 'About closing.', minutesToRead: 7, videoId: null, videoUrl: null, savedAt: null, completedAt: null };
const scene = (m: LessonMotion) => ({ buyer: `Buyer at the ${m}.`, openingLine: `Let me think about it (${m}).`, moment: `The ${m} stall.`, strongAnswer: ['Acknowledge.', 'Ask.', 'Propose a date.'] });
const lines = (m: LessonMotion) => [`${m} line one`, `${m} line two`, `${m} line three`];

const lesson = (yourMotion: LessonMotion | null): TrainingLesson => ({
  part,
  title: 'Closing: ask clearly',
  squareStep: 'E: Earn the commitment',
  methods: ['Trial close'],
  sections: [
    { heading: 'What to do', markdown: '1. **Listen for buying signals.** <img src=x onerror=alert(1)>' },
    { heading: 'Why it works', markdown: 'Many reps never ask.' },
  ],
  lines: { door: lines('door'), showroom: lines('showroom'), phone: lines('phone'), b2b: lines('b2b') },
  questions: [1, 2, 3].map((n) => ({ prompt: `Question ${n}?`, choices: (['A', 'B', 'C', 'D'] as const).map((key) => ({ key, text: `Choice ${key}${n}` })) })),
  drill: { intro: 'The coach opens a role-play at the soft stall.', scenes: { door: scene('door'), showroom: scene('showroom'), phone: scene('phone'), b2b: scene('b2b') } },
  yourMotion,
});

const checkResult = (correct: [boolean, boolean, boolean]): TrainingCheckResult => ({
  passed: correct.every(Boolean),
  results: correct.map((ok, i) => ({ answer: ok ? 'B' : 'A', correct: ok, correctChoice: 'B', explanation: `Why ${i + 1}: B is right.` })),
  part: correct.every(Boolean) ? { ...part, completedAt: '2026-01-15T12:00:00.000Z' } : part,
});

function renderLesson(data: TrainingLesson) {
  fetchMock.mockImplementation((url) => Promise.resolve(String(url) === '/api/training/closing' ? json(data) : json(checkResult([true, true, true]))));
  return renderWithApp(
    <Route path="/training/:partId">
      <LessonPage />
    </Route>,
    { path: '/training/closing', user: makeUser({ hasProAccess: true, hasBasicAccess: true }) },
  );
}

const answerAll = (key: 'A' | 'B') => {
  for (const n of [1, 2, 3]) fireEvent.click(screen.getByRole('radio', { name: `${key}. Choice ${key}${n}` }));
};

describe('LessonPage', () => {
  it('renders the sections as Markdown text, with no video placeholder and no HTML from the file', async () => {
    renderLesson(lesson(null));
    expect(await screen.findByRole('heading', { name: 'Closing: ask clearly', level: 2 })).toBeTruthy();
    expect(screen.getByText('Listen for buying signals.').tagName).toBe('STRONG');
    expect(document.querySelector('img')).toBeNull();
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });

  it("plays an admin's uploaded video from the app, before any YouTube id (issue #27)", async () => {
    const withVideo = lesson(null);
    renderLesson({ ...withVideo, part: { ...withVideo.part, videoId: 'dQw4w9WgXcQ', videoUrl: '/api/training/closing/video?v=abc' } });
    const video = (await screen.findByTestId('lesson-video')) as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video.getAttribute('src')).toBe('/api/training/closing/video?v=abc');
    expect(video.controls).toBe(true);
    expect(screen.queryByRole('button', { name: /^Play:/ })).toBeNull();
  });

  it("puts the rep's own motion first and selected; the switcher shows another motion's lines and drill", async () => {
    renderLesson(lesson('phone'));
    const group = within(await screen.findByRole('group', { name: 'How you sell' }));
    expect(group.getAllByRole('button').map((b) => b.textContent)).toEqual(['Phone (yours)', 'Door', 'Showroom', 'B2B']);
    expect(within(screen.getByTestId('lesson-lines')).getAllByRole('listitem')[0]?.textContent).toBe('“phone line one”');
    fireEvent.click(group.getByRole('button', { name: 'B2B' }));
    expect(within(screen.getByTestId('lesson-lines')).getAllByRole('listitem')[0]?.textContent).toBe('“b2b line one”');
    expect(screen.getByText('Buyer at the b2b.')).toBeTruthy();
  });

  it('starts the drill on the server for the motion shown and opens the chat on its conversation (issue #27)', async () => {
    const view = renderLesson(lesson('phone'));
    const group = within(await screen.findByRole('group', { name: 'How you sell' }));
    fireEvent.click(group.getByRole('button', { name: 'B2B' }));
    fetchMock.mockImplementation((url) => Promise.resolve(String(url) === '/api/training/closing/drill' ? json({ sessionId: 'drill-1' }) : json({})));
    fireEvent.click(screen.getByRole('button', { name: 'Practise this in a role-play' }));
    await waitFor(() => expect(view.memory.history?.at(-1)).toBe('/chat?session=drill-1'));
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/training/closing/drill') ?? [];
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ motion: 'b2b' });
  });

  it('says next to the drill button when the drill could not start', async () => {
    renderLesson(lesson(null));
    await screen.findByRole('heading', { name: 'Drill' });
    fetchMock.mockImplementation(() => Promise.resolve(json({ code: 'internal', message: 'The server had a problem.' }, 500)));
    fireEvent.click(screen.getByRole('button', { name: 'Practise this in a role-play' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/problem/i);
  });

  it('scores the check on the server: a failed try shows right and wrong with why and Try again; a pass shows completed', async () => {
    renderLesson(lesson(null));
    await screen.findByRole('heading', { name: 'Check' });
    const submit = screen.getByRole('button', { name: 'Check my answers' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);

    answerAll('A');
    fetchMock.mockResolvedValueOnce(json(checkResult([false, true, false])));
    fireEvent.click(submit);
    expect((await screen.findByTestId('check-result-1')).textContent).toContain('Not quite: the answer is B');
    expect(screen.getByTestId('check-result-1').textContent).toContain('Why 1: B is right.');
    expect(screen.getByTestId('check-result-2').textContent).toContain('Right');
    expect(screen.getByText('1 of 3 right. Read why, then try again.')).toBeTruthy();
    expect(fetchMock).toHaveBeenLastCalledWith('/api/training/closing/check', expect.objectContaining({ method: 'POST', body: JSON.stringify({ answers: ['A', 'A', 'A'] }) }));
    expect(screen.queryByTestId('lesson-completed')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    answerAll('B');
    fetchMock.mockResolvedValueOnce(json(checkResult([true, true, true])));
    fireEvent.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect(await screen.findByText('All three right: lesson completed.')).toBeTruthy();
    expect(screen.getByTestId('lesson-completed').textContent).toBe('Completed');
  });

  it('shows a refused check next to the check', async () => {
    renderLesson(lesson(null));
    await screen.findByRole('heading', { name: 'Check' });
    answerAll('B');
    fetchMock.mockResolvedValueOnce(json({ message: 'Something went wrong.' }, 500));
    fireEvent.click(screen.getByRole('button', { name: 'Check my answers' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong.');
  });
});
