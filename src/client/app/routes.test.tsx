import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_SHELL_PAGES } from '#shared/app-shell';
import { ONBOARDING_STEPS, previousPath } from '../features/onboarding/lib/onboarding-steps';
import { lazyPage, PAGE_LOADING_DELAY_MS, PageErrorBoundary, PageLoading } from './lazy-page';
import { ONBOARDING_STEP_NAMES, ONBOARDING_STEP_PATHS } from '../features/onboarding/lib/step-order';
import { clientSourcesWhere } from '../test/client-sources';
import { APP_ROUTES, backTarget } from './routes';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the route table', () => {
  it('lists the onboarding steps the onboarding feature defines, in its order, with its Back targets', () => {
    expect(ONBOARDING_STEP_PATHS).toEqual(ONBOARDING_STEPS.map((step) => step.path));
    expect(ONBOARDING_STEP_NAMES).toEqual(ONBOARDING_STEPS.map((step) => step.name));
    for (const step of ONBOARDING_STEPS) {
      expect(APP_ROUTES.find((route) => route.path === step.path)?.back, step.path).toBe(previousPath(step));
    }
  });

  it('takes the onboarding step paths from one list, features/onboarding/lib/step-order.ts (issue #26)', () => {
    const written = clientSourcesWhere((text) => ONBOARDING_STEP_PATHS.some((path) => text.includes(`'${path}'`)));
    expect(written).toEqual([]);
  });

  it('gives the server the title and Back of every signed-in page with a fixed address, for the shell it paints (src/shared/app-shell.ts)', () => {
    const signedIn = APP_ROUTES.filter((route) => route.auth === 'signed-in' && !route.path.includes(':') && !(ONBOARDING_STEP_PATHS as readonly string[]).includes(route.path));
    // Back where the app's header shows one to a signed-in rep, so the title does not move when the app takes over.
    const rep = { onboardingCompleted: true };
    expect(APP_SHELL_PAGES).toEqual(
      Object.fromEntries(signedIn.map((route) => [route.path, { title: route.title, back: backTarget(route.back, route.path, rep) === null ? null : route.back }])),
    );
  });

  it('loads every feature page as a chunk of its own; only the welcome page, the auth card and the placeholders come with the shell', async () => {
    const eager = APP_ROUTES.filter((route) => !route.page.preload).map((route) => route.path);
    expect(eager).toEqual(['/', '/auth', '/signup']);
    // Each preload resolves to a renderable page (a wrong export name would only show in the browser).
    const lazy = APP_ROUTES.filter((route) => route.page.preload);
    const loaded = await Promise.all(lazy.map((route) => route.page.preload?.()));
    for (const [i, module] of loaded.entries()) expect(typeof (module as { default: unknown }).default, lazy[i]?.path).toBe('function');
  });
});

describe('the page-loading fallback', () => {
  it('shows nothing at first, so a fast load does not flicker, then says it is loading', () => {
    vi.useFakeTimers();
    render(<PageLoading />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(PAGE_LOADING_DELAY_MS));
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});

describe('a page whose chunk does not load', () => {
  it('says so with a way to reload, instead of taking the whole app down', async () => {
    // React reports the caught error on the console; expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Missing = lazyPage<object>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <PageErrorBoundary>
        <Suspense fallback={null}>
          <Missing />
        </Suspense>
      </PageErrorBoundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain('This page could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    quiet.mockRestore();
  });
});
