import { describe, expect, it } from 'vitest';
import { apiGet, apiRequest, ApiRequestError } from './api-client';
import { forgetSignedOutReason, signedOutReason } from './session-ended';
import { stubFetch } from '../test/fetch-mock';

const fetchMock = stubFetch();

/** What apiRequest threw for an answer with this body and status. */
async function failureFor(body: string, init: ResponseInit): Promise<ApiRequestError> {
  fetchMock.mockResolvedValueOnce(new Response(body, init));
  const error = await apiGet('/api/anything').then(
    () => null,
    (err: unknown) => err,
  );
  if (!(error instanceof ApiRequestError)) throw new Error(`expected an ApiRequestError, got ${String(error)}`);
  return error;
}

describe('apiRequest', () => {
  it('records a sign-out caused by a password change elsewhere, and a session that ended for an ordinary 401', async () => {
    forgetSignedOutReason();
    await failureFor(JSON.stringify({ message: 'Please sign in to continue.' }), { status: 401 });
    expect(signedOutReason()).toBe('session_ended');
    forgetSignedOutReason();
    const message = 'You were signed out because your password was changed on another device.';
    const error = await failureFor(JSON.stringify({ message, code: 'password_changed' }), { status: 401 });
    expect(error.message).toBe(message);
    expect(signedOutReason()).toBe('password_changed');
    forgetSignedOutReason();
  });

  it('sends JSON with credentials and a content type only when there is a body', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    await expect(apiGet('/api/y')).resolves.toEqual({ ok: true });
    const [withBody, withoutBody] = fetchMock.mock.calls.map(([, init]) => init);
    expect(withBody).toMatchObject({ method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(withoutBody).toMatchObject({ method: 'GET', credentials: 'include', headers: undefined, body: undefined });
  });

  it("throws the server's message, status and field errors", async () => {
    const error = await failureFor(JSON.stringify({ message: 'That email is already in use.', errors: { email: ['That email is already in use.'] } }), { status: 409 });
    expect(error.status).toBe(409);
    expect(error.message).toBe('That email is already in use.');
    expect(error.body.errors).toEqual({ email: ['That email is already in use.'] });
  });

  it("uses the status text, not a proxy's HTML page, when the answer is not the server's JSON", async () => {
    expect((await failureFor('<html><body>Bad gateway</body></html>', { status: 502, statusText: 'Bad Gateway' })).message).toBe('Bad Gateway');
    expect((await failureFor('', { status: 503, statusText: 'Service Unavailable' })).message).toBe('Service Unavailable');
    expect((await failureFor('["a list"]', { status: 500, statusText: 'Internal Server Error' })).message).toBe('Internal Server Error');
    expect((await failureFor('{"message":""}', { status: 500 })).message).toBe('Request failed (500)');
  });
});
