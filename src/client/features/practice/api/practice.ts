import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PracticeCheckInInput, PracticePlan } from '#shared/schemas/practice';
import { apiGet, apiRequest } from '../../../lib/api-client';

/**
 * The browser's own time zone (IANA, from Intl): the server has none for a user, and the rep's
 * days (the streak, "done today", the week's end) turn at their midnight.
 */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const practiceKey = ['/api/practice'] as const;

const withTz = (path: string) => `${path}?tz=${encodeURIComponent(browserTimeZone())}`;

// Fresh on each visit: the day may have turned since, and a lapsed plan is refused (403).
export const practiceQuery = queryOptions({ queryKey: practiceKey, queryFn: ({ signal }) => apiGet<PracticePlan>(withTz('/api/practice'), signal), staleTime: 0 });

export function usePractice(enabled: boolean) {
  return useQuery({ ...practiceQuery, enabled });
}

/** Every write answers with the whole plan, so the page shows what was stored without asking again. */
function usePlanMutation<V>(send: (vars: V) => Promise<PracticePlan>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (plan) => qc.setQueryData(practiceKey, plan) });
}

export const useAcceptPractice = () => usePlanMutation(() => apiRequest<PracticePlan>('POST', '/api/practice/accept', { timeZone: browserTimeZone() }));
export const useSwapPractice = () => usePlanMutation(() => apiRequest<PracticePlan>('POST', withTz('/api/practice/swap'), {}));
export const useDoneToday = () => usePlanMutation(() => apiRequest<PracticePlan>('POST', '/api/practice/done-today', {}));
export const useSetReminder = () => usePlanMutation((reminderTime: string) => apiRequest<PracticePlan>('PUT', '/api/practice/reminder', { reminderTime }));
export const useCheckIn = () => usePlanMutation((input: PracticeCheckInInput) => apiRequest<PracticePlan>('POST', '/api/practice/check-in', input));

/** The calendar file: a plain link, so the browser downloads it with the session cookie and no token in the URL. */
export const PLAN_ICS_URL = '/api/practice/plan.ics';
