/**
 * Issue #23's patterns, each with the test that would have caught it: the built-in coach on the
 * written ways of selling, over every consumer way × moment, and through the real chat route for
 * the conversations (a direct question, pushback, a named buyer, "stop").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { validProfile } from '../../../test/profile.js';
import type { CoachContext, HistoryMessage } from '../engine.js';
import { nextTurn } from './dialogue.js';
import { strongerVersion } from './play-scene.js';
import { PLAYS } from './plays/index.js';
import { MOMENTS, type PlayMoment } from './plays/schema.js';
import { assess } from './role-play.js';

/** How a rep describes each moment, in words that name no way of selling. */
const SAID: Record<PlayMoment, string> = {
  brush_off: "they say 'not interested' before i even get going",
  price: "they like it but say it's too expensive for them right now",
  spouse: "she says she has to talk to her husband first",
  think: "they say they need to think about it and want to sleep on it",
  shopping: "he says he's getting other quotes and the other place is cheaper",
  have_one: "they say we're all set, we already have someone",
  silence: 'sent the quote last week and now they went dark, no reply at all',
  access: "i can't get past the front desk to the one who decides",
  discount: 'they keep asking for my best price and a discount',
  fee: 'they push back on the setup fee every time',
};

/** A profile for each consumer way, as a rep fills in onboarding. */
const CONSUMER_PROFILES: Record<string, { industry: string; product: string }> = {
  door_to_door: { industry: 'Pest control', product: 'Quarterly pest control, door to door' },
  car_lot: { industry: 'Car dealership', product: 'New and used Toyotas' },
  retail_floor: { industry: 'Mattress store', product: 'Mattresses and adjustable bases' },
  phone_b2c: { industry: 'Final expense insurance', product: 'Whole life final expense policies by phone' },
  in_home: { industry: 'Home improvement', product: 'Replacement windows, in-home appointments' },
  membership: { industry: 'Fitness', product: 'Gym memberships' },
  listing: { industry: 'Real estate', product: 'Listing homes for sellers, listing agent' },
};

const BUSINESS_WORDS = /\b(?:stakeholders?|procurement|roi|workflows?|budget cycle|the team's time|your team|vendors?|msa|committee|mutual action plan|economic buyer)\b/i;
/** Facts a coach could only invent: the rep never said any of them. */
const INVENTED = /\b(?:you mentioned|you wanted it|since you said|before winter|second location|signed by the 30th)\b/i;

const profileOf = (p: { industry: string; product: string }): CoachContext['profile'] => ({
  username: 'rep',
  industry: p.industry,
  product: p.product,
  salesExperience: '3-5 years',
  biggestStruggle: null,
  targetIncome: 6000,
  currentIncome: 4000,
  city: null,
  state: null,
});

function talk(profile: CoachContext['profile'], messages: string[]) {
  const history: HistoryMessage[] = [];
  return messages.map((message) => {
    const { reply } = nextTurn({ profile, history: [...history], message, knowledge: [] });
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.content, options: reply.options, coaching: reply.coaching, state: reply.state ?? null });
    return reply;
  });
}

describe('the written ways of selling, swept over every consumer way and moment', () => {
  it('never gives a consumer a line written for a business, never invents a fact, and never repeats a method after pushback', () => {
    for (const [way, p] of Object.entries(CONSUMER_PROFILES)) {
      expect(PLAYS.get(way as never)?.consumer, way).toBe(true);
      for (const moment of MOMENTS) {
        const replies = talk(profileOf(p), [SAID[moment], "that won't work with my customers", 'nah, something else', 'give me another tip']);
        const methods = replies.map((r) => r.coaching.method).filter(Boolean);
        for (const r of replies) {
          expect(r.content, `${way}/${moment}`).not.toMatch(BUSINESS_WORDS);
          expect(r.content, `${way}/${moment}`).not.toMatch(INVENTED);
        }
        expect(new Set(methods).size, `${way}/${moment}: ${methods.join(', ')}`).toBe(methods.length);
      }
    }
  });
});

describe('answers first, plays the named buyer, ends with feedback (through the chat route)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function conversation(profile: Record<string, unknown>) {
    const u = await makeUser(t.app);
    await t.app.inject({ method: 'POST', url: '/api/onboarding', headers: { cookie: u.cookie }, payload: validProfile(profile) });
    const sessionId = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} })).json().sessionId as string;
    return async (message: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message } });
      expect(res.statusCode).toBe(200);
      return res.json().messages.at(-1) as ChatMessage;
    };
  }
  const opening = (m: ChatMessage, n = 40) => m.content.split(/\s+/).slice(0, n).join(' ').toLowerCase();

  it('answers a direct either/or with one of its options before it coaches', async () => {
    const say = await conversation({ industry: 'Final expense insurance', product: 'Whole life final expense policies sold by phone' });
    const reply = await say('widow on the phone, fixed income, can do maybe 50 a month. 7k or 10k coverage for her?');
    expect(opening(reply)).toMatch(/smaller|bigger|7k|10k|drop/);
    expect(reply.content).not.toMatch(BUSINESS_WORDS);
  });

  it('keeps the buyer the rep named through the scene, and "stop" always ends it with feedback', async () => {
    const say = await conversation({ industry: 'Home improvement', product: 'Replacement windows, in-home appointments' });
    await say("husband loved the windows but then said 'i need to talk it over with my wife' and we left without a decision");
    const scene = await say('can you be the wife? ill call her');
    expect(scene.content).toMatch(/\*\*The wife:\*\* "/);
    const line = await say("'totally fair, you weren't there. what would you want to know before you two decide?'");
    expect(line.content).toMatch(/^\*\*The wife:\*\* "/);
    const end = await say('stop, how did i do');
    expect(end.content).toMatch(/How you did/);
    expect(end.content).toContain("totally fair, you weren't there. what would you want to know before you two decide?");
    expect(end.options).toContain('Try the scene again');
  });

  it('after pushback gives a different approach with a method not named before, then asks the question that decides', async () => {
    const say = await conversation({ industry: 'Car dealership', product: 'New and used Toyotas' });
    const methods: (string | undefined)[] = [];
    methods.push((await say('desk came back at 489 a month and they wanted under 400. they left')).coaching?.method);
    methods.push((await say("that won't work, they already know it's the payment")).coaching?.method);
    methods.push((await say("nah, bro this is a car lot not a board meeting. what else")).coaching?.method);
    expect(new Set(methods).size).toBe(3);
    expect(methods.every(Boolean)).toBe(true);
    const out = await say('something else?');
    expect(out.content).toMatch(/\?/);
  });
});

describe('what the rep rules out, and the buyer they name', () => {
  const windows = profileOf({ industry: 'home improvement', product: 'replacement windows and patio doors' });

  it('never answers "it\'s not price" with a price technique', () => {
    const replies = talk(windows, [
      "couple said 'we need to think about it' at the kitchen table",
      'bro its not price, i said that. she is worried about the install, dust, strangers in her house. what do i say to her',
    ]);
    expect(replies[1]?.content).not.toMatch(/too expensive|compared with what|price objection/i);
  });

  it('plays the buyer the rep names in lower case, asked as "can you be dana"', () => {
    const replies = talk(windows, ["couple said 'we need to think about it' at the kitchen table", 'ok forget it, can you be dana and ill practice']);
    expect(replies[1]?.content).toMatch(/\*\*Dana:\*\* "/);
  });
});

describe('the end of a scene', () => {
  const gym = profileOf({ industry: 'fitness', product: 'gym memberships' });
  it('takes a line that ends "…stop, how did i do" as the last line, and ends the scene with feedback on it', () => {
    const replies = talk(gym, [
      "guest said 'i need to think about it' after the tour",
      'can you be the guest',
      "'what if we start you month to month and i book your first 3 classes right now? stop, how did i do'",
    ]);
    expect(replies[2]?.content).toMatch(/^That ends the scene/);
    expect(replies[2]?.content).toContain('what if we start you month to month');
  });

  it('gives the feedback again when the rep asks how their lines were after the scene', () => {
    const replies = talk(gym, [
      "guest said 'i need to think about it' after the tour",
      'can you be the guest',
      "'totally fair, what would you want to think over?'",
      'stop',
      'wait, can you tell me how my lines were in the roleplay?',
    ]);
    expect(replies[4]?.content).toMatch(/^About the scene you just played/);
    expect(replies[4]?.content).toContain('totally fair, what would you want to think over?');
  });
});

describe('the stronger version of the rep\'s line', () => {
  const cell = PLAYS.get('enterprise')?.moments.discount;
  it('keeps every term of the rep\'s concession and drops only what pressures', () => {
    if (!cell) throw new Error('enterprise discount is written');
    const line = 'brent appreciate you pushing. if i can get you net 60 and a 4th year at the same rate, can we hold price? but you need to decide today';
    const stronger = strongerVersion(line, assess(line), cell, 0);
    expect(stronger).toContain('net 60');
    expect(stronger).toContain('4th year at the same rate');
    expect(stronger).not.toMatch(/decide today/);
    expect(stronger).not.toMatch(/What would your boss say/);
  });

  it('never brings back the pressure it took out, even when that was the whole line', () => {
    const lot = PLAYS.get('car_lot')?.moments.think;
    if (!lot) throw new Error('car lot think is written');
    const line = 'trust me, this price is only good today, you need to decide now';
    const stronger = strongerVersion(line, assess(line), lot, 0);
    expect(stronger).not.toMatch(/trust me|only good today|decide now/i);
    expect(stronger).toMatch(/\?"$/);
  });
});
