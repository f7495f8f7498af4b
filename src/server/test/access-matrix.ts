/**
 * The access matrix (src/server/access-matrix.test.ts): who may call each route of the API, in one
 * table. Every route in the app's OpenAPI document must have a declaration here, and every
 * declaration a route, so a new route cannot ship without someone deciding who may call it.
 *
 * The rules come from product §2 (identity from the session; 401 when signed out), §12 (admins:
 * the role, then the unlock: 403, then 403 `admin_locked`), §3 and §9 (Pro's features answer 403
 * `payment_required` to Free and Basic; admins get Pro's features everywhere) and docs/architecture.md
 * convention 5 (a route that takes an id checks the row is the caller's: another user gets 404,
 * so ids reveal nothing).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { CARD_OK } from './billing.js';
import { parseSse } from './sse.js';

/**
 * The callers, in the order each route is called: the owner of the fixtures (`pro`) last, so
 * that the route's refusals to everyone else are checked while the owner's rows still exist, and
 * an owner's call that deletes something (a post, a reply, the account) comes after them.
 */
export const ROLES = ['anonymous', 'free', 'basic', 'other', 'adminLocked', 'adminUnlocked', 'pro'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who may call a route.
 * - public: anyone, signed in or not.
 * - signedIn: any account (401 without a session).
 * - pro: Pro's features (training, community, analytics): Pro accounts and admins; Free and Basic get 403 `payment_required`.
 * - coaching: what any coaching access buys (objection drills): the trial, Basic, Pro and admins; Free gets 403 `payment_required`.
 * - admin: a signed-in admin, panel locked or not (only the unlock routes); others 403.
 * - adminUnlocked: the admin scope: an admin whose session unlocked the panel; a locked admin gets 403 `admin_locked`, others 403.
 * - owner: the route acts on a row named by an id; only its owner (the `pro` caller, whose ids
 *   every caller sends) gets through, past `gate` first; everyone else who passes the gate gets
 *   `nonOwner` (404 unless said otherwise). `admins: 'allowed'` when an admin may act on anyone's row,
 *   `admins: 'unlocked'` when only an admin whose panel is unlocked may (a locked one gets `admin_locked`).
 * - nobody: no caller gets in this way, whoever they are (the payment provider's webhook, which
 *   only a valid signature opens); every caller gets `status`.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'signedIn' }
  | { kind: 'pro' }
  | { kind: 'coaching' }
  | { kind: 'admin' }
  | { kind: 'adminUnlocked' }
  | { kind: 'owner'; gate: 'signedIn' | 'pro' | 'coaching'; nonOwner: number; admins?: 'allowed' | 'unlocked' }
  | { kind: 'nobody'; status: number };

const PUBLIC: Access = { kind: 'public' };
const SIGNED_IN: Access = { kind: 'signedIn' };
const PRO: Access = { kind: 'pro' };
const ADMIN: Access = { kind: 'admin' };
const ADMIN_UNLOCKED: Access = { kind: 'adminUnlocked' };
const OWNER: Access = { kind: 'owner', gate: 'signedIn', nonOwner: 404 };
const PRO_OWNER: Access = { kind: 'owner', gate: 'pro', nonOwner: 404 };
const COACHING: Access = { kind: 'coaching' };
const COACHING_OWNER: Access = { kind: 'owner', gate: 'coaching', nonOwner: 404 };

/** What a caller should get: through the gate (a status in `ok`), or refused with this status and code (and nothing written). */
export type Expectation = { allowed: true } | { allowed: false; status: number; code?: string };

export function expectationFor(access: Access, role: Role): Expectation {
  const denied = (status: number, code?: string): Expectation => ({ allowed: false, status, ...(code ? { code } : {}) });
  const allowed: Expectation = { allowed: true };
  if (access.kind === 'nobody') return denied(access.status);
  if (access.kind === 'public') return allowed;
  if (role === 'anonymous') return denied(401);
  const isAdmin = role === 'adminLocked' || role === 'adminUnlocked';
  const hasProFeatures = role === 'pro' || role === 'other' || isAdmin;
  // Every caller but Free has coaching: Basic pays for it, the others have Pro or are admins.
  const hasCoaching = role !== 'free';
  switch (access.kind) {
    case 'signedIn':
      return allowed;
    case 'pro':
      return hasProFeatures ? allowed : denied(403, 'payment_required');
    case 'coaching':
      return hasCoaching ? allowed : denied(403, 'payment_required');
    case 'admin':
      return isAdmin ? allowed : denied(403);
    case 'adminUnlocked':
      if (role === 'adminUnlocked') return allowed;
      return role === 'adminLocked' ? denied(403, 'admin_locked') : denied(403);
    case 'owner':
      if (access.gate === 'pro' && !hasProFeatures) return denied(403, 'payment_required');
      if (access.gate === 'coaching' && !hasCoaching) return denied(403, 'payment_required');
      if (role === 'pro' || (isAdmin && access.admins === 'allowed') || (role === 'adminUnlocked' && access.admins === 'unlocked')) return allowed;
      if (role === 'adminLocked' && access.admins === 'unlocked') return denied(403, 'admin_locked');
      return denied(access.nonOwner);
  }
}

/** The rows the requests point at, made by the test's set-up. The `pro` caller owns them unless said otherwise. */
export interface Fixtures {
  ownerId: number;
  /** A conversation of the owner's, with a coaching reply (one with a method) to log an outcome on. */
  chatSessionId: string;
  coachingReplyId: number;
  /** The owner's subscription (paid through the sandbox) and its first invoice's client secret. */
  subscriptionId: string;
  clientSecret: string;
  /** An escalation of the owner's conversation, and feedback the owner sent. */
  escalationId: number;
  feedbackId: number;
  /** The owner's post and reply (on the author's post). */
  ownPost: number;
  ownReply: number;
  /** A third Pro member's post and reply: what the others read, vote on, reply to and report. */
  authorPost: number;
  authorReply: number;
  /** The author's post and reply that the moderation routes act on. */
  modPost: number;
  modReply: number;
  /** A line in the owner's objection deck. */
  ownCard: number;
  /** The first knowledge base version (the starter playbook). */
  knowledgeVersionId: number;
  /** An account that is none of the callers: who the anonymous caller signs in as. */
  spare: { username: string; password: string };
}

/** The caller as a request builder sees it. */
export interface CallerInfo {
  role: Role;
  username: string;
  password: string;
}

export interface Sample {
  /** Values for the route's `:params`. */
  params?: Record<string, string | number>;
  query?: string;
  body?: unknown;
}

export interface Declaration {
  access: Access;
  /** A valid request: the path's ids and a body that passes validation, so only access decides the answer. */
  request?: (f: Fixtures, caller: CallerInfo) => Sample;
  /** The statuses an allowed caller may get (default: any 2xx). Never 401, 402 or 403. */
  ok?: number[];
  /**
   * Call with a second session of the caller's, not its main one: the route ends or replaces the
   * session it is called with (sign-in, sign-up, sign-out), or changes its unlock.
   */
  freshSession?: boolean;
  /** Further checks of an allowed answer: a message when it is wrong. */
  check?: (res: LightMyRequestResponse) => string | null;
  /** After an allowed call: what the caller's account now is (a changed password). */
  after?: (caller: CallerInfo) => void;
  /** A second request to the same route with other rules (GET /api/user?userId=). */
  also?: { name: string; access: Access; request: (f: Fixtures, caller: CallerInfo) => Sample };
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq += 1)}`;

const PROFILE = {
  age: 34,
  city: 'Austin',
  state: 'TX',
  salesExperience: '3-5 years',
  currentIncome: 4000,
  targetIncome: 9000,
  biggestStruggle: 'Prospects go quiet after the demo.',
  industry: 'Software',
  product: 'Scheduling software',
} as const;

/** Every caller's password after PUT /api/account/password (uncommon, not their name). */
export const CHANGED_PASSWORD = 'Renewal-Season-Closer-2027';

const createSubscription = { access: SIGNED_IN, request: () => ({ body: { attemptId: randomUUID() } }), ok: [200, 409] } satisfies Partial<Declaration>;

/** The stream opened and the coach answered, rather than an `error` event. */
const streamAnswered = (res: LightMyRequestResponse) => {
  const events = parseSse(res.body).map((e) => e.event);
  return events.includes('done') ? null : `the stream ended without a reply: ${events.join(', ')}`;
};

/**
 * Every route, in the order the matrix calls them: calls that destroy what later routes use
 * (deleting the owner's reply and post, the accounts, moving the clock) come last.
 */
export const ACCESS: Record<string, Declaration> = {
  // The payment provider's webhook: outside the session and origin scope; the Stripe-Signature over
  // the raw body is its only key, so a session opens nothing and everyone without one gets 400.
  'POST /api/webhooks/stripe': { access: { kind: 'nobody', status: 400 }, request: () => ({ body: { type: 'invoice.paid', data: {} } }) },

  'GET /api/health': { access: PUBLIC },
  'GET /api/config': { access: PUBLIC },
  'GET /api/plans': { access: PUBLIC },

  'POST /api/auth/signup': {
    access: PUBLIC,
    freshSession: true,
    request: () => {
      const tag = unique();
      return { body: { username: `matrix_${tag}`, email: `matrix_${tag}@example.com`, password: 'Quota-Crusher-2026' } };
    },
  },
  'POST /api/auth/signin': {
    access: PUBLIC,
    freshSession: true,
    request: (f, c) => ({ body: c.role === 'anonymous' ? { emailOrUsername: f.spare.username, password: f.spare.password } : { emailOrUsername: c.username, password: c.password } }),
  },
  'GET /api/auth/session': { access: PUBLIC },
  'POST /api/auth/signout': { access: PUBLIC, freshSession: true },

  'GET /api/user': {
    access: SIGNED_IN,
    // Naming another account: an admin power, so only with the panel unlocked (ADR 0012), audited.
    also: { name: "?userId= the owner's id", access: { kind: 'owner', gate: 'signedIn', nonOwner: 403, admins: 'unlocked' }, request: (f) => ({ query: `userId=${f.ownerId}` }) },
  },
  'POST /api/onboarding': { access: SIGNED_IN, request: () => ({ body: PROFILE }) },
  'POST /api/tutorial/seen': { access: SIGNED_IN },

  'GET /api/training': { access: PRO },
  'PUT /api/training/:partId/saved': { access: PRO, request: () => ({ params: { partId: 'discovery' }, body: { saved: true } }) },
  'GET /api/training/:partId': { access: PRO, request: () => ({ params: { partId: 'closing' } }) },
  // Issue #27: no video is uploaded here, so an allowed caller gets past the gate to a 404.
  'GET /api/training/:partId/video': { access: PRO, request: () => ({ params: { partId: 'closing' } }), ok: [404] },
  'POST /api/training/:partId/check': { access: PRO, request: () => ({ params: { partId: 'objections' }, body: { answers: ['A', 'B', 'C'] } }) },
  'POST /api/training/:partId/drill': { access: PRO, request: () => ({ params: { partId: 'closing' }, body: { motion: 'phone' } }) },
  // The weekly practice plan (practice/routes.ts): Pro. Out-of-turn steps answer 409, which is past the gate.
  'GET /api/practice': { access: PRO, request: () => ({ query: 'tz=America%2FChicago' }) },
  'POST /api/practice/accept': { access: PRO, request: () => ({ body: { timeZone: 'America/Chicago' } }), ok: [200, 409] },
  'POST /api/practice/swap': { access: PRO, request: () => ({ body: {} }), ok: [200, 409] },
  'POST /api/practice/done-today': { access: PRO, request: () => ({ body: {} }), ok: [200, 409] },
  'POST /api/practice/check-in': { access: PRO, request: () => ({ body: { didIt: 'yes', result: 'won' } }), ok: [200, 409] },
  'PUT /api/practice/reminder': { access: PRO, request: () => ({ body: { reminderTime: '07:45' } }), ok: [200, 409] },
  'GET /api/practice/plan.ics': { access: PRO, ok: [200, 409] },
  'GET /api/progress': { access: PRO },
  // The objection deck (deck/routes.ts): every rep keeps and edits their own; drills need coaching (not Free).
  'GET /api/deck': { access: SIGNED_IN },
  'POST /api/deck': { access: SIGNED_IN, request: () => ({ body: { text: `A buyer line ${unique()}` } }), ok: [201] },
  'PATCH /api/deck/cards/:id': { access: OWNER, request: (f) => ({ params: { id: f.ownCard }, body: { text: 'We need to run it by finance' } }) },
  'GET /api/deck/due': { access: COACHING },
  'POST /api/deck/cards/:id/answer': { access: COACHING_OWNER, request: (f) => ({ params: { id: f.ownCard }, body: { answer: "That's fair. What would finance want to see?" } }) },
  'DELETE /api/deck/cards/:id': { access: OWNER, request: (f) => ({ params: { id: f.ownCard } }) },

  // Logging an outcome is open to every rep (progress/routes.ts), on their own coaching replies only.
  'PUT /api/outcomes/:messageId': { access: OWNER, request: (f) => ({ params: { messageId: f.coachingReplyId }, body: { result: 'won', note: 'Booked the follow-up.' } }) },
  'DELETE /api/outcomes/:messageId': { access: OWNER, request: (f) => ({ params: { messageId: f.coachingReplyId } }) },

  'PUT /api/account/profile': { access: SIGNED_IN, request: () => ({ body: PROFILE }) },
  'PUT /api/account/email': { access: SIGNED_IN, request: (_f, c) => ({ body: { email: `${c.username}.moved@example.com`, currentPassword: c.password } }) },
  'PUT /api/account/password': {
    access: SIGNED_IN,
    // With the main session: the change ends every *other* session of the account.
    request: (_f, c) => ({ body: { currentPassword: c.password, newPassword: CHANGED_PASSWORD } }),
    after: (c) => {
      c.password = CHANGED_PASSWORD;
    },
  },
  'GET /api/account/export': { access: SIGNED_IN },

  'POST /api/chat/session': { access: SIGNED_IN, request: () => ({ body: {} }), ok: [201] },
  'GET /api/chat/sessions': { access: SIGNED_IN },
  'GET /api/chat/status': { access: SIGNED_IN },
  'GET /api/chat/sessions/:sessionId': { access: OWNER, request: (f) => ({ params: { sessionId: f.chatSessionId } }) },
  'POST /api/chat/message': { access: OWNER, request: (f) => ({ body: { sessionId: f.chatSessionId, message: 'How do I answer "it is too expensive"?', clientId: randomUUID() } }) },
  'POST /api/chat/message/stream': {
    access: OWNER,
    request: (f) => ({ body: { sessionId: f.chatSessionId, message: 'They said they need to think about it.', clientId: randomUUID() } }),
    check: streamAnswered,
  },

  // Feedback is open to visitors and users alike (product §14.2); reading and triaging it is the admin's.
  'POST /api/feedback': {
    access: PUBLIC,
    request: () => ({ body: { type: 'general', category: 'other', subject: 'Matrix feedback', message: 'The coach helped me book a second meeting.', rating: 5 } }),
    ok: [201],
  },
  'GET /api/feedback': { access: ADMIN_UNLOCKED },
  'PATCH /api/feedback/:id/status': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.feedbackId }, body: { status: 'reviewed' } }) },

  'GET /api/community/overview': { access: PRO },
  'GET /api/community/posts': { access: PRO },
  'POST /api/community/posts': { access: PRO, request: () => ({ body: { title: 'Matrix post', content: 'How do you open a cold call?', category: 'prospecting' } }), ok: [201] },
  'GET /api/community/posts/:id': { access: PRO, request: (f) => ({ params: { id: f.authorPost } }) },
  'PUT /api/community/posts/:id': { access: PRO_OWNER, request: (f) => ({ params: { id: f.ownPost }, body: { title: 'Edited title', content: 'Edited content.', category: 'closing' } }) },
  'PUT /api/community/posts/:id/vote': { access: PRO, request: (f) => ({ params: { id: f.authorPost }, body: { value: 1 } }) },
  'POST /api/community/posts/:id/report': { access: PRO, request: (f) => ({ params: { id: f.authorPost }, body: { reason: 'Off topic' } }) },
  'GET /api/community/posts/:id/replies': { access: PRO, request: (f) => ({ params: { id: f.authorPost } }) },
  'POST /api/community/posts/:id/replies': { access: PRO, request: (f) => ({ params: { id: f.authorPost }, body: { content: 'Open with the reason for the call.' } }), ok: [201] },
  'PUT /api/community/replies/:id': { access: PRO_OWNER, request: (f) => ({ params: { id: f.ownReply }, body: { content: 'Edited reply.' } }) },
  'POST /api/community/replies/:id/report': { access: PRO, request: (f) => ({ params: { id: f.authorReply }, body: { reason: 'Spam' } }) },

  'GET /api/admin/unlock': { access: ADMIN },
  // A second session: unlocking (or locking) the main one would make the locked admin an unlocked one, and the reverse.
  'POST /api/admin/unlock': { access: ADMIN, freshSession: true, request: (_f, c) => ({ body: { secret: c.password } }) },
  'POST /api/admin/lock': { access: ADMIN, freshSession: true },
  'GET /api/admin/audit': { access: ADMIN_UNLOCKED },
  'GET /api/admin/escalations': { access: ADMIN_UNLOCKED },
  'GET /api/admin/escalations/:id/conversation': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.escalationId } }) },
  'POST /api/admin/escalations/:id/respond': {
    access: ADMIN_UNLOCKED,
    request: (f) => ({ params: { id: f.escalationId }, body: { adminResponse: 'Send me your demo agenda and we will look at it together.', learningNote: '' } }),
  },
  'POST /api/admin/escalations/:id/close': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.escalationId } }) },
  'GET /api/admin/knowledge-base': { access: ADMIN_UNLOCKED },
  'GET /api/admin/knowledge-base/versions': { access: ADMIN_UNLOCKED },
  'GET /api/admin/knowledge-base/versions/:id': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.knowledgeVersionId } }) },
  'POST /api/admin/knowledge-base': { access: ADMIN_UNLOCKED, request: () => ({ body: { knowledge: 'Always agree the next step before the call ends.' } }) },
  'POST /api/admin/knowledge-base/upload': { access: ADMIN_UNLOCKED, request: () => ({ body: { fileName: 'objections.md', content: 'Price: ask what they compare it with.' } }) },
  'POST /api/admin/test-knowledge': { access: ADMIN_UNLOCKED, request: () => ({ body: { testMessage: 'How do I handle a price objection?' } }) },
  'POST /api/admin/knowledge-base/versions/:id/restore': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.knowledgeVersionId } }) },
  'DELETE /api/admin/knowledge-base': { access: ADMIN_UNLOCKED },
  // Issue #27's lessons. The shipped file saves as it is; a version may or may not exist yet when
  // its routes are called (404 past the gate); the upload's body is a raw file, which the matrix's
  // JSON requests do not send (400 past the gate; lesson-admin.test.ts uploads real ones).
  'GET /api/admin/lessons': { access: ADMIN_UNLOCKED },
  'PUT /api/admin/lessons/:partId': {
    access: ADMIN_UNLOCKED,
    request: () => ({ params: { partId: 'closing' }, body: { source: fs.readFileSync(new URL('../../../content/practice/lessons/closing.md', import.meta.url), 'utf8'), videoId: null } }),
  },
  'GET /api/admin/lessons/:partId/versions': { access: ADMIN_UNLOCKED, request: () => ({ params: { partId: 'closing' } }) },
  'GET /api/admin/lessons/:partId/versions/:id': { access: ADMIN_UNLOCKED, request: () => ({ params: { partId: 'closing', id: 1 } }), ok: [200, 404] },
  'POST /api/admin/lessons/:partId/versions/:id/restore': { access: ADMIN_UNLOCKED, request: () => ({ params: { partId: 'closing', id: 1 } }), ok: [200, 404] },
  'PUT /api/admin/lessons/:partId/video': { access: ADMIN_UNLOCKED, request: () => ({ params: { partId: 'closing' } }), ok: [400] },
  'DELETE /api/admin/lessons/:partId/video': { access: ADMIN_UNLOCKED, request: () => ({ params: { partId: 'closing' } }), ok: [404] },
  'GET /api/admin/moderation/reports': { access: ADMIN_UNLOCKED },
  'POST /api/admin/moderation/posts/:id/hide': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.modPost } }) },
  'POST /api/admin/moderation/posts/:id/restore': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.modPost } }) },
  'POST /api/admin/moderation/posts/:id/dismiss-reports': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.modPost } }) },
  'POST /api/admin/moderation/posts/:id/pin': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.modPost } }) },
  'POST /api/admin/moderation/posts/:id/unpin': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.modPost } }) },
  'POST /api/admin/moderation/replies/:id/hide': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.modReply } }) },
  'POST /api/admin/moderation/replies/:id/restore': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.modReply } }) },
  'POST /api/admin/moderation/replies/:id/dismiss-reports': { access: ADMIN_UNLOCKED, request: (f) => ({ params: { id: f.modReply } }) },

  // Checkout: any account may start one (409 when it already has that plan, or the promo was used).
  'POST /api/create-basic-subscription': createSubscription,
  'POST /api/create-pro-subscription': createSubscription,
  'POST /api/create-pro-promo-subscription': createSubscription,
  'POST /api/payment-success': { access: OWNER, request: (f) => ({ body: { subscriptionId: f.subscriptionId } }) },
  'POST /api/sandbox/confirm-payment': { access: OWNER, request: (f) => ({ body: { clientSecret: f.clientSecret, card: CARD_OK } }) },
  'GET /api/billing': { access: SIGNED_IN },
  // 409: no live subscription to cancel or resume.
  'POST /api/billing/cancel': { access: SIGNED_IN, ok: [200, 409] },
  'POST /api/billing/resume': { access: SIGNED_IN, ok: [200, 409] },
  'GET /api/referral/codes/:code': { access: PUBLIC, request: () => ({ params: { code: 'NOSUCHCODE' } }) },
  'GET /api/referral': { access: SIGNED_IN },
  // 409: no free Pro month to redeem.
  'POST /api/referral/redeem': { access: SIGNED_IN, ok: [200, 409] },

  // Destructive, so last: the owner's reply and post, the clock, then every account.
  'DELETE /api/community/replies/:id': { access: PRO_OWNER, request: (f) => ({ params: { id: f.ownReply } }) },
  'DELETE /api/community/posts/:id': { access: PRO_OWNER, request: (f) => ({ params: { id: f.ownPost } }) },
  // Exists only with SANDBOX_TEST_CLOCK=1 and the sandbox provider (browser tests; env.ts refuses it
  // with Stripe keys); the matrix builds the app with it to cover it. It moves time for everyone,
  // so it is an admin action. Before the accounts go: the unlocked admin is the one who may.
  'POST /api/sandbox/advance-clock': { access: ADMIN_UNLOCKED, request: () => ({ body: { days: 1 } }) },
  'DELETE /api/account': { access: SIGNED_IN, request: (_f, c) => ({ body: { confirmation: 'DELETE', currentPassword: c.password } }) },
};
