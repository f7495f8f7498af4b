import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { z } from 'zod';
import type { ChatMessage, ChatSession, SendMessageInput, streamEventSchemas } from '#shared/schemas/chat';
import { ApiRequestError, toApiRequestError } from '../../../lib/api-client';
import { saveReturnDraft } from '../../../lib/return-draft';
import { readStoredUser } from '../../../lib/stored-user';
import { errorMessage } from '../../../lib/form-errors';
import { toast } from '../../../lib/toast-store';
import { isPaymentRequired } from '../lib/chat-status';
import { loadUnsent, saveUnsent, type StoredUnsent } from '../lib/unsent-store';
import { chatStatusKey } from '../../../lib/api/chat-status';
import { conversationKey } from './get-conversation';
import { conversationsKey } from './get-conversations';

export interface StreamHandlers {
  /** The user's message as the server stored it. */
  onUser?: (message: ChatMessage) => void;
  /** The next piece of the coach's reply, to append. */
  onDelta?: (text: string) => void;
}

/** The stream broke off or the coach failed mid-reply; the message is fit for a toast. */
export class ChatStreamError extends Error {}

const LOST = 'The connection was lost before the coach finished. Please try again.';

type StreamEvent = { [K in keyof typeof streamEventSchemas]: { name: K; data: z.infer<(typeof streamEventSchemas)[K]> } }[keyof typeof streamEventSchemas];

type StreamSchemas = typeof streamEventSchemas;

let schemasLoading: Promise<StreamSchemas> | undefined;

/**
 * The stream's schemas, and with them zod (about 22 KB compressed), load when a message is first
 * written or sent, not with the page: a rep reading a conversation never needs them (issue #13).
 * While offline the page does not ask (the request could only fail, and log that it did).
 */
export function loadStreamSchemas(): Promise<StreamSchemas> {
  if (schemasLoading) return schemasLoading;
  const loading = import('#shared/schemas/chat').then((m) => m.streamEventSchemas);
  // A failed load (offline) is tried again on the next send rather than remembered.
  loading.catch(() => {
    if (schemasLoading === loading) schemasLoading = undefined;
  });
  schemasLoading = loading;
  return loading;
}

/** Checks one event against the shared schema; unknown or malformed events are skipped. */
function decode(event: EventSourceMessage, streamEventSchemas: StreamSchemas): StreamEvent | null {
  // hasOwn, not `in`: an event named `toString` must not reach a prototype method.
  if (event.event === undefined || !Object.hasOwn(streamEventSchemas, event.event)) return null;
  const name = event.event as keyof typeof streamEventSchemas;
  let json: unknown;
  try {
    json = JSON.parse(event.data);
  } catch {
    return null;
  }
  const parsed = streamEventSchemas[name].safeParse(json);
  return parsed.success ? ({ name, data: parsed.data } as StreamEvent) : null;
}

/**
 * POST /api/chat/message/stream: sends a message and follows the coach's reply as server-sent
 * events (fetch, because EventSource cannot POST). Resolves with the stored assistant message.
 * Throws ApiRequestError for a refused request (402 with requiresPayment, 400, 404) and
 * ChatStreamError when the reply fails or the stream ends early.
 */
export async function streamMessage(input: SendMessageInput, handlers: StreamHandlers, signal?: AbortSignal): Promise<ChatMessage> {
  const res = await fetch('/api/chat/message/stream', {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(input),
    signal,
  });
  if (!res.ok) throw await toApiRequestError(res);
  // Asked for once the server has accepted the message (the page has usually loaded them when
  // the box got focus): a send that fails offline must not also fail to fetch a chunk.
  let streamEventSchemas: StreamSchemas;
  try {
    streamEventSchemas = await loadStreamSchemas();
  } catch {
    // The schemas' chunk did not load: the connection went, as far as the rep can tell.
    res.body?.cancel().catch(() => undefined);
    throw new ChatStreamError(LOST);
  }
  if (!res.body || !(res.headers.get('content-type') ?? '').includes('text/event-stream')) throw new ChatStreamError(LOST);

  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  // The parser reports events through a callback; they are handled after each chunk, outside it,
  // so the first decisive one (done or error) ends the read there and then.
  const received: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => received.push(event) });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      parser.feed(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      for (const raw of received.splice(0)) {
        const event = decode(raw, streamEventSchemas);
        if (!event) continue;
        if (event.name === 'user') handlers.onUser?.(event.data);
        else if (event.name === 'delta') handlers.onDelta?.(event.data.text);
        else if (event.name === 'done') return event.data;
        else throw new ChatStreamError(event.data.message);
      }
      if (done) throw new ChatStreamError(LOST);
    }
  } catch (err) {
    // A dropped connection surfaces as a bare TypeError; say what it means. Aborts stay aborts.
    if (err instanceof ChatStreamError || signal?.aborted) throw err;
    throw new ChatStreamError(LOST);
  } finally {
    // Stop reading once the answer is known (or the caller gave up); the server sees the close.
    reader.cancel().catch(() => undefined);
  }
}

/** product §16: a chosen option is sent after 100 ms, so the tap registers visibly before the list moves. */
export const OPTION_SEND_DELAY_MS = 100;

/**
 * Messages not stored yet carry negative ids: the user's words until the server echoes them,
 * and the coach's reply while it is being written.
 */
export const isUnsaved = (m: ChatMessage) => m.id < 0;

let nextTempId = -1;

/**
 * A message whose send failed. It stays on screen, marked, until it is sent or discarded; a
 * retry sends it with the same client id, so a copy the server had already stored is answered,
 * not stored twice.
 */
export type UnsentMessage = StoredUnsent;

export interface SendState {
  /** A message is queued, on its way or being answered; further sends are refused (product §7.2). */
  pending: boolean;
  /** Sent and waiting for the reply to finish. */
  awaitingReply: boolean;
}

export interface UseStreamMessageOptions {
  sessionId: string | null;
  /** The server asked for payment; `newConversation` when nothing had been said in it yet. */
  onPaymentRequired: (newConversation: boolean) => void;
}

const OFFLINE = 'You are offline. Tap to retry once you are back online.';
const LEFT = 'The reply stopped when you left the chat.';
/** A stored message the coach never answered (the page was closed while the reply was written). */
export const UNANSWERED = 'The coach did not finish its reply to this message.';
const NO_CONNECTION = 'The connection failed before the coach answered.';

/** The reason shown under a message that was not sent. */
function failureReason(err: unknown): string {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return OFFLINE;
  // fetch rejects with a bare TypeError when no answer came back at all.
  if (err instanceof TypeError) return NO_CONNECTION;
  return errorMessage(err);
}

/**
 * Sends messages in the open conversation. The sent message and the reply as it streams in are
 * written into the conversation's cached messages, so the draft turns into the stored reply in
 * one render, without a flicker. `send` answers whether the message was taken, so the input
 * keeps refused text. A failed send leaves the message on screen as `unsent`, for `retry`.
 */
export function useStreamMessage({ sessionId, onPaymentRequired }: UseStreamMessageOptions) {
  const qc = useQueryClient();
  const [state, setState] = useState<SendState>({ pending: false, awaitingReply: false });
  const [unsent, setUnsent] = useState<UnsentMessage | null>(loadUnsent);
  // The ref, not the state, guards against a double send: two key presses can land before a re-render.
  const pendingRef = useRef(false);
  const unsentRef = useRef<UnsentMessage | null>(unsent);
  const abortRef = useRef<AbortController | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The reply can outlive the render that started it; the newest callback is the one to call.
  const onPaymentRequiredRef = useRef(onPaymentRequired);
  useEffect(() => {
    onPaymentRequiredRef.current = onPaymentRequired;
  }, [onPaymentRequired]);

  const markUnsent = useCallback((value: UnsentMessage | null) => {
    unsentRef.current = value;
    setUnsent(value);
    saveUnsent(value);
  }, []);

  // Leaving the page stops the reply; the server keeps what it stored.
  useEffect(
    () => () => {
      clearTimeout(timerRef.current);
      abortRef.current?.abort();
    },
    [],
  );

  const run = useCallback(
    async (id: string, message: string, clientId: string) => {
      const key = conversationKey(id);
      const update = (change: (messages: ChatMessage[]) => ChatMessage[]) =>
        qc.setQueryData<ChatSession>(key, (s) => (s ? { ...s, messages: change(s.messages) } : s));
      const newConversation = (qc.getQueryData<ChatSession>(key)?.messages.length ?? 0) === 0;
      const userId = nextTempId--;
      const replyId = nextTempId--;
      const now = () => new Date().toISOString();

      // Whose message this is, read now: a 401 signs the tab out (and clears the cache) before it is caught.
      const author = readStoredUser()?.id ?? null;
      const controller = new AbortController();
      abortRef.current = controller;
      setState({ pending: true, awaitingReply: true });
      // A read of the conversation still on its way (the wait for the coaching team's answer)
      // would land mid-reply and drop what is being written: it is called off.
      await qc.cancelQueries({ queryKey: key, exact: true });
      // A retry of a message the server already holds shows that one; no second copy.
      update((ms) => (ms.some((m) => m.clientId === clientId) ? ms : [...ms, { id: userId, role: 'user', content: message, timestamp: now(), clientId }]));
      try {
        const reply = await streamMessage(
          { sessionId: id, message, clientId },
          {
            onUser: (stored) => update((ms) => ms.map((m) => (m.id === userId || m.clientId === clientId ? stored : m))),
            onDelta: (text) =>
              update((ms) => {
                const last = ms.at(-1);
                if (last?.id === replyId) return [...ms.slice(0, -1), { ...last, content: last.content + text }];
                return [...ms, { id: replyId, role: 'assistant', content: text, timestamp: now() }];
              }),
          },
          controller.signal,
        );
        update((ms) => [...ms.filter((m) => m.id !== replyId && m.id !== reply.id), reply]);
        // The reply handed the conversation to the coaching team: the page now watches for their answer.
        if (reply.handedToTeam) qc.setQueryData<ChatSession>(key, (s) => (s ? { ...s, awaitingTeam: true } : s));
      } catch (err) {
        // The stand-in and the half-written reply go; a message the server echoed stays, and the
        // unsent mark on it (matched by client id) offers the retry.
        update((ms) => ms.filter((m) => m.id !== userId && m.id !== replyId));
        // Leaving the chat stops the reply, and the server keeps none (issue #22): the message
        // is kept as one to retry, for when the rep comes back.
        if (controller.signal.aborted) {
          saveUnsent({ sessionId: id, clientId, content: message, reason: LEFT });
          return;
        }
        // The session has ended: the shell takes the rep to sign-in, and the message waits in the
        // composer for when they are back (issue #25), instead of an unsent mark they cannot act on.
        if (err instanceof ApiRequestError && err.status === 401) {
          saveReturnDraft(author, message);
          return;
        }
        markUnsent({ sessionId: id, clientId, content: message, reason: failureReason(err) });
        if (isPaymentRequired(err)) onPaymentRequiredRef.current(newConversation);
        // The server may have stored more than the stream delivered: show what it kept.
        if (err instanceof ChatStreamError) void qc.invalidateQueries({ queryKey: key, exact: true });
      } finally {
        if (abortRef.current === controller) abortRef.current = null;
        pendingRef.current = false;
        setState({ pending: false, awaitingReply: false });
        // The free-chat count and the conversation list change with every message.
        void qc.invalidateQueries({ queryKey: chatStatusKey });
        void qc.invalidateQueries({ queryKey: conversationsKey, exact: true });
      }
    },
    [qc, markUnsent],
  );

  const start = useCallback(
    (id: string, message: string, clientId: string, delayMs: number) => {
      pendingRef.current = true;
      setState((s) => ({ ...s, pending: true }));
      if (delayMs > 0) timerRef.current = setTimeout(() => void run(id, message, clientId), delayMs);
      else void run(id, message, clientId);
    },
    [run],
  );

  const send = useCallback(
    (text: string, delayMs = 0): boolean => {
      const message = text.trim();
      if (message === '' || pendingRef.current) return false;
      if (!sessionId) {
        toast({ title: 'No active chat session', variant: 'destructive' });
        return false;
      }
      if (unsentRef.current?.sessionId === sessionId) {
        // Sending past it would put the new message ahead of the one that failed.
        toast({ title: 'A message was not sent', description: 'Tap it to retry, or discard it, before sending another.', variant: 'destructive' });
        return false;
      }
      start(sessionId, message, crypto.randomUUID(), delayMs);
      return true;
    },
    [sessionId, start],
  );

  /** Sends the unsent message again, with its client id. */
  const retry = useCallback(() => {
    const failed = unsentRef.current;
    if (!failed || pendingRef.current || failed.sessionId !== sessionId) return;
    markUnsent(null);
    start(failed.sessionId, failed.content, failed.clientId, 0);
  }, [sessionId, start, markUnsent]);

  const discard = useCallback(() => markUnsent(null), [markUnsent]);

  /** Offers the retry for a stored message of the open conversation that has no reply. */
  const markUnanswered = useCallback(
    (message: ChatMessage) => {
      if (!sessionId || !message.clientId || pendingRef.current || unsentRef.current) return;
      markUnsent({ sessionId, clientId: message.clientId, content: message.content, reason: UNANSWERED });
    },
    [sessionId, markUnsent],
  );

  // Only the open conversation's unsent message is shown.
  return { ...state, unsent: unsent?.sessionId === sessionId ? unsent : null, send, retry, discard, markUnanswered };
}
