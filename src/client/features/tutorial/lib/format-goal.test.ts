import { describe, expect, it } from 'vitest';
import { formatMonthlyGoal } from './format-goal';

describe('formatMonthlyGoal', () => {
  it('formats whole dollars with a thousands separator', () => {
    expect(formatMonthlyGoal(6500)).toBe('$6,500');
    expect(formatMonthlyGoal(0)).toBe('$0');
  });

  it('falls back to the default goal of $5,000', () => {
    expect(formatMonthlyGoal(null)).toBe('$5,000');
    expect(formatMonthlyGoal(undefined)).toBe('$5,000');
  });
});
