import type { CoachContext, CoachReply } from '../engine.js';
import { AFTER_SCENE_OPTIONS, DIFFERENT_PROBLEM, HINT, NEXT_STEP_OPTIONS, ROLE_PLAY } from '../vocabulary.js';
import type { Facts } from './facts.js';
import { answerFor, approachKey, asksForWords, eitherOr, isDirectAsk, MOMENT_LABELS, nextApproach, playCoaching, playText } from './play.js';
import { deniedMoments, playMomentsIn } from './play-moment.js';
import { buyerReply, DECIDER, endsScene, feedbackOn, namedBuyer, speaker } from './play-scene.js';
import { cellFor, PLAYS } from './plays/index.js';
import { MOMENTS, WAYS, type Cell, type PlayMoment, type Way } from './plays/schema.js';
import { assess } from './role-play.js';
import { spokenLine } from './scene.js';
import { normalize } from './text.js';

/**
 * The turns the built-in coach takes from the written ways of selling (issue #23): coaching a
 * moment, pushback, a role-play and its feedback. Each returns nothing when it has no content for
 * the conversation (no way known, no moment named), and the older technique turns answer instead.
 */

/** Where the written coaching stands, kept in the dialogue state between turns. */
export type PlayState = {
  way?: Way;
  moment?: PlayMoment;
  /** Approaches given, as approachKey()s. */
  given: string[];
  /** Questions asked from cells' `decide`, so none is asked twice. */
  asked: string[];
  scene?: PlayScene;
  /** The last scene's moment and the rep's lines in it, once it ended. */
  last?: { moment: PlayMoment; lines: string[] };
};

export type PlayScene = {
  moment: PlayMoment;
  who: string;
  /** The rep's lines, as they said them. */
  lines: string[];
  /** The buyer's lines so far, joined: the buyer never says one twice. */
  said: string;
  exchanges: number;
  /** The coach plays the one who was not there, from the decider's lines (play-scene.ts). */
  decider?: 'consumer' | 'business';
};

export const NO_PLAY: PlayState = { given: [], asked: [] };

const isWay = (x: unknown): x is Way => typeof x === 'string' && (WAYS as readonly string[]).includes(x);
const isMoment = (x: unknown): x is PlayMoment => typeof x === 'string' && (MOMENTS as readonly string[]).includes(x);
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export function readPlay(raw: unknown): PlayState {
  if (!raw || typeof raw !== 'object') return { ...NO_PLAY };
  const p = raw as Record<string, unknown>;
  const s = p.scene as Record<string, unknown> | undefined;
  const scene =
    s && isMoment(s.moment) && typeof s.who === 'string'
      ? {
          moment: s.moment,
          who: s.who,
          lines: strings(s.lines),
          said: typeof s.said === 'string' ? s.said : '',
          exchanges: typeof s.exchanges === 'number' ? s.exchanges : 0,
          decider: s.decider === 'consumer' ? ('consumer' as const) : s.decider === 'business' ? ('business' as const) : undefined,
        }
      : undefined;
  const l = p.last as Record<string, unknown> | undefined;
  const last = l && isMoment(l.moment) ? { moment: l.moment, lines: strings(l.lines) } : undefined;
  return { way: isWay(p.way) ? p.way : undefined, moment: isMoment(p.moment) ? p.moment : undefined, given: strings(p.given), asked: strings(p.asked), scene, last };
}

export interface PlayInput {
  ctx: CoachContext;
  play: PlayState;
  facts: Facts;
  /** Methods named earlier in this conversation, so pushback never gets one again. */
  methods: string[];
  /** The built-in intent the dialogue read: 'roleplay', 'pushback', 'hint', 'stop'… */
  intent: string | null;
}

export interface PlayTurn {
  reply: Omit<CoachReply, 'state'>;
  play: PlayState;
}

// The written plays' scene ends with feedback, so its stop asks for it.
const IN_SCENE = [HINT, 'Stop, how did I do?'];
const MAX_EXCHANGES = 4;


/** A line written for a husband's voice, said by the wife the rep asked for, and the other way round. */
function inVoiceOf(line: string, who: string): string {
  const w = who.toLowerCase();
  // Only between spouses: a son is not "my husband"'s opposite.
  if (/\b(?:wife|widow)\b/.test(w)) return line.replace(/\bmy wife\b/gi, 'my husband').replace(/\bshe\b/g, 'he').replace(/\bher\b/g, 'his');
  if (/\b(?:husband|widower)\b/.test(w)) return line.replace(/\bmy husband\b/gi, 'my wife').replace(/\bhe\b/g, 'she').replace(/\bhis\b/g, 'her');
  return line;
}

/** The moment a scene or a coaching reply is about: the one the message names, else the one under way. */
function momentFor(message: string, play: PlayState, facts: Facts): PlayMoment | undefined {
  const named = playMomentsIn(message, facts.quotes.at(-1));
  return named[0] ?? play.moment;
}

const withWay = (input: PlayInput): Way | undefined => input.play.way;

// ---- The scene ----

/** Start a role-play of the moment under way, as the buyer the rep named. */
export function startPlayScene(input: PlayInput): PlayTurn | undefined {
  const way = withWay(input);
  if (!way) return undefined;
  const { ctx, play, facts } = input;
  const found = momentFor(ctx.message, play, facts) ?? (facts.quotes.length ? playMomentsIn(facts.quotes.join('. '))[0] : undefined);
  const named = namedBuyer(ctx.message);
  // Asked to play the one who was not there (the son, the husband, the boss), the coach plays them
  // weighing it: their first question is what it costs. The spouse moment's lines are the buyer's
  // who defers to them.
  const moment = found;
  const cell = moment && cellFor(way, moment);
  if (!moment || !cell) return undefined;
  // Asked to play the one who was not there (the son, the husband, the owner), the coach plays them
  // weighing it; the spouse moment's written lines are the voice of the buyer who defers to them.
  const decider = moment === 'spouse' && named && named !== cell.buyer.who ? (PLAYS.get(way)?.consumer ? 'consumer' : 'business') : undefined;
  const who = named ?? (facts.decider && !/^(?:the )?(?:buyer|customer)$/.test(facts.decider) ? (/^(?:the|my|his|her) /.test(facts.decider) ? facts.decider.replace(/^(?:my|his|her) /, 'the ') : facts.decider) : undefined) ?? cell.buyer.who;
  // The buyer's own words from this conversation, when the rep quoted some the buyer could say to
  // their face; else how the written buyer opens this moment.
  // Only a line the rep quoted as the buyer's, about this moment: not the rep's own words in quotes.
  const own = facts.quotes.findLast((q, i) => !/\b(?:he|she|him|her|his|hers|i should|should i|my manager|my boss)\b/i.test(q) && q.split(/\s+/).length <= 25 && q.split(/\s+/).length >= 3 && playMomentsIn(q).includes(moment) && (facts.speakers[i] ?? '') !== 'rep');
  const line = decider ? (DECIDER[decider].opens[0] ?? '') : own ? `${own.charAt(0).toUpperCase()}${own.slice(1)}` : inVoiceOf(cell.buyer.opens[0] ?? '', who);
  return {
    reply: {
      content: `Let's practise ${MOMENT_LABELS[moment]}. I'll be ${who}; answer the way you would for real, and say "stop" whenever you want feedback.\n\n**${speaker(who)}:** "${line}"`,
      options: IN_SCENE,
      coaching: playCoaching(moment, cell.approaches[0]?.method),
      confidence: 0.9,
    },
    play: { ...play, moment, scene: { moment, who, lines: [], said: line, exchanges: 0, ...(decider ? { decider } : {}) } },
  };
}

/** A line the rep says in the scene, a hint, or the end of it. */
export function playSceneTurn(input: PlayInput): PlayTurn | undefined {
  const { ctx, play } = input;
  const scene = play.scene;
  const way = play.way;
  const cell = scene && way && cellFor(way, scene.moment);
  if (!scene || !cell) return undefined;
  const coaching = playCoaching(scene.moment, cell.approaches[0]?.method);
  if (input.intent === 'hint') {
    const line = cell.approaches.flatMap((a) => a.lines).find((l) => !scene.said.includes(l)) ?? cell.approaches[0]?.lines[0] ?? '';
    return {
      reply: { content: `Acknowledge what they said, ask one real question, then offer a small next step. Something like: "${line}"\n\nNow say it your way.`, options: ['Stop, how did I do?'], coaching, confidence: 0.9 },
      play,
    };
  }
  if (endsScene(ctx.message) || input.intent === 'stop') {
    // "…save 20 bucks a month. stop, how did i do": the words before the stop are the rep's last line.
    const before = ctx.message.replace(TRAILING_STOP, '').trim();
    const last = before && before !== ctx.message.trim() && before.split(/\s+/).length >= 4 ? [spokenLine(before)] : [];
    return endScene(play, scene, cell, coaching, [...scene.lines, ...last], 'That ends the scene.');
  }
  const line = spokenLine(ctx.message);
  const lines = [...scene.lines, line];
  const exchanges = scene.exchanges + 1;
  if (exchanges >= MAX_EXCHANGES) return endScene(play, scene, cell, coaching, lines, `That's ${exchanges} exchanges, so let's stop there.`);
  const next = inVoiceOf(buyerReply(scene.decider ? DECIDER[scene.decider] : cell.buyer, assess(line), scene.said), scene.who);
  return {
    reply: { content: `**${speaker(scene.who)}:** "${next}"`, options: IN_SCENE, coaching, confidence: 0.85 },
    play: { ...play, scene: { ...scene, lines, said: `${scene.said}\n${next}`, exchanges } },
  };
}

/** "stop", "stop, how did I do", "ok stop" at the end of a line. */
const TRAILING_STOP = /[\s,.;:!?'"‘’“”-]*(?:ok(?:ay)?[\s,]+)?(?:stop|end (?:the )?(?:scene|role ?play))[\s,.!]*(?:how (?:did|d) i do)?[\s?.!'"‘’“”]*$/i;

function endScene(play: PlayState, scene: PlayScene, cell: Cell, coaching: PlayTurn['reply']['coaching'], lines: string[], lead: string): PlayTurn {
  return {
    reply: { content: `${lead}\n\n${feedbackOn(lines, cell)}\n\nRun it again, or move on?`, options: [...AFTER_SCENE_OPTIONS], coaching, confidence: 0.85 },
    // The scene's lines are kept, for a rep who asks again how they did.
    play: { ...play, scene: undefined, last: { moment: scene.moment, lines } },
  };
}

/** How the last scene went, asked for again after it ended ("can you tell me how my lines were?"). */
export function lastSceneFeedback(play: PlayState): string | undefined {
  const last = play.last;
  const cell = last && play.way && cellFor(play.way, last.moment);
  if (!last || !cell || last.lines.length === 0) return undefined;
  return `About the scene you just played:\n\n${feedbackOn(last.lines, cell)}`;
}

// ---- Coaching ----

/** A move the rep could make in the sale: an either/or between two of them is about the moment under way. */
const MOVE = /\b(?:offer|give|hold|drop|send|call|text|email|wait|push|match|cut|lower|raise|quote|show|ask|walk|stick|tell|counter|accept|sign|concede|discount|follow|knock|leave|stay)\b/i;
const CONCEDE = /\b(?:offer|give|drop|cut|lower|match|discount|knock|concede|waive|throw in)\b/i;
const HOLD = /\b(?:hold|wait|stick|keep|stand|no)\b/i;

/**
 * "Do I offer the 10 or hold?" at a price, discount or fee moment: a trainer's answer is the same
 * in every way of selling, and the written approaches say why (a concession is traded, never given).
 */
function concedeOrHold(split: readonly [string, string] | undefined, moment: PlayMoment): string | undefined {
  if (!split || !['price', 'discount', 'fee'].includes(moment)) return undefined;
  const [a, b] = split;
  const gives = CONCEDE.test(a) ? a : CONCEDE.test(b) ? b : undefined;
  const holds = HOLD.test(a) ? a : HOLD.test(b) ? b : undefined;
  if (!gives || !holds || gives === holds) return undefined;
  return `Hold, for now. A concession given for nothing tells them there is more where it came from. If you move at all, move once, and only for something back.`;
}

const STOP = new Set(['should', 'would', 'could', 'just', 'then', 'that', 'this', 'them', 'they', 'with', 'what', 'like', 'about', 'first', 'really', 'actually', 'going', 'their', 'there']);

/** Whether a side of the rep's either/or is about what a cell covers: one of its words is in the cell. */
function mentionedIn(side: string, cell: Cell): boolean {
  const text = normalize(JSON.stringify(cell));
  return normalize(side).trim().split(' ').some((w) => w.length >= 4 && !STOP.has(w) && text.includes(` ${w} `));
}

const SHORTER = / (?:too long|shorter|shorten|tl ?dr|nobody reads|no one reads|too wordy|cut it down) /;
/** "short pls, what do I say": the words alone. */
const BRIEF = / (?:short|shorter|quick|quickly|real quick|just the (?:line|words)|one line|tl ?dr|in a sentence) /;
/** "a bunch of stuff", "1) … 2) …": several problems at once. */
const LIST = / (?:bunch of (?:stuff|things|problems|issues)|a few things|couple (?:of )?things|several things|lots of things|multiple (?:things|problems)|a lot of things) | 1 .+ 2 /;

/** A coaching reply from the cell of this way and moment: the rep's question answered first, then the next approach. */
export function playCoach(input: PlayInput): PlayTurn | undefined {
  const way = withWay(input);
  if (!way) return undefined;
  const { ctx, play, facts } = input;
  const denied = deniedMoments(ctx.message);
  // The buyer's line this message quotes (not one from earlier in the conversation).
  const fresh = facts.quotes.at(-1);
  const quotedNow = fresh && ctx.message.includes(fresh.slice(0, 20)) ? fresh : undefined;
  const named = playMomentsIn(ctx.message, quotedNow).filter((m) => !denied.includes(m) && cellFor(way, m));
  // A rep listing several problems at once is asked which first (the older coach does), not coached on one at random.
  if (LIST.test(normalize(ctx.message)) || new Set(named).size >= 3) return undefined;
  const direct = isDirectAsk(ctx.message);
  const call = direct ? answerFor(ctx.message, way, named[0] ?? play.moment) : undefined;
  const current = play.moment && !denied.includes(play.moment) ? play.moment : undefined;
  // The moment: the one the message names, else the one the rep's question is about, else the one
  // under way when the rep asks for the words for it. A message that goes on about something the
  // written moments do not cover ("they just don't trust door knockers") is left to the older
  // coach, which reads the message itself.
  // An either/or about the moment under way ("offer the 10 or hold?") is answered from it; one
  // about something else ("is that normal or am I getting ripped off?") is not.
  const split = eitherOr(ctx.message);
  const currentCell = current && cellFor(way, current);
  const aboutCurrent = Boolean(split && currentCell && (split.some((side) => mentionedIn(side, currentCell)) || MOVE.test(split.join(' '))));
  const moment = named[0] ?? call?.moment ?? (current && (asksForWords(ctx.message) || aboutCurrent) ? current : undefined);
  const cell = moment && cellFor(way, moment);
  if (!moment || !cell) return undefined;
  // The buyer's line this message quotes, when it is about this moment: quoted back exactly.
  const quoted = quotedNow && playMomentsIn(quotedNow).includes(moment) ? quotedNow : undefined;
  const buyerLine = quoted && quoted.split(/\s+/).length <= 25 ? quoted : undefined;
  return coachFrom(input, way, moment, cell, { answer: call?.answer ?? concedeOrHold(split, moment), lead: undefined, buyerLine });
}

/** Pushback or "another tip": the next approach of the same moment, with a method not named before. */
export function playPushback(input: PlayInput): PlayTurn | undefined {
  const way = withWay(input);
  const { play, ctx } = input;
  const moment = play.moment;
  const cell = way && moment && cellFor(way, moment);
  if (!way || !moment || !cell) return undefined;
  // A rep who names another moment while pushing back ("no, it's the wife") is coached on that one.
  const named = playMomentsIn(ctx.message).filter((m) => m !== moment && !deniedMoments(ctx.message).includes(m) && cellFor(way, m));
  if (named[0]) return undefined;
  if (SHORTER.test(normalize(ctx.message))) {
    const last = play.given.filter((k) => k.startsWith(`${way}/${moment}/`)).at(-1);
    const approach = cell.approaches[Number(last?.split('/')[2] ?? 0)] ?? cell.approaches[0];
    const line = approach?.lines.reduce((a, b) => (b.split(/\s+/).length < a.split(/\s+/).length ? b : a)) ?? '';
    return {
      reply: { content: `Shorter, then. Just this:\n\n"${line}"`, options: [...NEXT_STEP_OPTIONS], coaching: playCoaching(moment, approach?.method), confidence: 0.85 },
      play,
    };
  }
  const lead = input.intent === 'pushback' ? 'Fair enough: a different angle, then, not the same idea reworded.' : 'Another approach for the same moment.';
  return coachFrom(input, way, moment, cell, { lead });
}

function coachFrom(input: PlayInput, way: Way, moment: PlayMoment, cell: Cell, extra: { answer?: string; lead?: string; buyerLine?: string }): PlayTurn {
  const { ctx, play, methods } = input;
  const i = nextApproach(cell, way, moment, play.given, methods);
  const approach = i === undefined ? undefined : cell.approaches[i];
  const split = eitherOr(ctx.message);
  const wordsFirst = asksForWords(ctx.message);
  if ((!approach || i === undefined) && wordsFirst) {
    // Asked for the words once every approach was given: the words of the first one again, since
    // the rep asks for what to say, not for something new.
    const first = cell.approaches[0];
    return {
      reply: {
        content: [...(extra.answer ? [extra.answer, ''] : []), `**Say:** "${first?.lines[0] ?? ''}"`, '', ...(first?.lines[1] ? [`**Or:** "${first.lines[1]}"`, ''] : []), `**Then:** ${first?.next ?? ''}`].join('\n'),
        options: [ROLE_PLAY, DIFFERENT_PROBLEM],
        coaching: playCoaching(moment),
        confidence: 0.8,
      },
      play: { ...play, moment },
    };
  }
  if (!approach || i === undefined) {
    // Every approach of this moment was given: the one question that decides, once; then practice.
    const ask = !play.asked.includes(cell.decide);
    const content = [
      ...(extra.answer ? [extra.answer, ''] : []),
      `Those are the three approaches I'd use for ${MOMENT_LABELS[moment]} here.`,
      ask ? `One question decides which to build on: ${cell.decide}` : `The fastest way to make one stick now is to practise it: say "role-play" and I'll be ${cell.buyer.who}.`,
    ].join(' ');
    return {
      reply: { content, options: [ROLE_PLAY, DIFFERENT_PROBLEM], coaching: playCoaching(moment), confidence: 0.8 },
      play: { ...play, moment, asked: ask ? [...play.asked, cell.decide] : play.asked },
    };
  }
  // An either/or the written calls do not answer: say what it turns on, in one question, first.
  const turnsOn = !extra.answer && split && !play.asked.includes(cell.decide) ? `"${split[0]}" or "${split[1]}": it turns on one thing. ${cell.decide}` : undefined;
  const explain = !play.given.some((k) => k.startsWith(`${way}/${moment}/`));
  if (wordsFirst && BRIEF.test(normalize(ctx.message))) {
    return {
      reply: { content: `**Say:** "${approach.lines[0] ?? ''}"

**Then:** ${approach.next}`, options: [...NEXT_STEP_OPTIONS], coaching: playCoaching(moment, approach.method), confidence: 0.85 },
      play: { ...play, moment, given: [...play.given, approachKey(way, moment, i)], scene: undefined },
    };
  }
  const content = playText({ way, moment, cell, approach, answer: extra.answer ?? turnsOn, explain, wordsFirst, lead: extra.lead, buyerLine: extra.buyerLine });
  return {
    reply: { content, options: [...NEXT_STEP_OPTIONS], coaching: playCoaching(moment, approach.method), confidence: 0.85 },
    play: { ...play, moment, given: [...play.given, approachKey(way, moment, i)], asked: turnsOn ? [...play.asked, cell.decide] : play.asked, scene: undefined },
  };
}
