import type { DialogueState, Turn } from '../dialogue-state.js';
import { MOMENT_PLACE } from '../play.js';
import type { PlayInput, PlayTurn } from '../play-turns.js';
import type { TurnInput } from './turn-input.js';

/** What the written ways of selling's turns read from the turn (play-turns.ts). */
export const playInput = (t: TurnInput): PlayInput => ({ ctx: t.ctx, play: t.state.play, facts: t.state.facts, methods: t.methods, intent: t.intent });

/**
 * A turn from the written content, as the dialogue stores it: the moment's place in the call
 * becomes the conversation's topic and stage, so the older rules that may answer next (thanks, an
 * aside) carry on from it; no technique is current, and an older scene is over.
 */
export function asTurn(t: TurnInput, played: PlayTurn | undefined): Turn | undefined {
  if (!played) return undefined;
  const moment = played.play.scene?.moment ?? played.play.moment;
  const place = moment ? MOMENT_PLACE[moment] : undefined;
  // Where in the call: the moment the rep's words name ("half way through the call…"), else where
  // the written moment usually sits. The diagnosis the app shows stays the coach's own reading.
  // "We already have one" is heard at the door and mid-demo alike: there the coach's own reading
  // of the message places it; every other moment sits where it usually does.
  const read = t.moment ?? (moment === 'have_one' ? t.reading.d.stage : undefined);
  const stage = read && read !== 'general' ? read : (place?.stage ?? t.state.stage);
  const state: DialogueState = {
    ...t.state,
    phase: played.play.scene ? 'roleplay' : 'coached',
    topic: place?.topics[0] ?? t.state.topic,
    stage,
    techniqueId: undefined,
    scene: undefined,
    lowStreak: 0,
    play: played.play,
  };
  return { reply: { ...played.reply, coaching: { ...played.reply.coaching, stage: stage ?? played.reply.coaching.stage }, state } };
}
