import { answerToQuestion } from './answer-to-question.js';
import { clarify } from './clarify.js';
import { coachFound } from './coach.js';
import { deepen } from './deepen.js';
import { differentProblem } from './different-problem.js';
import { firstQuestion } from './first-question.js';
import { goesOn } from './goes-on.js';
import { inScene } from './in-scene.js';
import { noScene } from './no-scene.js';
import { notPlaced } from './not-placed.js';
import { offTopic } from './off-topic.js';
import { outsideCoaching } from './outside-coaching.js';
import { pickedTopic } from './picked-topic.js';
import { playCoach } from './play-coach.js';
import { playPushback } from './play-pushback.js';
import { playRolePlay } from './play-role-play.js';
import { playScene } from './play-scene.js';
import { pushback } from './pushback.js';
import { replayDrill } from './replay-drill.js';
import { shorter } from './shorter.js';
import { startRolePlay } from './start-role-play.js';
import { thanks } from './thanks.js';
import { topicCovered } from './topic-covered.js';
import type { TurnRule } from './turn-input.js';

/**
 * The built-in coach's moves, in the order they are tried: the first rule that answers a message
 * gives the turn. The order is the logic. A message has at most one intent (intent.ts), so the
 * rules keyed on different intents never compete; what matters is where each sits against the
 * scene and against the rules that read the message itself.
 */
export const TURN_RULES: readonly TurnRule[] = [
  // Before everything, the scene included: asking for a different problem leaves whatever is under way.
  differentProblem,
  // A scene of a written moment: the rep's line goes to the buyer the rep asked for.
  playScene,
  // Before pushback, thanks and asides: during a role-play what the rep types is their line to the buyer ("that won't work" included).
  inScene,
  // After both scenes, which take "stop" while one runs: with none running there is nothing to judge.
  noScene,
  // Before the other role-play starts: "Try the scene again" after a lesson's drill replays the lesson's buyer.
  replayDrill,
  // After the scenes, which pass "role-play this" on: asked for mid-scene, it starts the scene over;
  // a moment written for the rep's way of selling has its own buyer, so it comes before the older one.
  playRolePlay,
  startRolePlay,
  // Before anything reads the message as selling: a legal, tax, HR or medical question is not
  // coached with a guess, and an aside is declined, not diagnosed.
  outsideCoaching,
  offTopic,
  // Before the older pushback and "shorter": after written coaching, pushback gets the moment's next
  // approach with a method not named before ("too long" gets the line alone).
  playPushback,
  // Before pushback, whose intent it shares: "too long" faults the length, not the method.
  shorter,
  // Before pushback and another tip: with every fitting technique given, they would only repeat one.
  topicCovered,
  // After shorter and topic covered, which take the pushback and tips they answer better; after the scene, whose lines look like pushback.
  pushback,
  // Before the message is read as a problem: "ok" or "got it" would otherwise be asked about, and count towards calling in a person.
  thanks,
  // Before the message is read as a story: a tapped picker label names its topic exactly.
  pickedTopic,
  // Before the rules that read the message as a story: a moment written for the rep's way of
  // selling, or a question a trainer answered for it, is coached from that.
  playCoach,
  // Right after it: a correction the written moments cannot place is asked about, not answered with the nearest card.
  notPlaced,
  // Before deepen, goes on and clarify: whatever the rep answers to the coach's question is the answer, even one the coach cannot place.
  answerToQuestion,
  // Before goes on: "how do I ask her that?" works through the technique just given instead of choosing another.
  deepen,
  // Before clarify: mid-conversation, added context that names no new problem is still about the current one.
  goesOn,
  // Before the question and the coaching, which both need a topic: a message nothing places is asked about again.
  clarify,
  // Before coaching: a first message that says too little gets one question.
  firstQuestion,
  // Last, and it answers every message that reaches it (clarify took those with no topic).
  coachFound,
];
