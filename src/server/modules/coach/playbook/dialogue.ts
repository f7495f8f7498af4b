import type { CoachContext } from '../engine.js';
import type { DialogueState, Turn } from './dialogue-state.js';
import { seeing } from './memory.js';
import { eitherOr } from './play.js';
import { TURN_RULES } from './turn-rules/index.js';
import { turnInput, type TurnInput, type TurnRule } from './turn-rules/turn-input.js';

/**
 * The built-in coach's dialogue: how each rep message moves the conversation. The state it keeps
 * between turns is in dialogue-state.ts; each move is a rule in turn-rules/, tried in the order
 * turn-rules/index.ts gives. Pure and deterministic: the same context gives the same turn.
 */
export { lastState, type DialogueState, type Turn } from './dialogue-state.js';
export { NEXT_OPTIONS, TOPIC_PICKER, techniquePassage } from './compose.js';

/**
 * A rep's either/or ("go back tomorrow or wait two weeks?") the turn does not answer in its first
 * lines is not passed over in silence: the reply says plainly that it cannot choose for them from
 * here, then gives what decides it (issue #23: answer first, and say so when the coach cannot).
 */
function answeredFirst(message: string, turn: Turn): Turn {
  const split = eitherOr(message);
  const opening = turn.reply.content.split(/\s+/).slice(0, 60).join(' ').toLowerCase();
  if (!split || split.some((side) => side.toLowerCase().split(/\s+/).some((w) => w.length >= 4 && !/^(?:just|should|would|them|they|with|that|this|what|like)$/.test(w) && opening.includes(w)))) return turn;
  const said = `Between "${split[0]}" and "${split[1]}" I can't choose for you from here: it depends on your buyer. Here is what decides it.`;
  return { ...turn, reply: { ...turn.reply, content: `${said}\n\n${turn.reply.content}` } };
}

/**
 * The rules whose replies are the role-play (its opening line, the buyer's answers, hints, the
 * feedback that ends it): marked as such in one place, so the chat offers no "Tried it?" under
 * them and progress counts no calls on them, whichever of the rules wrote the words.
 */
const ROLE_PLAY_RULES: ReadonlySet<string> = new Set(['play scene', 'in scene', 'no scene to stop', 'replay drill', 'play role-play', 'start role-play']);

/** True when the turn leaves a scene running: its words are the buyer's (or a hint), not feedback. */
function sceneGoesOn(turn: Turn): boolean {
  const state = turn.reply.state as DialogueState | undefined;
  return state?.phase === 'roleplay' || state?.play?.scene !== undefined;
}

/**
 * A role-play turn, marked. While the scene goes on it names no method: the chat would caption the
 * buyer's line "Method: Takeaway close", as if the buyer used it (issue #25). The feedback that
 * ends the scene keeps it, since that is where the rep's lines are judged against the method.
 */
function asRolePlay(turn: Turn): Turn {
  const { method: _named, ...coaching } = turn.reply.coaching;
  return { ...turn, reply: { ...turn.reply, coaching: { ...(sceneGoesOn(turn) ? coaching : turn.reply.coaching), rolePlay: true } } };
}

/** One turn of the built-in coach: the first rule's answer. */
export function nextTurn(ctx: CoachContext): Turn {
  const input = turnInput(ctx);
  for (const rule of TURN_RULES) {
    const turn = ruleTurn(ctx, rule, input);
    if (turn) return remembered(ctx, input.previous, ROLE_PLAY_RULES.has(rule.name) ? asRolePlay(turn) : turn);
  }
  // Unreachable: clarify answers every message with no topic found and the last rule every other.
  throw new Error('No turn rule answered the message.');
}

/**
 * The turn's state with the rep's message and the reply, as stored, added to what the coach has
 * seen (memory.ts), so the next turns need not find them in the history. A reply with no state
 * leaves them to the next turn, which reads the messages after the newest state.
 */
function remembered(ctx: CoachContext, previous: DialogueState, turn: Turn): Turn {
  const state = turn.reply.state as DialogueState | undefined;
  if (!state) return turn;
  const seen = seeing(seeing(previous.seen, { role: 'user', content: ctx.message }), { role: 'assistant', ...turn.reply });
  return { ...turn, reply: { ...turn.reply, state: { ...state, seen } satisfies DialogueState } };
}

/** One rule's answer, if it has one. */
function ruleTurn(ctx: CoachContext, rule: TurnRule, input: TurnInput): Turn | undefined {
  const turn = rule.apply(input);
  if (!turn) return undefined;
  // A scene of a written moment lasts only while its own rules answer.
  if (turn.reply.state && !rule.name.startsWith('play ')) {
    const state = turn.reply.state as DialogueState;
    const scene = state.play?.scene;
    if (scene) return { ...turn, reply: { ...turn.reply, state: { ...state, play: { ...state.play, scene: undefined, last: { moment: scene.moment, lines: scene.lines } } } } };
  }
  // A line said in a scene is the rep's line to the buyer, not a question to the coach.
  // The written rules answer a question themselves; a scene line is the rep's line to the buyer.
  return (turn.reply.state as DialogueState | undefined)?.phase === 'roleplay' || rule.name.startsWith('play ') || rule.name.includes('scene') ? turn : answeredFirst(ctx.message, turn);
}
