import type { ApiError } from '#shared/schemas/errors';
import { logOut, noteSignedOut, sessionLost, signedOutReason } from './session-ended';

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

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one reading of a non-OK answer, shared by every caller (plain requests and the chat
 * stream), so a refusal reads the same wherever it happens. The server answers `{ message,
 * errors? }`; anything else (a proxy's HTML page, an empty body) is not fit for a toast, so the
 * status text stands in for it.
 */
export async function toApiRequestError(res: Response): Promise<ApiRequestError> {
  let json: unknown;
  try {
    json = JSON.parse(await res.text());
  } catch {
    json = undefined;
  }
  // The server's schema is not re-checked here: `message` is the one field everything relies on, and it is checked below.
  const body = (isRecord(json) ? json : {}) as Partial<ApiError>;
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : res.statusText || `Request failed (${res.status})`;
  // Whichever request finds out first, the whole app learns it was signed out and why.
  // A 401 anywhere but the sign-in form (where it means a wrong password) means the session is gone.
  if (res.status === 401 && !res.url.endsWith('/api/auth/signin')) {
    // The server's own reason wins; after Log Out in this tab, a late 401 explains nothing.
    if (body.code === 'password_changed') noteSignedOut('password_changed');
    else if (!signedOutReason() && !logOut.onPurpose) noteSignedOut('session_ended');
    sessionLost.handle();
  }
  return new ApiRequestError(res.status, message, body);
}

/**
 * The one request helper (product §14.2): credentials included, JSON body with a JSON content
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
  if (!res.ok) throw await toApiRequestError(res);
  const text = await res.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    // A 2xx body that is not JSON carries nothing a caller could use.
    return undefined as T;
  }
}

export const apiGet = <T>(url: string, signal?: AbortSignal) => apiRequest<T>('GET', url, undefined, signal);
