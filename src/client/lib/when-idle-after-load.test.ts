// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdleAfterLoad } from './when-idle-after-load';

afterEach(() => vi.unstubAllGlobals());

describe('whenIdleAfterLoad', () => {
  it('asks for an idle moment but runs the task within 2 s on a page that is never idle', () => {
    const requestIdleCallback = vi.fn(() => 7);
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const task = vi.fn();
    whenIdleAfterLoad(task);
    expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 2000 });
  });
});
