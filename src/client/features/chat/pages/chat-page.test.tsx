// @vitest-environment happy-dom
import type { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ChatSession, ChatStatus, ConversationSummary } from '#shared/schemas/chat';
import type { User } from '#shared/schemas/user';
import { toast } from '../../../lib/toast-store';
import { json, stubFetch } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/make-user';
import { renderWithApp } from '../../../test/render';
import { createQueryClient } from '../../../lib/query-client';
import { currentUserKey } from '../../../lib/api/current-user';
import { CHAT_WELCOME_SEEN_COOKIE, PRODUCT_NAME_SLOT, STATIC_WELCOME_ID } from '#shared/chat-welcome';
import { hasSeenChatWelcome, markChatWelcomeSeen } from '../lib/welcome-flag';
import { renderStaticWelcome } from '../prerender/static-welcome';
import { prefetchChat } from '../api/prefetch-chat';
import { ChatPage } from './chat-page';

vi.mock('../../../lib/toast-store', () => ({ toast: vi.fn(() => 1), dismissToast: vi.fn() }));

const SESSION = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const trialStatus: ChatStatus = {
  access: 'trial',
  plan: 'trial',
  canStartConversation: true,
  unlimited: true,
  freeChatsRemaining: 1,
  nextResetAt: null,
  daysUntilReset: null,
  trialEndsAt: '2026-03-01T00:00:00.000Z',
  trialDaysLeft: 45,
  openFreeSessionId: null,
  openFreeUntil: null,
  openFreeMessagesLeft: null,
};

const msg = (id: number, role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role,
  content,
  timestamp: '2026-01-05T10:00:00.000Z',
  ...extra,
});

const summary = (sessionId: string, title: string | null, messageCount: number): ConversationSummary => ({
  sessionId,
  title,
  createdAt: '2026-01-04T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
  messageCount,
});

/** An SSE answer whose chunks are handed out one by one as the test releases them. */
function sseResponse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (event: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller.close(),
    /** The connection breaks, as an aborted fetch's body does. */
    fail: (error: unknown) => controller.error(error),
  };
}

interface Server {
  status: ChatStatus;
  sessions: ConversationSummary[];
  conversations: Record<string, ChatSession>;
  created: string[];
  /** The answer to the next POST /api/chat/message/stream. */
  stream: () => Response;
  streamBodies: unknown[];
}

let server: Server;
const fetchMock = stubFetch();
const calls = (method: string, url: string) => fetchMock.mock.calls.filter(([u, init]) => u === url && (init?.method ?? 'GET') === method);

function route(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  if (method === 'GET' && url === '/api/chat/status') return json(server.status);
  if (method === 'GET' && url === '/api/chat/sessions') return json({ sessions: server.sessions });
  // The upgrade screen names the offers this account may buy: a free user who has not used the launch special.
  if (method === 'GET' && url === '/api/billing') {
    return json({ plan: 'free', provider: 'sandbox', subscription: null, proUntil: null, basicUntil: null, promoAvailable: true, ended: null, trialEndsAt: null, notice: null });
  }
  if (method === 'GET' && url.startsWith('/api/chat/sessions/')) {
    const found = server.conversations[url.slice('/api/chat/sessions/'.length)];
    return found ? json(found) : json({ message: 'Conversation not found' }, 404);
  }
  if (method === 'POST' && url === '/api/chat/session') {
    const sessionId = server.created.shift();
    if (!sessionId) return json({ message: 'Could not start a conversation' }, 500);
    server.conversations[sessionId] = { sessionId, messages: [] };
    return json({ sessionId, messages: [] }, 201);
  }
  if (method === 'POST' && url === '/api/chat/message/stream') {
    server.streamBodies.push(JSON.parse(String(init?.body)));
    return server.stream();
  }
  return json({ message: `unexpected ${method} ${url}` }, 500);
}

function renderChat(user: User = makeUser({ onboardingCompleted: true }), client: QueryClient = newClient(user)) {
  const { memory } = renderWithApp(<ChatPage />, { path: '/chat', client });
  return { memory, client };
}

function newClient(user: User = makeUser({ onboardingCompleted: true })) {
  const client = createQueryClient();
  client.setQueryData(currentUserKey, user);
  return client;
}

const messageBox = () => screen.getByLabelText<HTMLTextAreaElement>('Message');
function typeAndEnter(text: string) {
  fireEvent.change(messageBox(), { target: { value: text } });
  fireEvent.keyDown(messageBox(), { key: 'Enter' });
}

const forgetWelcome = () => (document.cookie = `${CHAT_WELCOME_SEEN_COOKIE}=; Max-Age=0; Path=/`);

beforeEach(() => {
  markChatWelcomeSeen();
  server = { status: trialStatus, sessions: [], conversations: {}, created: [SESSION, OTHER], stream: () => json({ message: 'no stream set' }, 500), streamBodies: [] };
  fetchMock.mockImplementation(async (input, init) => route(String(input), init));
});

afterEach(() => {
  vi.mocked(toast).mockClear();
  localStorage.clear();
  forgetWelcome();
  document.getElementById(STATIC_WELCOME_ID)?.remove();
});

describe('ChatPage: opening', () => {
  it('starts a conversation when there is none, and shows the empty state, subtitle and trial banner', async () => {
    renderChat();
    expect(await screen.findByText('Start a conversation with your AI sales coach!')).toBeTruthy();
    expect(calls('POST', '/api/chat/session')).toHaveLength(1);
    expect(screen.getByTestId('chat-subtitle').textContent).toBe('Unlimited coaching sessions');
    const banner = screen.getByTestId('trial-banner');
    expect(banner.textContent).toContain('45 days left in your free trial');
    expect(within(banner).getByRole('link', { name: 'Upgrade for $0.99' }).getAttribute('href')).toBe('/upgrade');
  });

  it('reopens the most recent conversation, labels the coaching team, and offers only the latest options', async () => {
    server.sessions = [summary(SESSION, 'Price objections', 4), summary(OTHER, null, 2)];
    server.conversations[SESSION] = {
      sessionId: SESSION,
      messages: [
        msg(1, 'user', 'Prospects say we cost too much.'),
        msg(2, 'assistant', 'Where does it **stall**?', { options: ['Intro', 'Middle'] }),
        msg(3, 'team', 'Hi, this is Dana from the coaching team.\nLet us dig in.'),
        msg(4, 'assistant', 'When do they raise price?', { options: ['At the close', 'In discovery'], coaching: { stage: 'close', topics: ['objection_handling'], method: 'SPIN Selling' } }),
      ],
    };
    renderChat();
    expect(await screen.findByText('Prospects say we cost too much.')).toBeTruthy();
    expect(calls('POST', '/api/chat/session')).toHaveLength(0);
    expect(screen.getByText('stall').tagName).toBe('STRONG');
    expect(within(screen.getByTestId('team-message')).getByText('Coaching team')).toBeTruthy();
    expect(screen.getByText('Method: SPIN Selling')).toBeTruthy();
    const chips = within(screen.getByRole('group', { name: 'Suggested replies' })).getAllByRole('button');
    expect(chips.map((c) => c.textContent)).toEqual(['At the close', 'In discovery']);
    expect(screen.queryByRole('button', { name: 'Intro' })).toBeNull();
  });

  it('shows a free user the chats left, without the trial banner', async () => {
    server.status = { ...trialStatus, access: 'free', unlimited: false, freeChatsRemaining: 1, trialDaysLeft: null, trialEndsAt: null };
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    expect(screen.getByTestId('chat-subtitle').textContent).toBe('1 free chat remaining this week');
    expect(screen.queryByTestId('trial-banner')).toBeNull();
  });

  it('calls the last trial day by name', async () => {
    server.status = { ...trialStatus, trialDaysLeft: 1 };
    renderChat();
    expect((await screen.findByTestId('trial-banner')).textContent).toContain('Last day of your free trial');
  });

  it('shows the upgrade screen to a free user whose weekly chat is spent', async () => {
    server.status = { ...trialStatus, access: 'free', plan: 'free', canStartConversation: false, unlimited: false, freeChatsRemaining: 0, daysUntilReset: 3, trialDaysLeft: null, trialEndsAt: null };
    renderChat();
    expect(await screen.findByRole('heading', { name: 'Upgrade to Continue' })).toBeTruthy();
    expect(screen.getByText('Your free weekly chat has been used')).toBeTruthy();
    expect(await screen.findByText('$2.99 first month, then $4.99/month')).toBeTruthy();
    expect(screen.getByText('$0.99/month')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose your plan' }).getAttribute('href')).toBe('/upgrade');
    expect(screen.getByText('Free users get 1 coaching session per week')).toBeTruthy();
    expect(screen.getByText('Your next free chat resets in 3 days')).toBeTruthy();
    expect(screen.getByTestId('chat-subtitle').textContent).toBe('Next free chat in 3 days');
    expect(screen.queryByLabelText('Message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New Chat' })).toBeNull();
    expect(calls('POST', '/api/chat/session')).toHaveLength(0);
  });

  it("opens a free user's conversation from this week while it stays open", async () => {
    server.status = { ...trialStatus, access: 'free', unlimited: false, freeChatsRemaining: 0, trialDaysLeft: null, openFreeSessionId: OTHER };
    server.sessions = [summary(SESSION, 'Newer, empty', 0), summary(OTHER, 'This week', 2)];
    server.conversations[OTHER] = { sessionId: OTHER, messages: [msg(1, 'user', 'This week’s question'), msg(2, 'assistant', 'This week’s answer')] };
    renderChat();
    expect(await screen.findByText('This week’s answer')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Upgrade to Continue' })).toBeNull();
  });

  it('welcomes a first visit once, and remembers it in a cookie the server reads', async () => {
    forgetWelcome();
    renderChat();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to SalesCoach' });
    for (const feature of ['Interactive Coaching', 'Personalized Solutions', 'Proven Methods']) expect(within(dialog).getByText(feature)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Free Coaching' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.cookie).toContain(`${CHAT_WELCOME_SEEN_COOKIE}=1`);
    cleanup();
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens a lesson's drill on its conversation, the buyer's line waiting, with no welcome over it and the welcome kept for later (issue #27)", async () => {
    forgetWelcome();
    server.sessions = [summary(SESSION, 'Newer', 2), summary(OTHER, 'Drill: Closing', 1)];
    server.conversations[OTHER] = {
      sessionId: OTHER,
      messages: [msg(1, 'assistant', 'Let\'s drill it.\n\n**Paul:** "Sounds good. Send it over and I\'ll have a look."', { coaching: { stage: 'close', topics: ['closing'], rolePlay: true } })],
    };
    window.history.replaceState(null, '', `/chat?session=${OTHER}`);
    try {
      renderChat();
      expect(await screen.findByText(/Send it over and I.ll have a look/)).toBeTruthy();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(messageBox()).toBeTruthy();
      expect(calls('POST', '/api/chat/session')).toHaveLength(0);
      expect(hasSeenChatWelcome()).toBe(false);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('does not welcome again a browser that remembered it the old way (storage), and moves that to the cookie', async () => {
    forgetWelcome();
    localStorage.setItem('salesCoachChatWelcomeSeen', '1');
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.cookie).toContain(`${CHAT_WELCOME_SEEN_COOKIE}=1`);
  });
});

describe('ChatPage: the welcome the server sent in the page (ADR 0009)', () => {
  /** What the server puts in /chat's HTML on a first visit, before the app has loaded. */
  function serverWelcome(): HTMLDialogElement {
    forgetWelcome();
    document.body.insertAdjacentHTML('beforeend', renderStaticWelcome().replaceAll(PRODUCT_NAME_SLOT, 'SalesCoach'));
    return document.getElementById(STATIC_WELCOME_ID) as HTMLDialogElement;
  }

  it('is replaced by the app\'s dialog: one welcome on the screen, which then closes for good', async () => {
    const sent = serverWelcome();
    expect(sent.open).toBe(true);
    renderChat();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to SalesCoach' });
    expect(document.getElementById(STATIC_WELCOME_ID)).toBeNull();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Free Coaching' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(hasSeenChatWelcome()).toBe(true);
  });

  it('closed with its own button before the app loaded: stays closed, and is remembered', async () => {
    const sent = serverWelcome();
    sent.close();
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.getElementById(STATIC_WELCOME_ID)).toBeNull();
    expect(hasSeenChatWelcome()).toBe(true);
  });

  it('sent to a browser that had seen the welcome after all: removed, not shown again', async () => {
    serverWelcome();
    markChatWelcomeSeen();
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.getElementById(STATIC_WELCOME_ID)).toBeNull();
  });
});

describe('ChatPage: loading (issue #13)', () => {
  it('uses what the route prefetched: each answer is requested once, the conversation before the page shows', async () => {
    server.sessions = [summary(SESSION, 'Price objections', 2)];
    server.conversations[SESSION] = { sessionId: SESSION, messages: [msg(1, 'user', 'Prospects go quiet.'), msg(2, 'assistant', 'When?')] };
    const client = newClient();
    prefetchChat(client);
    // Status and list go out together, without waiting for one another or for the page.
    expect(calls('GET', '/api/chat/status')).toHaveLength(1);
    expect(calls('GET', '/api/chat/sessions')).toHaveLength(1);
    await waitFor(() => expect(calls('GET', `/api/chat/sessions/${SESSION}`)).toHaveLength(1));
    renderChat(undefined, client);
    expect(await screen.findByText('Prospects go quiet.')).toBeTruthy();
    expect(calls('GET', '/api/chat/status')).toHaveLength(1);
    expect(calls('GET', '/api/chat/sessions')).toHaveLength(1);
    expect(calls('GET', `/api/chat/sessions/${SESSION}`)).toHaveLength(1);
  });

  it('fetches again what was cached before this visit, and reloads that conversation', async () => {
    server.sessions = [summary(SESSION, 'Price objections', 2)];
    server.conversations[SESSION] = { sessionId: SESSION, messages: [msg(1, 'user', 'Prospects go quiet.'), msg(3, 'team', 'Added since')] };
    const client = newClient();
    // An earlier visit's answers: a status that said upgrade, and an older copy of the conversation.
    client.setQueryData(['/api/chat/status'], { ...trialStatus, access: 'free', freeChatsRemaining: 0 });
    client.setQueryData(['/api/chat/sessions', SESSION], { sessionId: SESSION, messages: [msg(1, 'user', 'Prospects go quiet.')] });
    await new Promise((resolve) => setTimeout(resolve, 2));
    renderChat(undefined, client);
    expect(await screen.findByText('Added since')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Upgrade to Continue' })).toBeNull();
    expect(calls('GET', '/api/chat/status')).toHaveLength(1);
  });

  it('shows nothing in place of the conversation until the status (and its banner) is known, so nothing moves', async () => {
    let answerStatus!: () => void;
    const statusAnswered = new Promise<void>((resolve) => (answerStatus = resolve));
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/chat/status') await statusAnswered;
      return route(String(input), init);
    });
    renderChat();
    await waitFor(() => expect(calls('GET', '/api/chat/sessions')).toHaveLength(1));
    expect(screen.queryByText('Loading your conversation...')).toBeNull();
    expect(screen.queryByText('Start a conversation with your AI sales coach!')).toBeNull();
    answerStatus();
    expect(await screen.findByText('Start a conversation with your AI sales coach!')).toBeTruthy();
    expect(screen.getByTestId('trial-banner')).toBeTruthy();
  });

  it('says the conversation is loading when it takes a noticeable time', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/chat/status') await new Promise(() => undefined);
      return route(String(input), init);
    });
    renderChat();
    expect(await screen.findByText('Loading your conversation...', undefined, { timeout: 2000 })).toBeTruthy();
  });

  it('loads the past-chats dialog only when it is opened', async () => {
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Past chats' }));
    expect(await screen.findByRole('dialog', { name: 'Past chats' })).toBeTruthy();
  });
});

describe('ChatPage: sending', () => {
  it('streams the reply: typing indicator, growing text, then the stored message with options; refreshes the status', async () => {
    const sse = sseResponse();
    server.stream = () => sse.response;
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    const statusCalls = calls('GET', '/api/chat/status').length;

    typeAndEnter('  They say the price is too high.  ');
    await waitFor(() => expect(server.streamBodies).toEqual([{ sessionId: SESSION, message: 'They say the price is too high.', clientId: expect.stringMatching(/^[0-9a-f-]{36}$/) }]));
    expect(screen.getByText('They say the price is too high.')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Coach is typing' })).toBeTruthy();
    expect(messageBox().value).toBe('');

    await act(async () => sse.send('user', msg(10, 'user', 'They say the price is too high.')));
    await act(async () => sse.send('delta', { text: 'Let us find ' }));
    expect(await screen.findByText('Let us find')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Coach is typing' })).toBeNull();
    await act(async () => sse.send('delta', { text: 'where it stalls.' }));
    expect(await screen.findByText('Let us find where it stalls.')).toBeTruthy();

    await act(async () => {
      sse.send('done', msg(11, 'assistant', 'Let us find where it stalls.', { options: ['At the close'], coaching: { stage: 'close', topics: ['closing'], method: 'Closing strategies' } }));
      sse.close();
    });
    expect(await screen.findByRole('button', { name: 'At the close' })).toBeTruthy();
    expect(screen.getAllByText('They say the price is too high.')).toHaveLength(1);
    expect(screen.getAllByText('Let us find where it stalls.')).toHaveLength(1);
    expect(screen.getByText('Method: Closing strategies')).toBeTruthy();
    await waitFor(() => expect(calls('GET', '/api/chat/status').length).toBeGreaterThan(statusCalls));
  });

  it('never sends twice while a reply is pending', async () => {
    const sse = sseResponse();
    server.stream = () => sse.response;
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    typeAndEnter('first');
    typeAndEnter('second');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(server.streamBodies).toHaveLength(1));
    expect(messageBox().value).toBe('second');
    await act(async () => {
      sse.send('user', msg(1, 'user', 'first'));
      sse.send('done', msg(2, 'assistant', 'ok'));
      sse.close();
    });
    await screen.findByText('ok');
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send message' }).disabled).toBe(false));
    typeAndEnter('second');
    await waitFor(() => expect(server.streamBodies).toHaveLength(2));
  });

  it('sends a chosen option as the next message after 100 ms', async () => {
    server.sessions = [summary(SESSION, 'Openers', 2)];
    server.conversations[SESSION] = { sessionId: SESSION, messages: [msg(1, 'user', 'Cold calls'), msg(2, 'assistant', 'Where?', { options: ['The opener', 'The ask'] })] };
    const sse = sseResponse();
    server.stream = () => sse.response;
    renderChat();
    const chip = await screen.findByRole<HTMLButtonElement>('button', { name: 'The opener' });
    vi.useFakeTimers();
    try {
      fireEvent.click(chip);
      fireEvent.click(chip);
      expect(chip.disabled).toBe(true);
      await act(() => vi.advanceTimersByTimeAsync(99));
      expect(server.streamBodies).toHaveLength(0);
      await act(() => vi.advanceTimersByTimeAsync(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(server.streamBodies).toEqual([{ sessionId: SESSION, message: 'The opener', clientId: expect.any(String) }]));
  });

  it('opens the payment dialog when a running conversation needs payment', async () => {
    server.sessions = [summary(SESSION, 'Old', 2)];
    server.conversations[SESSION] = { sessionId: SESSION, messages: [msg(1, 'user', 'Hi'), msg(2, 'assistant', 'Hello')] };
    server.stream = () => json({ message: 'Your free chat for this week is used.', requiresPayment: true }, 402);
    const { memory } = renderChat();
    await screen.findByText('Hello');
    typeAndEnter('One more');
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Full Access' });
    expect(dialog.textContent).toContain('$4.99/month');
    for (const f of ['Everything in Basic', 'A weekly practice plan chosen from your results']) expect(within(dialog).getByText(f)).toBeTruthy();
    expect(within(dialog).getByText("Just the coaching? Basic Access is $0.99/month, among the plans.")).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Maybe later' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The refused message stays, marked; its retry asks again.
    expect(screen.getByTestId('unsent-message').textContent).toBe('One more');
    fireEvent.click(screen.getByRole('button', { name: 'Not sent — tap to retry' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Unlock Full Access' })).getByRole('button', { name: 'Purchase Now' }));
    expect(memory.history.at(-1)).toBe('/upgrade');
  });

  it('shows the upgrade screen when a new conversation needs payment', async () => {
    server.stream = () => json({ message: 'Your free chat for this week is used.', requiresPayment: true }, 402);
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    typeAndEnter('Hello coach');
    expect(await screen.findByRole('heading', { name: 'Upgrade to Continue' })).toBeTruthy();
  });

  it('keeps a refused message on screen, marked, and retries it once with the same id', async () => {
    server.stream = () => json({ message: 'The server is restarting. Please send your message again in a moment.' }, 503);
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    typeAndEnter('Hello coach');
    expect(await screen.findByTestId('unsent-message')).toBeTruthy();
    expect(screen.getByTestId('unsent-mark').textContent).toContain('The server is restarting.');
    expect(screen.queryByTestId('user-message')).toBeNull();
    expect(toast).not.toHaveBeenCalled();

    // Another message waits until this one is sent or discarded, so the order stays true.
    typeAndEnter('Something else');
    expect(messageBox().value).toBe('Something else');
    expect(server.streamBodies).toHaveLength(1);

    const sse = sseResponse();
    server.stream = () => sse.response;
    fireEvent.click(screen.getByRole('button', { name: 'Not sent — tap to retry' }));
    await waitFor(() => expect(server.streamBodies).toHaveLength(2));
    const [first, second] = server.streamBodies as { clientId: string; message: string }[];
    expect(second).toEqual(first);
    await act(async () => {
      sse.send('user', msg(5, 'user', 'Hello coach', { clientId: first?.clientId }));
      sse.send('done', msg(6, 'assistant', 'Hello! Where do your calls stall?'));
      sse.close();
    });
    expect(await screen.findByText('Hello! Where do your calls stall?')).toBeTruthy();
    expect(screen.getAllByTestId('user-message').map((m) => m.textContent)).toEqual(['Hello coach']);
    expect(screen.queryByTestId('unsent-mark')).toBeNull();
  });

  it('says a message was not sent while offline, and lets it be discarded', async () => {
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/chat/message/stream') throw new TypeError('Failed to fetch');
      return route(String(input), init);
    });
    typeAndEnter('Are you there?');
    // Online, a request that got no answer at all is a failed connection.
    expect((await screen.findByTestId('unsent-mark')).textContent).toContain('The connection failed before the coach answered.');
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Not sent — tap to retry' }));
      await waitFor(() => expect(screen.getByTestId('unsent-mark').textContent).toContain('You are offline.'));
    } finally {
      offline.mockRestore();
    }
    expect(screen.getByTestId('unsent-message').textContent).toBe('Are you there?');
    // Kept across a reload of the page, which opens its conversation even when another is newer.
    cleanup();
    server.sessions = [summary(OTHER, 'Newer', 2)];
    server.conversations[OTHER] = { sessionId: OTHER, messages: [msg(1, 'user', 'Hi'), msg(2, 'assistant', 'Hello')] };
    renderChat();
    expect((await screen.findByTestId('unsent-message')).textContent).toBe('Are you there?');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByTestId('unsent-message')).toBeNull();
    expect(localStorage.getItem('salesCoachUnsentMessage')).toBeNull();
    expect(await screen.findByText('Start a conversation with your AI sales coach!')).toBeTruthy();
  });

  it('marks a message the server stored before the reply failed, and retries it without a second copy', async () => {
    const sse = sseResponse();
    server.stream = () => sse.response;
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    typeAndEnter('Hello coach');
    await waitFor(() => expect(server.streamBodies).toHaveLength(1));
    const { clientId } = server.streamBodies[0] as { clientId: string };
    const stored = msg(1, 'user', 'Hello coach', { clientId });
    server.conversations[SESSION] = { sessionId: SESSION, messages: [stored] };
    await act(async () => {
      sse.send('user', stored);
      sse.send('error', { message: 'The coach is unavailable right now.' });
      sse.close();
    });
    expect((await screen.findByTestId('unsent-mark')).textContent).toContain('The coach is unavailable right now.');
    expect(screen.getByRole('button', { name: 'No reply yet — tap to retry' })).toBeTruthy();
    expect(screen.getAllByTestId('user-message')).toHaveLength(1);
    expect(screen.queryByTestId('unsent-message')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Coach is typing' })).toBeNull();
    expect(toast).not.toHaveBeenCalled();

    const retry = sseResponse();
    server.stream = () => retry.response;
    fireEvent.click(screen.getByRole('button', { name: 'No reply yet — tap to retry' }));
    await waitFor(() => expect(server.streamBodies).toHaveLength(2));
    expect(server.streamBodies[1]).toEqual(server.streamBodies[0]);
    expect(screen.getAllByTestId('user-message')).toHaveLength(1);
    await act(async () => {
      retry.send('user', stored);
      retry.send('done', msg(2, 'assistant', 'Here is a tip.'));
      retry.close();
    });
    expect(await screen.findByText('Here is a tip.')).toBeTruthy();
    expect(screen.getAllByTestId('user-message')).toHaveLength(1);
  });

  it('offers the retry for a last message the coach never answered (the page was closed mid-reply), and gets the reply', async () => {
    const clientId = '33333333-3333-4333-8333-333333333333';
    const stored = msg(1, 'user', 'They said they need to think about it', { clientId });
    server.sessions = [summary(SESSION, 'They said', 1)];
    server.conversations[SESSION] = { sessionId: SESSION, messages: [stored] };
    renderChat();
    expect((await screen.findByTestId('unsent-mark')).textContent).toContain('The coach did not finish its reply to this message.');
    const retry = sseResponse();
    server.stream = () => retry.response;
    fireEvent.click(screen.getByRole('button', { name: 'No reply yet — tap to retry' }));
    await waitFor(() => expect(server.streamBodies).toEqual([{ sessionId: SESSION, message: 'They said they need to think about it', clientId }]));
    await act(async () => {
      retry.send('user', stored);
      retry.send('done', msg(2, 'assistant', 'Ask what they want to think over.'));
      retry.close();
    });
    expect(await screen.findByText('Ask what they want to think over.')).toBeTruthy();
    expect(screen.queryByTestId('unsent-mark')).toBeNull();
  });

  it('keeps a message whose reply was stopped by leaving the chat, to retry on coming back', async () => {
    const sse = sseResponse();
    server.stream = () => sse.response;
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    typeAndEnter('Hello coach');
    await waitFor(() => expect(server.streamBodies).toHaveLength(1));
    const { clientId } = server.streamBodies[0] as { clientId: string };
    await act(async () => sse.send('user', msg(1, 'user', 'Hello coach', { clientId })));
    // The rep opens another page: the reply is stopped (the server stores none for it).
    cleanup();
    await act(async () => sse.fail(new DOMException('The operation was aborted.', 'AbortError')));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('salesCoachUnsentMessage') ?? 'null')).toMatchObject({ sessionId: SESSION, clientId, reason: 'The reply stopped when you left the chat.' }));
  });

  it('says above the message box that no conversation could be started, keeps the draft, and Try again starts one (issue #25)', async () => {
    server.created = [];
    renderChat();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The conversation could not be started');
    expect(alert.textContent).toContain('Could not start a conversation');
    const retry = screen.getByRole('button', { name: 'Try again' });
    expect(retry.getAttribute('aria-describedby')).toBe(alert.id);
    await waitFor(() => expect(messageBox()).toBeTruthy());
    typeAndEnter('Hello?');
    expect(server.streamBodies).toHaveLength(0);
    expect(messageBox().value).toBe('Hello?');
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' }));

    server.created = [SESSION];
    fireEvent.click(retry);
    expect(await screen.findByText('Start a conversation with your AI sales coach!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('The conversation could not be started')).toBeNull());
    expect(messageBox().value).toBe('Hello?');
  });
});

describe('ChatPage: conversations', () => {
  it('New Chat starts a fresh conversation', async () => {
    server.sessions = [summary(OTHER, 'Old', 2)];
    server.created = [SESSION];
    server.conversations[OTHER] = { sessionId: OTHER, messages: [msg(1, 'user', 'Hi'), msg(2, 'assistant', 'Hello')] };
    renderChat();
    await screen.findByText('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    expect(await screen.findByText('Start a conversation with your AI sales coach!')).toBeTruthy();
    expect(toast).toHaveBeenCalledWith({ title: 'Chat Cleared', description: 'Started a fresh conversation.' });
  });

  it('a New Chat that fails says so above the message box, not in a toast (issue #25)', async () => {
    server.created = [SESSION];
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    fireEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Could not start a conversation');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive' }));
  });

  it("tells a free user whose week's chat is taken, before they type, that it stays open, and leads back to it (issue #25)", async () => {
    const until = '2026-12-03T15:00:00.000Z';
    const day = new Date(until).toLocaleDateString(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
    server.status = {
      ...trialStatus,
      access: 'free',
      plan: 'free',
      canStartConversation: false,
      unlimited: false,
      freeChatsRemaining: 0,
      nextResetAt: until,
      daysUntilReset: 3,
      trialDaysLeft: null,
      trialEndsAt: null,
      openFreeSessionId: OTHER,
      openFreeUntil: until,
      openFreeMessagesLeft: 58,
    };
    server.sessions = [summary(OTHER, 'This week', 2), summary(SESSION, 'Last month', 2)];
    server.conversations[OTHER] = { sessionId: OTHER, messages: [msg(1, 'user', 'This week’s question'), msg(2, 'assistant', 'This week’s answer')] };
    server.conversations[SESSION] = { sessionId: SESSION, messages: [msg(3, 'user', 'An old question'), msg(4, 'assistant', 'An old answer')] };
    renderChat();
    await screen.findByText('This week’s answer');
    // Not "Next free chat in 3 days": the conversation is open, until when, for how many messages.
    expect(screen.getByTestId('chat-subtitle').textContent).toContain(`This week’s free chat: open until ${day} (58 messages left)`);

    fireEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    let dialog = await screen.findByRole('dialog', { name: 'This week’s free chat is still open' });
    expect(dialog.textContent).toContain(`Your current conversation stays open until ${day} (58 messages left).`);
    expect(within(dialog).getByRole('link', { name: 'Upgrade for unlimited coaching' }).getAttribute('href')).toBe('/upgrade');
    expect(calls('POST', '/api/chat/session')).toHaveLength(0);
    // Already on this week's chat: going back to it is closing the dialog.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to this week’s chat' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('This week’s answer')).toBeTruthy();

    // An older conversation cannot be written in: said in place of the box, with the way back.
    fireEvent.click(screen.getByRole('button', { name: 'Past chats' }));
    fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Past chats' })).findByRole('button', { name: /Last month/ }));
    await screen.findByText('An old answer');
    expect(screen.getByTestId('conversation-closed').textContent).toContain('Your next free chat resets in 3 days');
    expect(screen.queryByLabelText('Message')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    dialog = await screen.findByRole('dialog', { name: 'This week’s free chat is still open' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to this week’s chat' }));
    expect(await screen.findByText('This week’s answer')).toBeTruthy();
    expect(screen.getByLabelText('Message')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Past chats' }));
    fireEvent.click(await within(await screen.findByRole('dialog', { name: 'Past chats' })).findByRole('button', { name: /Last month/ }));
    await screen.findByText('An old answer');
    fireEvent.click(within(screen.getByTestId('conversation-closed')).getByRole('button', { name: 'Open this week’s chat' }));
    expect(await screen.findByText('This week’s answer')).toBeTruthy();
    expect(calls('POST', '/api/chat/session')).toHaveLength(0);
  });

  it("says only when the next chat comes once the week's conversation has reached its cap", async () => {
    server.status = { ...trialStatus, access: 'free', plan: 'free', canStartConversation: false, unlimited: false, freeChatsRemaining: 0, daysUntilReset: 3, trialDaysLeft: null, trialEndsAt: null, openFreeSessionId: OTHER, openFreeUntil: '2026-12-03T15:00:00.000Z', openFreeMessagesLeft: 0 };
    server.sessions = [summary(OTHER, 'This week', 2)];
    server.conversations[OTHER] = { sessionId: OTHER, messages: [msg(1, 'user', 'This week’s question'), msg(2, 'assistant', 'This week’s answer')] };
    renderChat();
    await screen.findByText('This week’s answer');
    expect(screen.getByTestId('chat-subtitle').textContent).toBe('Next free chat in 3 days');
    fireEvent.click(screen.getByRole('button', { name: 'New Chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your free chat this week is used' });
    expect(dialog.textContent).toContain('Your next free chat resets in 3 days');
  });

  it('Past chats lists the conversations and reopens the chosen one', async () => {
    server.sessions = [summary(SESSION, null, 0), summary(OTHER, 'Gatekeepers', 3)];
    server.conversations[SESSION] = { sessionId: SESSION, messages: [] };
    server.conversations[OTHER] = { sessionId: OTHER, messages: [msg(1, 'user', 'Gatekeepers block me'), msg(2, 'assistant', 'Try this opener.'), msg(3, 'user', 'Thanks')] };
    renderChat();
    await screen.findByText('Start a conversation with your AI sales coach!');
    fireEvent.click(screen.getByRole('button', { name: 'Past chats' }));
    const dialog = await screen.findByRole('dialog', { name: 'Past chats' });
    const untitled = await within(dialog).findByRole('button', { name: /Untitled conversation/ });
    expect(untitled.getAttribute('aria-current')).toBe('true');
    expect(untitled.textContent).toContain('0 messages');
    const older = within(dialog).getByRole('button', { name: /Gatekeepers/ });
    expect(older.textContent).toContain('3 messages');
    fireEvent.click(older);
    expect(await screen.findByText('Try this opener.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
