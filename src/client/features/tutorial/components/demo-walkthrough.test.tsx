// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import walkthrough from '../demo/walkthrough.json';
import { DemoWalkthrough, STEP_MS } from './demo-walkthrough';

const steps = walkthrough.steps;

function setReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: reduce && query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** The one image on show, and the caption under it. */
function shown() {
  const visible = screen.getAllByTestId('demo-step-image').filter((img) => !img.hidden);
  expect(visible).toHaveLength(1);
  return { image: visible[0] as HTMLImageElement, caption: screen.getByTestId('demo-caption').textContent };
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('DemoWalkthrough', () => {
  it('shows the recorded screens one at a time, each captioned, with its caption as the alt text, and says it is ready', () => {
    setReducedMotion(true);
    const onReady = vi.fn();
    render(<DemoWalkthrough onReady={onReady} />);
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(steps.length).toBeGreaterThanOrEqual(3);
    const images = screen.getAllByTestId('demo-step-image');
    expect(images).toHaveLength(steps.length);
    for (const [i, img] of images.entries()) {
      expect(img.getAttribute('alt')).toBe(steps[i]?.caption);
      expect(img.getAttribute('src')).toMatch(/step-\d+\.webp/);
    }
    const first = shown();
    expect(first.caption).toBe(steps[0]?.caption);
    expect(first.caption).toMatch(/^You: .+\nCoach: .+/);
    expect(screen.getByText(`Recorded in the app · Step 1 of ${steps.length}`)).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/not available/i);
  });

  it('moves with Next and Previous, which stop at the ends', () => {
    setReducedMotion(true);
    render(<DemoWalkthrough onReady={() => undefined} />);
    const previous = screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement;
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);

    fireEvent.click(next);
    expect(shown().caption).toBe(steps[1]?.caption);
    expect(shown().image.getAttribute('alt')).toBe(steps[1]?.caption);
    expect(screen.getByText(`Recorded in the app · Step 2 of ${steps.length}`)).toBeTruthy();
    expect(previous.disabled).toBe(false);

    fireEvent.click(previous);
    expect(shown().caption).toBe(steps[0]?.caption);

    for (let i = 1; i < steps.length; i += 1) fireEvent.click(next);
    expect(shown().caption).toBe(steps.at(-1)?.caption);
    expect(next.disabled).toBe(true);
  });

  it('plays by itself, step by step, and stops on the last step', async () => {
    vi.useFakeTimers();
    setReducedMotion(false);
    render(<DemoWalkthrough onReady={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    // Not read out on every turn while it plays.
    expect(screen.getByTestId('demo-caption').getAttribute('aria-live')).toBe('off');
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS - 1));
    expect(shown().caption).toBe(steps[0]?.caption);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(shown().caption).toBe(steps[1]?.caption);
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS * steps.length * 2));
    expect(shown().caption).toBe(steps.at(-1)?.caption);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(screen.getByTestId('demo-caption').getAttribute('aria-live')).toBe('polite');
  });

  it('does not move by itself when the user asked for reduced motion, and Pause stops it', async () => {
    vi.useFakeTimers();
    setReducedMotion(true);
    render(<DemoWalkthrough onReady={() => undefined} />);
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS * 3));
    expect(shown().caption).toBe(steps[0]?.caption);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS));
    expect(shown().caption).toBe(steps[1]?.caption);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    await act(() => vi.advanceTimersByTimeAsync(STEP_MS * 3));
    expect(shown().caption).toBe(steps[1]?.caption);
  });
});
