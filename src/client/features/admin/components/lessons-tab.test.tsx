// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminLesson, AdminLessonList } from '#shared/schemas/lesson-admin';
import { TRAINING_PART_IDS } from '#shared/schemas/training';
import { json, stubFetch } from '../../../test/fetch-mock';
import { renderWithApp } from '../../../test/render';
import { LessonsTab } from './lessons-tab';

const fetchMock = stubFetch();
const SOURCE = '---\nid: closing\ntitle: Close with a dated step\n---\n## What to do\n\nAsk.\n';
const lesson = (id: AdminLesson['id'], over: Partial<AdminLesson> = {}): AdminLesson => ({
  id,
  title: `Lesson ${id}`,
  version: null,
  source: id === 'closing' ? SOURCE : `---\nid: ${id}\n---\n`,
  videoId: null,
  envVideoId: null,
  videoFile: null,
  videoSource: 'none',
  ...over,
});
const list: AdminLessonList = { lessons: TRAINING_PART_IDS.map((id) => lesson(id)), maxVideoBytes: 200 * 1024 * 1024 };

/** Answers the tab's reads; `onSave` answers the save. */
function serve(onSave: (init: RequestInit | undefined) => Response) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'PUT' && url === '/api/admin/lessons/closing') return onSave(init);
    if (url === '/api/admin/lessons') return json(list);
    if (url === '/api/admin/lessons/closing/versions') return json({ versions: [] });
    return json({ message: `unexpected ${url}` }, 500);
  });
}

async function openClosing() {
  renderWithApp(<LessonsTab />);
  const row = await screen.findByTestId('lesson-closing');
  expect(within(row).getByText('The shipped file (not edited)')).toBeTruthy();
  expect(within(row).getByText('No video: the lesson stands on its own')).toBeTruthy();
  fireEvent.click(within(row).getByRole('button', { name: /Edit/ }));
  return screen.findByLabelText('Lesson Markdown');
}

describe('the Lessons tab (issue #27)', () => {
  it("lists the four lessons and shows a refused save's parser message under the editor, keeping the text", async () => {
    serve(() => json({ message: 'This lesson cannot be saved: no "## Check" section', errors: { source: ['no "## Check" section'] } }, 400));
    const editor = (await openClosing()) as HTMLTextAreaElement;
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    fireEvent.change(editor, { target: { value: `${SOURCE}\nMore.` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    const error = await screen.findByText('no "## Check" section');
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(editor.getAttribute('aria-describedby')).toContain(error.id);
    expect(editor.value).toBe(`${SOURCE}\nMore.`);
  });

  it('sends the source and the video id (empty as none) and shows the new live version', async () => {
    let sent: unknown;
    serve((init) => {
      sent = JSON.parse(String(init?.body));
      return json(lesson('closing', { source: `${SOURCE}\nMore.`, version: { id: 7, createdAt: '2026-01-15T12:00:00.000Z', note: 'Edited', videoId: 'dQw4w9WgXcQ', createdBy: { id: 1, username: 'ops_anna' } }, videoId: 'dQw4w9WgXcQ', videoSource: 'version' }));
    });
    const editor = await openClosing();
    fireEvent.change(editor, { target: { value: `${SOURCE}\nMore.` } });
    fireEvent.change(screen.getByLabelText('YouTube video id (optional)'), { target: { value: ' dQw4w9WgXcQ ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    await waitFor(() => expect(within(screen.getByTestId('lesson-closing')).getByText(/Version #7/)).toBeTruthy());
    expect(sent).toEqual({ source: `${SOURCE}\nMore.`, videoId: 'dQw4w9WgXcQ' });
    expect(within(screen.getByTestId('lesson-closing')).getByText('YouTube video set here')).toBeTruthy();
  });

  it('refuses a file that is not a video, or too large, next to the upload, without sending it', async () => {
    serve(() => json({}, 500));
    await openClosing();
    const input = document.getElementById('lesson-video-file') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toContain('notes.txt is not an MP4 or WebM video.');
    const big = new File(['x'], 'talk.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 300 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect((await screen.findByRole('alert')).textContent).toContain("talk.mp4 is 300 MB; a lesson's video can be at most 200 MB.");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
