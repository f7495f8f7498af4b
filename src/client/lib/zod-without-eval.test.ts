import { describe, expect, it } from 'vitest';
import './zod-without-eval';
import { config } from 'zod/v4/core';

describe('zod without eval', () => {
  it('is the setting zod itself reads, so no schema probes `new Function` under the CSP', () => {
    expect(config().jitless).toBe(true);
  });
});
