import type { ApiError } from '../../shared/schemas/errors';

/** A failed API call: the HTTP status and the server's `{ message, errors? }`. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly body: Partial<ApiError> = {},
  ) {
    super(message);
  }
}

/**
 * The one request helper (SPEC §7): credentials included, JSON body with a JSON content
 * type only when there is a body, any non-OK answer thrown as ApiRequestError.
 */
export async function apiRequest<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    method,
    signal,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Non-JSON answers (a proxy's error page) fall through to the status text.
  }
  if (!res.ok) {
    const parsed = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(res.status, parsed.message ?? (text || res.statusText), parsed);
  }
  return data as T;
}

export const apiGet = <T>(url: string, signal?: AbortSignal) => apiRequest<T>('GET', url, undefined, signal);
