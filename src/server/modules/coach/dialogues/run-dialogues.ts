import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ChatMessage } from '#shared/schemas/chat.js';
import { STRUGGLE_MAX, TEXT_MAX } from '#shared/schemas/onboarding.js';
import { DEFAULT_PROFILE, type Dialogue } from './dialogue-file.js';
import { DialogueJudge, type CheckResult, type TurnReply } from './judge.js';

export interface TurnOutcome {
  rep: string;
  reply: TurnReply;
  checks: CheckResult[];
}

export interface DialogueOutcome {
  id: string;
  turns: TurnOutcome[];
}

function cookieOf(setCookie: string | string[] | undefined): string {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  const cookie = first?.split(';')[0];
  if (!cookie) throw new Error('sign-up set no session cookie');
  return cookie;
}

/** The reply of a turn: every coach message after the rep's, joined; its coaching from the last that has one. */
export function replyOf(status: number, messages: ChatMessage[]): TurnReply {
  if (status !== 200) return { status, text: '', coaching: null };
  const lastRep = messages.map((m) => m.role).lastIndexOf('user');
  const after = messages.slice(lastRep + 1);
  const coaching = [...after].reverse().find((m) => m.coaching)?.coaching ?? null;
  return { status, text: after.map((m) => m.content).join('\n\n'), coaching };
}

/**
 * Runs each dialogue through the real app, as docs/coach-eval.md says: a new rep with the dialogue's
 * profile, one new conversation, the turns sent in order, each answered before the next.
 */
export async function runDialogue(app: FastifyInstance, dialogue: Dialogue): Promise<DialogueOutcome> {
  const tag = `${dialogue.id.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}_${randomBytes(4).toString('hex')}`;
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { username: `eval_${tag}`, email: `eval_${tag}@example.com`, password: 'Dialogue-Runner-2026' },
  });
  if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.statusCode} ${signup.body}`);
  const cookie = cookieOf(signup.headers['set-cookie']);
  // The app refuses longer answers than onboarding allows; a dialogue written with a longer one
  // runs with it cut to the limit, as a rep would have had to shorten it.
  const given = { ...DEFAULT_PROFILE, ...dialogue.profile };
  const cut = (value: string, max: number) => (value.length > max ? value.slice(0, max).replace(/\s+\S*$/, '') : value);
  const profile = {
    ...given,
    city: cut(given.city, TEXT_MAX),
    state: cut(given.state, TEXT_MAX),
    industry: cut(given.industry, TEXT_MAX),
    product: cut(given.product, TEXT_MAX),
    biggestStruggle: cut(given.biggestStruggle, STRUGGLE_MAX),
  };
  const onboarding = await app.inject({ method: 'POST', url: '/api/onboarding', headers: { cookie }, payload: profile });
  if (onboarding.statusCode !== 200) throw new Error(`onboarding failed for ${dialogue.id}: ${onboarding.body}`);
  const created = await app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie }, payload: {} });
  const sessionId = created.json<{ sessionId: string }>().sessionId;

  const judge = new DialogueJudge();
  const turns: TurnOutcome[] = [];
  for (const turn of dialogue.turns) {
    const res = await app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie }, payload: { sessionId, message: turn.rep } });
    const messages = res.statusCode === 200 ? res.json<{ messages: ChatMessage[] }>().messages : [];
    const reply = replyOf(res.statusCode, messages);
    turns.push({ rep: turn.rep, reply, checks: judge.judgeTurn(reply, turn.expect) });
  }
  return { id: dialogue.id, turns };
}
