// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/api/current-user';
import { writeStoredUser } from '../../../lib/stored-user';
import { createQueryClient } from '../../../lib/query-client';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { prefetchChat } from './prefetch-chat';

const welcomeLoaded = vi.hoisted(() => vi.fn());
vi.mock('../components/welcome-dialog', () => {
  welcomeLoaded();
  return { WelcomeDialog: () => null };
});

const SESSION = '11111111-1111-4111-8111-111111111111';
const status = { access: 'trial', plan: 'trial', canStartConversation: true, unlimited: true, freeChatsRemaining: 1, nextResetAt: null, daysUntilReset: null, trialEndsAt: null, trialDaysLeft: 9, openFreeSessionId: null, openFreeUntil: null, openFreeMessagesLeft: null };

const fetchMock = stubFetch();
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));
let sessionUser: ReturnType<typeof makeUser> | null = null;

beforeEach(() => {
  sessionUser = null;
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/auth/session') return json({ user: sessionUser });
    if (url === '/api/chat/status') return json(status);
    if (url === '/api/chat/sessions') return json({ sessions: [{ sessionId: SESSION, title: null, createdAt: '', updatedAt: '', messageCount: 1 }] });
    if (url === `/api/chat/sessions/${SESSION}`) return json({ sessionId: SESSION, messages: [] });
    return json({ message: 'unexpected' }, 500);
  });
});

afterEach(() => {
  localStorage.clear();
});

/** The app's own client, fresh for each test. */
const client = createQueryClient;

describe('prefetchChat', () => {
  it('for a signed-in user: the status and the list at once, then the conversation the page will open', async () => {
    const qc = client();
    qc.setQueryData(currentUserKey, makeUser());
    prefetchChat(qc);
    expect(urls()).toEqual(['/api/chat/status', '/api/chat/sessions']);
    await vi.waitFor(() => expect(urls()).toContain(`/api/chat/sessions/${SESSION}`));
    expect(qc.getQueryData(['/api/chat/sessions', SESSION])).toEqual({ sessionId: SESSION, messages: [] });
  });

  it('for a browser that remembers a user: at once, alongside the session read', () => {
    writeStoredUser(makeUser());
    prefetchChat(client());
    expect(urls()).toEqual(['/api/chat/status', '/api/chat/sessions']);
  });

  it('on a first visit, fetches the welcome dialog with the data (it is the largest thing on the screen)', async () => {
    prefetchChat(client());
    await vi.waitFor(() => expect(welcomeLoaded).toHaveBeenCalled());
  });

  it('for a browser that remembers no one: after the session read says who is signed in', async () => {
    sessionUser = makeUser();
    prefetchChat(client());
    expect(urls()).toEqual(['/api/auth/session']);
    await vi.waitFor(() => expect(urls()).toContain('/api/chat/status'));
  });

  it('asks nothing of the chat for a signed-out visitor (no refused requests in the console)', async () => {
    const qc = client();
    prefetchChat(qc);
    await vi.waitFor(() => expect(qc.getQueryData(currentUserKey)).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(urls()).toEqual(['/api/auth/session']);
    fetchMock.mockClear();
    prefetchChat(qc);
    expect(urls()).toEqual([]);
  });
});
