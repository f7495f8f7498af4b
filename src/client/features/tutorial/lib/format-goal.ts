import { DEFAULT_MONTHLY_GOAL } from '#shared/schemas/tutorial';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** "$6,500" from the user's target income; the product §16 default when they gave none. */
export function formatMonthlyGoal(targetIncome: number | null | undefined): string {
  return dollars.format(targetIncome ?? DEFAULT_MONTHLY_GOAL);
}
