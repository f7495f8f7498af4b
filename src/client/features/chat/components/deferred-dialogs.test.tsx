// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferredDialog } from './deferred-dialogs';

afterEach(cleanup);

const Shown = ({ open }: { open: boolean }) => (open ? <p>dialog shown</p> : <p>dialog closed</p>);

describe('deferredDialog', () => {
  it('loads nothing until first opened, then stays mounted', async () => {
    const load = vi.fn(async () => Shown);
    const Dialog = deferredDialog(load);
    const { rerender } = render(<Dialog open={false} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Dialog open />);
    expect(await screen.findByText('dialog shown')).toBeTruthy();
    rerender(<Dialog open={false} />);
    expect(screen.getByText('dialog closed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when its code cannot load (offline), and loads it once back online', async () => {
    const load = vi.fn<() => Promise<typeof Shown>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Shown);
    const Dialog = deferredDialog(load);
    render(<Dialog open />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // Let the failure settle (it rendered nothing, and threw to no boundary).
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText('dialog shown')).toBeNull();
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('dialog shown')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
