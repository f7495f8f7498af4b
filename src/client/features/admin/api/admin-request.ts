import { apiRequest, ApiRequestError } from '../../../lib/api-client';

/** What the panel does when the server says its unlock has ended (30 minutes, or Lock on another tab). */
let onLocked: (() => void) | null = null;

/** The panel registers how to return to its unlock form; null when it is not shown. */
export function setAdminLockedHandler(handler: (() => void) | null): void {
  onLocked = handler;
}

export const isAdminLocked = (err: unknown) => err instanceof ApiRequestError && err.status === 403 && err.body.code === 'admin_locked';

/**
 * Every admin call goes through here: a 403 `admin_locked` (the unlock ran out) sends the panel
 * back to its unlock form, whichever call found out first.
 */
export async function adminRequest<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  try {
    return await apiRequest<T>(method, url, body, signal);
  } catch (err) {
    if (isAdminLocked(err)) onLocked?.();
    throw err;
  }
}

export const adminGet = <T>(url: string, signal?: AbortSignal) => adminRequest<T>('GET', url, undefined, signal);
