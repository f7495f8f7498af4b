import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { APP_SHELL_LOADING_CLASS } from '#shared/app-shell';
import { plans } from '#shared/plans';
import { makeUser } from '../test/make-user';
import { json, stubFetch } from '../test/fetch-mock';
import { renderWithApp } from '../test/render';

/**
 * The loading line the server paints in the root of a signed-in page (src/shared/app-shell.ts)
 * stays, as the app's own, until the page shows (issue #25): React's first render replaces the
 * painted one, and the session's answer and the page's chunk come later.
 */
const fetchMock = stubFetch();
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
});

it('keeps the painted "Loading your coach…" line in its place until the page has shown', async () => {
  // The page as the server sent it, before the app's modules have run.
  document.body.innerHTML = `<div id="root"><main class="flex-1"><p role="status" class="${APP_SHELL_LOADING_CLASS}">Loading your coach…</p></main></div>`;
  vi.resetModules();
  const { AppRoutes } = await import('./router');
  const { APP_ROUTES } = await import('./routes');
  const account = APP_ROUTES.find((route) => route.path === '/account');
  let answer: (response: Response) => void = () => {};
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/session') return new Promise<Response>((resolve) => (answer = resolve));
    if (url === '/api/plans') return json(plans);
    return json({ productName: 'SalesCoach', companyName: 'SalesCoach', supportEmail: 'help@example.com', privacyEmail: 'privacy@example.com', tutorialVideoId: null, coachModel: null });
  });
  document.body.innerHTML = '';
  renderWithApp(<AppRoutes />, { path: '/account' });
  // Waiting for the session: the same line, with the same classes.
  const line = await screen.findByRole('status');
  expect(line.textContent).toBe('Loading your coach…');
  expect(line.className).toBe(APP_SHELL_LOADING_CLASS);
  await account?.page.preload?.();
  answer(json({ user: makeUser({ username: 'casey', onboardingCompleted: true }) }));
  expect((await screen.findByTestId('account-username')).textContent).toBe('casey');
  await waitFor(() => expect(screen.queryByText('Loading your coach…')).toBeNull());
});
