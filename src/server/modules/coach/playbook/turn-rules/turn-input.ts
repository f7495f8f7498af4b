import { TOPIC_STAGE, type CallStage, type Stage, type Topic } from '#shared/coaching.js';
import type { CoachContext } from '../../engine.js';
import { lastState, type DialogueState, type Turn } from '../dialogue-state.js';
import { withMessage, type Facts } from '../facts.js';
import { intentOf, type Intent } from '../intent.js';
import { momentOf } from '../moment.js';
import { motionsIn, type Motion } from '../motion.js';
import { TECHNIQUES, type Technique } from '../techniques.js';
import { CONSUMER_WAYS, motionForWay, wayOf } from '../way.js';
import type { Way } from '../plays/schema.js';
import { readMessage, type Reading } from './reading.js';

/** One move of the coach: it answers the turn, or leaves it (`undefined`) to the rules after it. */
export interface TurnRule {
  name: string;
  apply(turn: TurnInput): Turn | undefined;
}

/**
 * What every rule answers from, read once per message. `moment` and `reading` are read when a
 * rule first asks for them: the rules that answer most messages (a scene line, another tip,
 * thanks) never pay for the full reading of the message.
 */
export interface TurnInput {
  readonly ctx: CoachContext;
  /** The state the last turn left. */
  readonly previous: DialogueState;
  /** That state with what this message tells taken in. */
  readonly state: DialogueState;
  readonly intent: Intent | null;
  /** The technique given last. */
  readonly technique: Technique | undefined;
  /** The conversation's topic so far. */
  readonly topic: Topic | undefined;
  readonly stage: Stage;
  /** The moment of the call the message names. */
  readonly moment: CallStage | undefined;
  readonly reading: Reading;
  /** Methods named earlier in the conversation: pushback never gets one of them again. */
  readonly methods: string[];
}

/** The motion the onboarding profile names, if it names one. */
const profileMotion = (p: CoachContext['profile']): Motion | undefined => motionsIn([p.industry, p.product, p.biggestStruggle].filter(Boolean).join('. ')).named[0];

/** The motions where the buyer is a household: a front door, a showroom, a kitchen table. */
const HOUSEHOLD_MOTIONS: readonly Motion[] = ['door_to_door', 'in_home', 'showroom'];

/**
 * A rep who sells to businesses meets no household: the techniques written for a front door, a
 * showroom or a kitchen table ("who else has a say on the house?") are ruled out for them, as if
 * they had said so, and a household motion read from a passing word goes.
 */
function forBuyer(way: Way | undefined, facts: Facts): Facts {
  if (!way || CONSUMER_WAYS.has(way)) return facts;
  return {
    ...facts,
    motion: facts.motion && HOUSEHOLD_MOTIONS.includes(facts.motion) ? undefined : facts.motion,
    notMotions: [...new Set([...facts.notMotions, ...HOUSEHOLD_MOTIONS])],
  };
}

export function turnInput(ctx: CoachContext): TurnInput {
  const previous = lastState(ctx.history);
  // Before the rep says how they sell, the profile says it ("Solar panels, door to door").
  const known = previous.facts.motion ? previous.facts : { ...previous.facts, motion: profileMotion(ctx.profile) };
  const read = withMessage(known, ctx.message);
  // The way of selling: what the rep says now, else what the conversation had, else the profile.
  const way = wayOf(ctx.message, previous.play.way, ctx.profile, read.motion);
  const facts = forBuyer(way, { ...read, motion: motionForWay(way, read.motion) });
  const state: DialogueState = { ...previous, facts, play: { ...previous.play, way } };
  const topic = state.topic;
  const stage = state.stage ?? (topic ? TOPIC_STAGE[topic] : 'general');
  let moment: { value: CallStage | undefined } | undefined;
  let reading: Reading | undefined;
  const input: TurnInput = {
    ctx,
    previous,
    state,
    intent: intentOf(ctx.message),
    technique: TECHNIQUES.find((t) => t.id === state.techniqueId),
    topic,
    stage,
    methods: previous.seen.methods,
    get moment() {
      return (moment ??= { value: momentOf(ctx.message) }).value;
    },
    get reading() {
      return (reading ??= readMessage(ctx, previous, state, stage, input.moment));
    },
  };
  return input;
}
