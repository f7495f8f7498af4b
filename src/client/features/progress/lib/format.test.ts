import { describe, expect, it } from 'vitest';
import { formatDuration, formatWeek } from './format';

describe('progress formats', () => {
  it('formats durations from seconds', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(59)).toBe('59 s');
    expect(formatDuration(77)).toBe('1 min');
    expect(formatDuration(3569)).toBe('59 min');
    expect(formatDuration(3599)).toBe('1 h 00 min');
    expect(formatDuration(3600)).toBe('1 h 00 min');
    expect(formatDuration(7500)).toBe('2 h 05 min');
  });

  it("names a week by its Monday, whatever the browser's zone", () => {
    expect(formatWeek('2026-01-12')).toBe('Jan 12');
    expect(formatWeek('2025-12-29')).toBe('Dec 29');
  });
});
