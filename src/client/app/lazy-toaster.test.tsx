import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { dismissToast, toast } from '../lib/toast-store';
import { LazyToaster } from './lazy-toaster';

let shown: number | undefined;
afterEach(() => {
  if (shown !== undefined) act(() => dismissToast(shown as number));
  cleanup();
});

// The first test also waits for the toaster's module to be transformed, which can take a second here.
describe('the lazily loaded toaster', () => {
  it('renders nothing until a toast is raised, then shows it once its chunk has loaded', async () => {
    const { container } = render(<LazyToaster />);
    expect(container.innerHTML).toBe('');
    act(() => {
      shown = toast({ title: 'Saved', description: 'Your profile is up to date.' });
    });
    expect((await screen.findByTestId('toast', {}, { timeout: 10_000 })).textContent).toContain('Your profile is up to date.');
  });

  it('shows a toast raised before it mounted', async () => {
    shown = toast({ title: 'Welcome back!' });
    render(<LazyToaster />);
    expect((await screen.findByTestId('toast', {}, { timeout: 10_000 })).textContent).toContain('Welcome back!');
  });
});
