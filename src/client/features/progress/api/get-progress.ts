import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Progress } from '#shared/schemas/progress';
import { ApiRequestError, apiGet } from '../../../lib/api-client';
import { progressKeyRoot } from '../../../lib/api/call-outcomes';

/** The browser's IANA time zone, so the weeks start on the rep's own Monday. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * GET /api/progress (Pro): the rep's figures, weeks counted in their time zone. A zone the
 * server's PostgreSQL does not know (400 naming `tz`) is asked again in UTC rather than failing the page.
 */
export async function fetchProgress(signal?: AbortSignal): Promise<Progress> {
  const tz = browserTimeZone();
  if (!tz) return apiGet<Progress>('/api/progress', signal);
  try {
    return await apiGet<Progress>(`/api/progress?tz=${encodeURIComponent(tz)}`, signal);
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 400 && err.body.errors?.tz) return apiGet<Progress>('/api/progress', signal);
    throw err;
  }
}

// Fresh on each visit: outcomes logged in the chat since, or on another device, show on return.
export const progressQuery = queryOptions({ queryKey: progressKeyRoot, queryFn: ({ signal }) => fetchProgress(signal), staleTime: 0 });

export function useProgress(enabled: boolean) {
  return useQuery({ ...progressQuery, enabled });
}
