/**
 * The built-in coach listens, through the real chat route: it keeps what the rep said, takes a
 * typed answer as the answer, changes method after pushback, and plays the rep's own buyer.
 * The wordings here are our own, not the eval sets'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat.js';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { validProfile } from '../../../test/profile.js';
import { questionsIn } from '../dialogues/judge.js';
import { withMessage, NO_FACTS } from './facts.js';
import { momentOf } from './moment.js';
import { motionsIn } from './motion.js';
import { productName, reflection } from './replies.js';
import { assess } from './role-play.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function conversation(profile: Record<string, unknown> = {}) {
  const u = await makeUser(t.app);
  await t.app.inject({ method: 'POST', url: '/api/onboarding', headers: { cookie: u.cookie }, payload: validProfile(profile) });
  const sessionId = (await t.app.inject({ method: 'POST', url: '/api/chat/session', headers: { cookie: u.cookie }, payload: {} })).json().sessionId as string;
  const replies: ChatMessage[] = [];
  const say = async (message: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/chat/message', headers: { cookie: u.cookie }, payload: { sessionId, message } });
    expect(res.statusCode).toBe(200);
    const reply = res.json().messages.at(-1) as ChatMessage;
    replies.push(reply);
    return reply;
  };
  return { say, replies };
}

describe('what the rep says is kept', () => {
  it('reads a correction and a negation: "not cold calls, they asked for a quote" is an inbound lead', () => {
    let facts = withMessage(NO_FACTS, 'People hang up on my calls within a minute.');
    expect(facts.motion).toBe('cold_phone');
    facts = withMessage(facts, "these aren't cold calls though, they requested a quote on our website last week");
    expect(facts.motion).toBe('inbound_phone');
    expect(facts.notMotions).toContain('cold_phone');
    facts = withMessage(facts, "it's not the husband who decides, it's the wife");
    expect(facts.decider).toBe('the wife');
  });

  it('keeps the next real occasion the rep names, and aims the action at it', async () => {
    expect(withMessage(NO_FACTS, 'people hang up on me the next day too').occasion).toBeUndefined();
    expect(withMessage(NO_FACTS, 'i have a walkthrough friday with both owners').occasion).toBe('the walkthrough on friday');
    expect(withMessage(NO_FACTS, 'give me something for tomorrows 10am demo').occasion).toBe("tomorrow's 10am demo");
    // A way of selling no written content covers: the older technique coach answers (issue #23).
    const { say } = await conversation({ industry: 'Pools', product: 'Pool installs' });
    await say("homeowners love the design then say 'we need to think about the financing' and stall");
    const reply = await say("ok what do i say on tomorrow's 10am appointment when she brings up the financing");
    expect(reply.content).toContain("**For tomorrow's 10am appointment:**");
  });

  it('quotes the buyer back and keeps their numbers', async () => {
    const { say } = await conversation({ product: 'Solar panel leasing' });
    const reply = await say("At the end of the visit the homeowner says 'the guy from SunPower quoted $18,000, can you do better?' and I never know what to do next");
    expect(reply.content).toContain('SunPower quoted $18,000');
    expect(reply.coaching?.method).toBeTruthy();
  });
});

describe('questions', () => {
  it('takes a typed answer as the answer and never asks the same question again', async () => {
    const { say, replies } = await conversation();
    const first = await say('Prospects keep saying our price is too high.');
    expect(questionsIn(first.content).length).toBeGreaterThan(0);
    const second = await say('honestly I usually just knock 10% off to keep the deal alive');
    expect(second.coaching?.method).toBeTruthy();
    await say('Give me another tip');
    await say('what else do you have');
    const asked = replies.flatMap((r) => questionsIn(r.content)).filter((q) => q.split(' ').length > 5);
    expect(new Set(asked).size).toBe(asked.length);
  });
});

describe('where in the call', () => {
  it('reads the moment each message names, and carries it when a message names none', () => {
    expect(momentOf('the moment i knock on the door and say hi they wave me off')).toBe('intro');
    expect(momentOf('we did the walkthrough, they liked the layout, then at the signing table he asked for another 5% off')).toBe('close');
    expect(momentOf('halfway through the consultation she asks whether the refurbished units are safe')).toBe('middle');
    expect(momentOf('what do i ask the plant manager next tuesday')).toBe('middle');
    // Call order: the last moment the story reaches is where it broke down.
    expect(momentOf('my opener is fine, they sit through the demo, and when i quoted $9,000 they said they would think about it')).toBe('close');
    expect(momentOf('their fiscal year starts in april')).toBeUndefined();
  });

  it('moves the stage when a new question names a new moment, and keeps it when the rep only adds context', async () => {
    const { say } = await conversation({ product: 'Commercial window cleaning contracts' });
    const opening = await say("building managers cut me off in the first 10 seconds when i cold call them, they say 'we have a guy'");
    expect(opening.coaching?.stage).toBe('intro');
    const context = await say('most of them run 3 or 4 office buildings downtown, 10 to 20 floors each');
    expect(context.coaching?.stage).toBe('intro');
    const close = await say('ok and when i finally get the walkthrough and send the price, how do i ask for the signature on the contract');
    expect(close.coaching?.stage).toBe('close');
    expect(close.coaching?.topics).toContain('closing');
  });

  it('answers a showroom follow-up question first, in the lot\'s own words, then a new moment with a new method', async () => {
    const { say } = await conversation({ industry: 'Car sales', product: 'Used pickup trucks' });
    const first = await say("guy test drove an f-150 on the lot, liked it, then at the desk said he can get it cheaper at the ford place across town and left");
    expect(first.coaching?.stage).toBe('close');
    const text = await say('he left his number. should i text him tonight or call him tomorrow?');
    // The rep's either/or is answered in the reply's first words, before any coaching.
    expect(text.content.split(/\s+/).slice(0, 12).join(' ')).toMatch(/\b(?:text|call)/i);
    expect(text.coaching?.topics).toContain('follow_up');
    expect(text.content).not.toMatch(/stakeholder|procurement|your team|mutual action plan/i);
    const lost = await say('and what if he says he already bought one across town');
    expect(lost.coaching?.method).toBeTruthy();
    expect([first.coaching?.method, text.coaching?.method]).not.toContain(lost.coaching?.method);
  });

  it('works through the technique just given when the rep asks how to do it, without repeating its line', async () => {
    const { say } = await conversation({ product: 'Warehouse robotics' });
    await say("six month deal, ops director loves it but the COO signs anything over 250k and i've never met him");
    const first = await say('the COO is the one who signs, ops director is my champion');
    const how = await say("ok how do i ask her to bring me to him without it looking like i'm going around her");
    expect(how.coaching?.method).toBe(first.coaching?.method);
    expect(how.content).toMatch(/step by step/);
    const line = /\*\*Try saying:\*\* "([^"]+)"/.exec(first.content)?.[1];
    expect(line, first.content).toBeDefined();
    expect(how.content).not.toContain(line);
  });

  it('drops a topic the rep rules out instead of carrying it on', async () => {
    const { say } = await conversation({ product: 'Water softener systems' });
    const first = await say("after the in-home water test everybody says they want to get a couple of other quotes and then i never hear back. how do i follow up?");
    expect(first.coaching?.topics[0]).toBe('follow_up');
    const ruled = await say("actually scratch that, i don't do any follow-up, the office calls them. i only get the one visit so i have to handle the other quotes thing at the table");
    expect(ruled.coaching?.topics[0]).not.toBe('follow_up');
    expect(ruled.coaching?.stage).toBe('close');
    expect(ruled.coaching?.method).toBeTruthy();
  });
});

describe('too long', () => {
  it('cuts the same advice to its one line instead of switching method', async () => {
    const { say } = await conversation({ industry: 'Roofing', product: 'Roof replacement, $14,000 average job, in-home estimates' });
    const coached = await say("homeowners get my estimate and then go quiet for weeks. what do i text them?");
    expect(coached.coaching?.method).toBeTruthy();
    const short = await say('way too long, nobody reads that on their phone');
    expect(short.coaching?.method).toBe(coached.coaching?.method);
    expect(short.content).toMatch(/shorter/i);
    const line = /"([^"]+)"/.exec(short.content)?.[1] ?? '';
    expect(line.length).toBeGreaterThan(0);
    expect(line.split(' ').length).toBeLessThan(25);
    expect(short.content.split(/\s+/).length).toBeLessThan(45);
  });

  it('does not rewrite the rep\'s request back at them (issue #23: quote exactly or not at all)', async () => {
    const { say } = await conversation({ industry: 'Fitness', product: 'Gym memberships' });
    await say("people take the free tour and then say they'll think about it and never come back");
    const reply = await say('ok give me one thing to try on saturdays open house then');
    expect(reply.content).not.toMatch(/^(?:On saturdays open house|Got it:)/);
    expect(reply.coaching?.method).toBeTruthy();
  });

  it('puts the product into lines by its name, without the price and terms the rep typed with it', () => {
    expect(productName('Quarterly pest control plans, $49/month, door to door')).toBe('Quarterly pest control plans');
    expect(productName('HRIS + payroll platform for 50-500 employee companies')).toBe('HRIS + payroll platform');
    expect(productName('CRM software')).toBe('CRM software');
  });
});

describe('pushback', () => {
  it('acknowledges it and coaches a different named method for the same problem', async () => {
    const { say } = await conversation();
    const coached = await say('My demos run 60 minutes and people zone out halfway through, I show them every feature.');
    const before = coached.coaching?.method;
    expect(before).toBeTruthy();
    const after = await say("that won't work for my buyers, they want to see everything. something else?");
    expect(after.coaching?.method).toBeTruthy();
    expect(after.coaching?.method).not.toBe(before);
    expect(after.coaching?.topics[0]).toBe(coached.coaching?.topics[0]);
    expect(after.content).toMatch(/^.*(?:Fair enough|different)/);
  });
});

describe('role-play', () => {
  it('plays the buyer the rep quoted, does not praise a pushy answer, and recognises a good one', async () => {
    const { say } = await conversation({ industry: 'Boat dealership', product: 'Pontoon boats' });
    await say("Couples love the boat on the water test, then the wife says 'we need to sleep on it' and they leave.");
    const scene = await say("let's role-play it, you be the wife");
    expect(scene.content).toContain('**The wife:** "We need to sleep on it"');
    // In character until the scene ends: the wife answers, she does not grade the line.
    const pushy = await say("'trust me, this price is only good today, you need to decide now or it's gone'");
    expect(pushy.content).toMatch(/^\*\*The wife:\*\* "/);
    expect(pushy.content).not.toMatch(/great answer|strong answer|good answer|nailed it|great job|Out of character/i);
    const good = await say("'that's fair, it's a big purchase. can I ask what you'd want to be sure of before deciding? we could take it out again on Saturday morning'");
    expect(good.content).toMatch(/^\*\*The wife:\*\* "/);
    expect(good.content).not.toBe(pushy.content);
    const end = await say('stop, how did i do');
    expect(end.content).toMatch(/What worked:\*\* "that's fair, it's a big purchase/);
    expect(end.content).toMatch(/One change:\*\* "trust me, this price is only good today/);
  });

  it('ends the scene on "stop" without judging the word stop', async () => {
    const { say } = await conversation({ industry: 'Appliance store', product: 'Washers and dryers' });
    await say("Buyers at the counter say 'I'll think about it' and walk out.");
    await say('role-play it with me, you be the buyer');
    await say("'totally get it. what would you want to think over?'");
    const end = await say('stop. how did i do');
    // The feedback is built from the rep's own line, not from the word "stop".
    expect(end.content).toMatch(/^That ends the scene\.\n\n\*\*How you did, over your line:\*\*/);
    expect(end.content).toContain('totally get it. what would you want to think over?');
    expect(end.content).toMatch(/What worked:.*acknowledged/);
    expect(end.content).toMatch(/One change:.*next step/);
    expect(end.content).not.toContain('stop. how did i do');
    expect(end.options).toContain('Try the scene again');
  });

  it('plays the buyer the rep names, not a line someone else said, and keeps a line with nothing to fix', async () => {
    const { say } = await conversation({ product: 'Fleet telematics, $30 per van per month' });
    await say("the ops manager loves it but legal came back and said 'we can't sign a 3 year term' and now the VP of finance has to approve");
    const scene = await say('roleplay it, you be the CFO');
    expect(scene.content).toMatch(/I'll be the CFO/);
    expect(scene.content).not.toContain("we can't sign a 3 year term");
    const complete = await say("'fair enough, it's a big commitment. what would you need to see in year one to feel safe? could we walk through it thursday at 10?'");
    expect(complete.content).toMatch(/Keep that line/);
    expect(complete.content).not.toMatch(/A stronger version/);
  });

  it('never has the buyer say the same line twice', async () => {
    const { say, replies } = await conversation({ product: 'Hot tubs' });
    await say("couples sit in the display tub, love it, then he says 'we'll come back after the holidays'");
    await say('be the husband, lets practise');
    for (const line of ["'totally fair. could we hold the price until saturday?'", "'makes sense. want to book a wet test on sunday?'", "'i hear you. what if we sort the delivery date on monday?'"]) await say(line);
    const buyerLines = replies.flatMap((r) => [...r.content.matchAll(/\*\*Husband:\*\* "([^"]+)"/g)].map((m) => m[1]));
    expect(buyerLines.length).toBeGreaterThanOrEqual(3);
    expect(new Set(buyerLines).size).toBe(buyerLines.length);
  });

  it('judges lines against the rubric', () => {
    expect(assess("trust me, it's the best price you'll get").faults.map((f) => f.id)).toContain('trust-me');
    expect(assess('With respect, you are wrong about that.').faults.map((f) => f.id)).toContain('argued');
    expect(assess('Makes sense. What would you need to see to feel sure? Could we talk Tuesday?').good.map((g) => g.id)).toEqual(['acknowledged', 'asked', 'next-step']);
    expect(assess('Makes sense. What would you need to see to feel sure? Could we talk Tuesday?').faults).toEqual([]);
  });

  it('hears thanks as an acknowledgement, as a trainer would', () => {
    for (const line of ['Thanks for being straight with me. What would make it easier?', 'Thank you for telling me. Which part worries you most?', "Happy to go through it with you. What's the main concern?", 'Glad to hear it, most folks on this street say the same. When did you last check the eaves?']) {
      expect(assess(line).good.map((g) => g.id), line).toContain('acknowledged');
    }
    expect(assess('What would make it easier?').good.map((g) => g.id)).not.toContain('acknowledged');
  });
});

describe('off-topic', () => {
  it('steers back to the rep\'s problem without answering, and keeps the coaching', async () => {
    const { say } = await conversation();
    const coached = await say('Prospects ghost me after I send the proposal, every single time.');
    const aside = await say('random question but do you know a good pizza place in Denver');
    expect(aside.content).toMatch(/sales coach/);
    expect(aside.coaching?.method).toBeUndefined();
    expect(aside.coaching?.topics).toEqual(coached.coaching?.topics);
  });

  it('reads an aside by what it asks, not by a list of hobbies: a car question is steered back, a sales question is coached', async () => {
    const { say } = await conversation();
    await say('Homeowners tell me they just buy the spray at the hardware store when I ask to put them on the schedule.');
    const truck = await say('lol unrelated but my trucks AC died and its 110 out, compressor or low freon?');
    expect(truck.content).toMatch(/sales coach/);
    expect(truck.content).toMatch(/Back to (?:your|what you told me)/);
    expect(truck.coaching?.method).toBeUndefined();
    const sales = await say('random q but what do i say when they want to talk to their wife first');
    expect(sales.content).not.toMatch(/sales coach/);
    expect(sales.coaching?.method).toBeTruthy();
  });
});

describe('what the coach heard', () => {
  it('echoes a fact from a long run-on answer, read in its comma-separated parts', async () => {
    const { say } = await conversation();
    await say('Families come in to look at timeshares and clam up when I ask questions.');
    const reply = await say(
      'if u were gonna ask, they are mostly retired couples from michigan and indiana who drive down every winter, usually stay a month or two near the gulf coast',
    );
    expect(reply.content).toMatch(/michigan|indiana|retired couples|gulf coast/i);
  });

  it('does not echo how the rep wants the answer, and gives the words first when asked for them', async () => {
    const { say } = await conversation({ industry: 'Appliance store', product: 'Washers and dryers' });
    await say('Customers on the appliance floor say the protection plan fee is a scam when I offer one at the register.');
    const reply = await say('word for word pls, what do i say, she just picked a $1,899 washer pair, i ring it up in a minute');
    expect(reply.content).not.toMatch(/Got it: word for word/i);
    expect(reply.content).toMatch(/^\*\*Say:\*\* "/);
  });
});

describe('lines built from what the rep said', () => {
  it("puts the competitor and the sum into the example line, and plays a buyer's line, not the rep's report of it", async () => {
    const { say } = await conversation({ industry: 'Car sales', product: 'New and used pickups' });
    const coached = await say("she test drove the f-150, liked it, then at the desk she goes 'the ford store across town quoted me $55 a month less' and leaves");
    // The buyer's words are quoted exactly, not pasted into a template.
    expect(coached.content).toContain('When they say "the ford store across town quoted me $55 a month less":');
    expect(coached.content).not.toMatch(/\{|\}/);
    const scene = await say('can you be her so i can practise');
    expect(scene.content).toMatch(/:\*\* "The ford store across town quoted me \$55 a month less"/);
  });

  it('does not offer again what the rep says they already tried', async () => {
    const { say } = await conversation({ industry: 'Home services', product: 'Water softeners' });
    await say("i knock doors for water softeners. people say 'we're good' and shut the door before i finish");
    await say('i say hi, we are doing free water tests on the street today');
    const after = await say('tried the neighbour thing already, they think its a line');
    expect(after.content).toMatch(/^Fair enough/);
    expect(after.content).not.toContain('The neighbour reference');
  });

  it('ends a role-play with feedback that quotes the lines the rep said in it', async () => {
    const { say } = await conversation({ industry: 'Furniture store', product: 'Sofas and recliners' });
    await say("At the counter buyers say 'we'll wait for the sale' and leave.");
    await say('role-play it, you be the buyer');
    await say("'trust me, the price goes up monday so you need to decide today'");
    const end = await say('stop');
    expect(end.content).toContain('trust me, the price goes up monday so you need to decide today');
    expect(end.content).toMatch(/One change:\*\* "trust me/);
    // Nothing in that line is praised.
    expect(end.content).toMatch(/What worked:\*\* you stayed in the conversation/);
  });
});

describe('reading what the rep typed', () => {
  it('keeps the name of the buyer the rep is working on, and not a pronoun or a day', () => {
    expect(withMessage(NO_FACTS, "can you write me a text for the widow? her name is Carol").name).toBe('Carol');
    expect(withMessage(NO_FACTS, 'ok meanwhile what do i text luis').name).toBe('Luis');
    expect(withMessage(NO_FACTS, 'then write the recap email to Denise').name).toBe('Denise');
    expect(withMessage(NO_FACTS, 'should i text him tomorrow or call back monday').name).toBeUndefined();
  });

  it("reads a buyer's quote that opens a sentence about it, but not a whole message typed as the rep's own line", () => {
    expect(withMessage(NO_FACTS, "the 'we'll wait till next spring' thing is killing my fall numbers").quotes).toEqual(["we'll wait till next spring"]);
    expect(withMessage(NO_FACTS, "'totally fair, what would you want to check first?'").quotes).toEqual([]);
  });

  it('does not take a phone in the story for selling by phone', () => {
    expect(motionsIn('he was on his phone the whole appointment').named).not.toContain('cold_phone');
    expect(motionsIn('i cold call dentists all day').named).toContain('cold_phone');
  });

  it('quotes the buyer exactly and never rewrites the rep\'s own words (issue #23)', () => {
    expect(reflection('who am i even supposed to target', NO_FACTS)).toBe('');
    const long = 'ok real one. 14 employee auto shop, owner Luis, his cpa charges like $300 a month and last quarter they filed his 941 late and he ate a $1,100 penalty. he brought it up himself, i didnt push';
    expect(reflection(long, NO_FACTS)).toBe('');
    const quoted = "then she goes 'we'll wait for the sale' and walks";
    expect(reflection(quoted, withMessage(NO_FACTS, quoted))).toBe('"we\'ll wait for the sale": that is the moment to work on.');
  });
});
