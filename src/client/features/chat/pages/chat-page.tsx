import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../lib/toast-store';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage } from '../../../lib/form-errors';
import { useCurrentUser } from '../../../lib/api/current-user';
import { forgetReturnDraft, peekReturnDraft } from '../../../lib/return-draft';
import { useCreateSession } from '../api/create-session';
import { chatStatusQuery } from '../../../lib/api/chat-status';
import { usePlans } from '../../../lib/api/plans';
import { cn } from '../../../lib/cn';
import { useFillScreen, useTabsHiddenSetter } from '../../../lib/page-chrome';
import { conversationKey, useConversation } from '../api/get-conversation';
import { conversationsQuery } from '../api/get-conversations';
import { chatVisitStart, fetchedSince, freshSince } from '../api/prefetch-chat';
import { loadStreamSchemas, OPTION_SEND_DELAY_MS, useStreamMessage } from '../api/stream-message';
import { ChatHeader } from '../components/chat-header';
import { ChatInput } from '../components/chat-input';
import { NewChatUnavailableDialog, PastChatsDialog, PaymentRequiredDialog, preloadChatDialogs, WelcomeDialog } from '../components/deferred-dialogs';
import { ConversationClosedNotice } from '../components/free-chat-used';
import { MessageList } from '../components/message-list';
import { ReadAloudToggle } from '../components/read-aloud-toggle';
import { TrialBanner } from '../components/trial-banner';
import { UpgradeScreen } from '../components/upgrade-screen';
import { isPaymentRequired } from '../lib/chat-status';
import { openingChoice } from '../lib/opening';
import { useReadAloudSetting } from '../lib/read-aloud';
import { loadUnsent } from '../lib/unsent-store';
import { useWelcome } from '../lib/use-welcome';

/**
 * How long the conversation may take before the page says it is loading. On a normal connection
 * it is there well within this, and the status (with the trial banner) comes first: a line shown
 * at once would flicker, and be pushed down when the banner arrives (a layout shift, issue #13).
 */
const LOADING_NOTICE_DELAY_MS = 400;

/** "Loading your conversation..." once the wait has been noticeable; an empty area before. */
function LoadingNotice() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), LOADING_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!late) return <div className="min-h-0 flex-1" />;
  return <Notice>Loading your conversation...</Notice>;
}

function Notice({ children, action }: { children: string; action?: { label: string; onClick: () => void } }) {
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-3 px-4 text-center">
      <p className="text-sm text-slate-600">{children}</p>
      {action && (
        <Button variant="secondary" size="sm" onClick={action.onClick}>
          {action.label}
        </Button>
      )}
    </div>
  );
}

/** Whether a finger (or mouse button) is down right now, anywhere on the page. */
function usePointerDown() {
  const down = useRef(false);
  useEffect(() => {
    const press = () => (down.current = true);
    const release = () => (down.current = false);
    window.addEventListener('pointerdown', press, true);
    window.addEventListener('pointerup', release, true);
    window.addEventListener('pointercancel', release, true);
    return () => {
      window.removeEventListener('pointerdown', press, true);
      window.removeEventListener('pointerup', release, true);
      window.removeEventListener('pointercancel', release, true);
    };
  }, []);
  return down;
}

/** /chat (product §7.1): the conversation with the AI sales coach. */
export function ChatPage() {
  const { data: user } = useCurrentUser();
  const signedIn = Boolean(user);
  const qc = useQueryClient();
  // Answers fetched since this visit began (by the route's prefetch, or here) are used as they are;
  // older cached ones are fetched again, and the opening choice waits for that.
  const [visitStart] = useState(() => chatVisitStart(qc, Date.now()));
  const status = useQuery({ ...chatStatusQuery, enabled: signedIn, staleTime: freshSince(visitStart) });
  const conversations = useQuery({ ...conversationsQuery, enabled: signedIn, staleTime: freshSince(visitStart) });
  const createSession = useCreateSession();
  const createMutate = createSession.mutate;
  const plans = usePlans();
  // The conversation takes the whole screen between the header and the tab bar, and scrolls inside.
  useFillScreen();
  const setTabsHidden = useTabsHiddenSetter();
  const [inputFocused, setInputFocused] = useState(false);
  const [newChatBlocked, setNewChatBlocked] = useState(false);
  const pointerDown = usePointerDown();
  const [readAloud, setReadAloud] = useReadAloudSetting();

  // A message refused because the session had ended, back in the box after signing in again (issue #25).
  const [returnDraft] = useState(() => (user ? peekReturnDraft(user.id) : null));
  // A link may open the chat with a message in the box, `?draft=`; the rep reads it and sends it
  // themselves, so nothing is sent on their behalf.
  const [linkDraft] = useState(() => new URLSearchParams(window.location.search).get('draft')?.slice(0, 2000) ?? null);
  useEffect(() => {
    if (returnDraft !== null) forgetReturnDraft();
  }, [returnDraft]);
  // A lesson's drill (issue #27) opens its own conversation, `?session=`, with the buyer's line
  // waiting for the rep's answer: the first visit's welcome stays for a later visit rather than cover it.
  const [linkSession] = useState(() => new URLSearchParams(window.location.search).get('session')?.slice(0, 100) || null);

  const [sessionId, setSessionId] = useState<string | null>(null);
  /** The opening choice (reopen, create or upgrade) has been made. */
  const [ready, setReady] = useState(false);
  const [upgrade, setUpgrade] = useState(false);
  // A conversation that could not be started (the network, the server): said above the message
  // box with a way to try again, not in a toast that goes (issue #25).
  const [startError, setStartError] = useState<string | null>(null);
  const welcome = useWelcome(linkSession === null);
  const [paymentOpen, setPaymentOpen] = useState(false);
  const [pastOpen, setPastOpen] = useState(false);
  // Refs survive StrictMode's second effect run, so the opening conversation is created once.
  const started = useRef(false);


  const open = useCallback(
    (id: string, reload = false) => {
      // An earlier copy may lack what was added since (a reply from the coaching team): reload it.
      if (reload) void qc.invalidateQueries({ queryKey: conversationKey(id), exact: true });
      setSessionId(id);
      setUpgrade(false);
      setReady(true);
    },
    [qc],
  );

  // A 402 in a conversation not yet begun means the week's chat is gone: the whole upgrade
  // screen (product §7.1); inside a running conversation the smaller payment dialog keeps it in view.
  const onPaymentRequired = useCallback((newConversation: boolean) => (newConversation ? setUpgrade(true) : setPaymentOpen(true)), []);
  const sending = useStreamMessage({ sessionId, onPaymentRequired });
  const conversation = useConversation(sessionId, { paused: sending.pending });

  // A failed send the server had in fact answered (the answer was lost on the way, and the
  // conversation was read again): nothing is left to retry.
  const { unsent, discard } = sending;
  const stored = conversation.data?.messages;
  useEffect(() => {
    if (!unsent || !stored) return;
    const at = stored.findIndex((m) => m.role === 'user' && m.clientId === unsent.clientId);
    if (at >= 0 && stored.slice(at + 1).some((m) => m.role === 'assistant')) discard();
  }, [unsent, stored, discard]);
  // The rep's last message has no reply and none is on its way (the page was closed while it was
  // written, and the server stores no reply then): it gets the retry, not a silent dead end.
  const { markUnanswered, pending } = sending;
  const awaitingTeam = conversation.data?.awaitingTeam === true;
  useEffect(() => {
    const last = stored?.at(-1);
    if (last?.role === 'user' && last.id > 0 && !pending && !awaitingTeam) markUnanswered(last);
  }, [stored, pending, awaitingTeam, markUnanswered]);

  const statusFresh = status.data !== undefined && status.dataUpdatedAt >= visitStart;
  const conversationsFresh = conversations.data !== undefined && conversations.dataUpdatedAt >= visitStart;
  useEffect(() => {
    // Decide on answers fetched during this visit, not on cached ones from an earlier one (a
    // purchase since then would otherwise still show the upgrade screen).
    if (started.current || !statusFresh || !conversationsFresh || !status.data || !conversations.data) return;
    started.current = true;
    // The conversation a drill's link names comes first; one that is not the rep's answers 404 and shows its error.
    const opening = linkSession ? ({ kind: 'open', sessionId: linkSession } as const) : openingChoice(status.data, conversations.data, loadUnsent());
    // The prefetch may have fetched this conversation already; a copy from an earlier visit may
    // lack what was added since, so that one is reloaded.
    // Decided once per visit, and one branch sends a request (the new conversation), so this stays
    // an effect; the page shows its loading state until `ready`, so the extra render shows nothing.
    // oxlint-disable-next-line react/set-state-in-effect -- runs once, after fresh answers arrive
    if (opening.kind === 'open') return open(opening.sessionId, !fetchedSince(qc, conversationKey(opening.sessionId), visitStart));
    if (opening.kind === 'upgrade') {
      setUpgrade(true);
      setReady(true);
      return;
    }
    createMutate(undefined, {
      onSuccess: (session) => open(session.sessionId),
      onError: (err) => {
        // The week's chat went elsewhere since the status was read: the upgrade screen, not an error.
        if (isPaymentRequired(err)) setUpgrade(true);
        else setStartError(errorMessage(err));
        setReady(true);
      },
    });
  }, [statusFresh, status.data, conversationsFresh, conversations.data, createMutate, open, qc, visitStart, linkSession]);

  // The route's guard (app/require-user.tsx) lets only a signed-in user in; null covers the moment of signing out.
  if (!user) return null;

  const newChat = () => {
    // A free user whose week's chat is spent is told so now, not after typing into a chat that would refuse them.
    if (status.data && !status.data.canStartConversation) return setNewChatBlocked(true);
    setStartError(null);
    createSession.mutate(undefined, {
      onSuccess: (session) => {
        open(session.sessionId);
        toast({ title: 'Chat Cleared', description: 'Started a fresh conversation.' });
      },
      onError: (err) => {
        if (!isPaymentRequired(err)) return setStartError(errorMessage(err));
        void status.refetch();
        setNewChatBlocked(true);
      },
    });
  };

  const onInputFocus = (focused: boolean) => {
    // The rep is about to write: load what reading the reply needs (and the dialogs a send may
    // open) now, not on send. Offline it could only fail; the send then loads the schemas.
    if (focused && navigator.onLine) {
      void loadStreamSchemas().catch(() => undefined);
      preloadChatDialogs();
    }
    const apply = () => {
      setInputFocused(focused);
      setTabsHidden(focused);
    };
    if (focused || !pointerDown.current) return apply();
    // A tap elsewhere (an option chip) blurs the box as the finger lands. Bringing the banner and
    // the tab bar back then would move the tapped target from under the finger and the tap would
    // miss, so they come back once the tap is over.
    window.addEventListener('pointerup', () => setTimeout(apply, 0), { once: true });
  };

  const retryLoad = () => {
    void status.refetch();
    void conversations.refetch();
  };

  let body;
  if (!ready && (status.isError || conversations.isError)) {
    body = <Notice action={{ label: 'Try again', onClick: retryLoad }}>Your chat could not be loaded.</Notice>;
  } else if (upgrade) {
    body = <UpgradeScreen daysUntilReset={status.data?.daysUntilReset ?? null} />;
  } else if (!ready || (sessionId !== null && conversation.isPending)) {
    body = <LoadingNotice />;
  } else if (conversation.isError) {
    body = <Notice action={{ label: 'Start a new chat', onClick: newChat }}>This conversation could not be loaded.</Notice>;
  } else {
    body = (
      <MessageList
        key={sessionId ?? 'none'}
        messages={conversation.data?.messages ?? []}
        awaitingReply={sending.awaitingReply}
        busy={sending.pending}
        onChoose={(option) => sending.send(option, OPTION_SEND_DELAY_MS)}
        unsent={sending.unsent}
        onRetry={sending.retry}
        onDiscard={sending.discard}
        readAloud={readAloud}
      />
    );
  }
  // The toggle is offered once the conversation has a role-play in it: elsewhere there is no buyer to hear.
  const inRolePlay = !upgrade && (conversation.data?.messages ?? []).some((m) => m.coaching?.rolePlay === true);

  const s = status.data;
  const trialDaysLeft = s?.access === 'trial' ? s.trialDaysLeft : null;
  const weekChat = s?.access === 'free' ? s.openFreeSessionId : null;
  const openWeekChat =
    weekChat && weekChat !== sessionId
      ? () => {
          setNewChatBlocked(false);
          open(weekChat, true);
        }
      : undefined;
  // A free user whose week's chat went to another conversation cannot write in this one.
  const closed = s !== undefined && s.access === 'free' && !s.canStartConversation && sessionId !== null && sessionId !== s.openFreeSessionId;
  const freeProps = { daysUntilReset: s?.daysUntilReset ?? null, windowDays: plans.free.windowDays, onOpenWeekChat: openWeekChat };
  // From New Chat the way back to the week's chat is always offered: when it is the one on
  // screen, going back is closing the dialog.
  const backToWeekChat = weekChat ? (openWeekChat ?? (() => setNewChatBlocked(false))) : undefined;
  const allowance = {
    freeChatsRemaining: s?.freeChatsRemaining ?? 0,
    daysUntilReset: s?.daysUntilReset ?? null,
    openFreeUntil: s?.openFreeUntil ?? null,
    openFreeMessagesLeft: s?.openFreeMessagesLeft ?? null,
  };

  return (
    <div className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col">
      <ChatHeader
        status={s}
        showNewChat={!upgrade}
        busy={sending.pending || createSession.isPending}
        onNewChat={newChat}
        onPastChats={() => setPastOpen(true)}
      />
      {/* While the rep types on a phone, the keyboard leaves little room: the banner steps aside too. */}
      {trialDaysLeft !== null && (
        <div className={cn('shrink-0', inputFocused && 'max-sm:hidden')}>
          <TrialBanner daysLeft={trialDaysLeft} />
        </div>
      )}
      {body}
      {startError && !upgrade && (
        <div className="shrink-0 space-y-2 px-4 pt-2">
          <FormAlert id="chat-start-error" title="The conversation could not be started">
            {startError}
          </FormAlert>
          <Button variant="secondary" size="sm" className="min-h-11" onClick={newChat} disabled={createSession.isPending} aria-describedby="chat-start-error">
            Try again
          </Button>
        </div>
      )}
      {inRolePlay && <ReadAloudToggle on={readAloud} onChange={setReadAloud} />}
      {!upgrade &&
        (closed && !conversation.isPending ? (
          <ConversationClosedNotice {...freeProps} />
        ) : (
          // Until the conversation has loaded there is nowhere to show a reply, so sending waits.
          <ChatInput
            onSend={(text) => sending.send(text)}
            // With no conversation (one that could not be started) there is nowhere to send to.
            pending={sending.pending || !ready || sessionId === null || !conversation.data}
            onFocusChange={onInputFocus}
            initialValue={returnDraft ?? linkDraft ?? ''}
          />
        ))}

      <NewChatUnavailableDialog open={newChatBlocked} onOpenChange={setNewChatBlocked} {...freeProps} onOpenWeekChat={backToWeekChat} status={allowance} />
      <WelcomeDialog open={welcome.open} onClose={welcome.close} />
      <PaymentRequiredDialog open={paymentOpen} onOpenChange={setPaymentOpen} />
      <PastChatsDialog
        open={pastOpen}
        onOpenChange={setPastOpen}
        currentSessionId={sessionId}
        onChoose={(id) => {
          setPastOpen(false);
          open(id, true);
        }}
      />
    </div>
  );
}
