import { describe, expect, it } from 'vitest';
import type { CoachReply, HistoryMessage, RepProfile } from '../engine.js';
import { playbookReply } from './playbook-engine.js';

/**
 * Faults a new user met in the first-week acceptance walk (issue #25), with the built-in coach:
 * advice for the rep's own buyers, no name made of a pronoun, a plain "I can't advise on that",
 * and a method line that stands apart from the text and is not taught twice.
 */
const rep = (industry: string, product: string): RepProfile => ({ username: 'r', industry, product, salesExperience: '1-3 years', biggestStruggle: null, targetIncome: null, currentIncome: null, city: null, state: null });

function talk(profile: RepProfile, messages: string[]): CoachReply[] {
  const history: HistoryMessage[] = [];
  const replies: CoachReply[] = [];
  for (const message of messages) {
    const reply = playbookReply({ profile, history, message, knowledge: [] });
    replies.push(reply);
    history.push({ role: 'user', content: message }, { role: 'assistant', content: reply.content, options: reply.options, coaching: reply.coaching, state: reply.state });
  }
  return replies;
}

const WALK = [
  'My prospects keep saying they need to think about it and then go quiet',
  'The owner finally agreed to a meeting next Tuesday. How should I open it so it does not turn into another brush-off?',
  'The decision maker was not there, I only got to pitch one person',
  'They said our price is too high compared to the other quote',
  'How do I book the next meeting before I leave?',
];

/** Lines made for a household: the house, the couple, the kitchen table. */
const HOUSEHOLD = /\b(?:house|home|kitchen|both of (?:you|them)|you both|spouse|wife|husband|front door|doorstep)\b/i;

describe("the coach fits the rep's buyers from the profile", () => {
  it.each([
    ['Commercial HVAC', 'Maintenance contracts for facility managers'],
    ['B2B SaaS', 'Scheduling software for clinics'],
    ['Commercial cleaning', 'Office cleaning contracts for businesses'],
  ])('never gives a B2B rep (%s) household lines', (industry, product) => {
    for (const reply of talk(rep(industry, product), WALK)) expect(reply.content).not.toMatch(HOUSEHOLD);
  });

  it('keeps household ways for reps who sell to households', () => {
    const way = (p: RepProfile) => (talk(p, [WALK[0] ?? ''])[0]?.state as { play?: { way?: string } } | undefined)?.play?.way;
    expect(way(rep('Solar', 'Solar panels, door to door'))).toBe('door_to_door');
    expect(way(rep('Car dealership', 'New and used cars on the showroom floor'))).toBe('car_lot');
    expect(way(rep('Residential HVAC', 'Furnace and AC replacement for homeowners'))).toBe('in_home');
    expect(way(rep('Commercial HVAC', 'Maintenance contracts for facility managers'))).toBe('smb_b2b');
  });

  it('gives an insurance rep selling by phone no kitchen-table lines', () => {
    for (const reply of talk(rep('Insurance', 'Auto insurance, by phone'), WALK)) expect(reply.content).not.toMatch(/\b(?:kitchen|look at the house|front door|doorstep)\b/i);
  });
});

describe('the buyer\'s name and the moment', () => {
  it('takes no pronoun or common word for a name, and greets nobody by one', () => {
    const replies = talk(rep('Services', 'Maintenance plans'), [
      'Had a call They said send the proposal. I sent it two weeks ago and nothing since',
      'The owner Finally agreed to a meeting next Tuesday. How should I open it so it does not turn into another brush-off?',
    ]);
    for (const reply of replies) expect(reply.content).not.toMatch(/\bHi (?:They|Finally|Them)\b/);
    expect((replies[0]?.state as { facts?: { name?: string } } | undefined)?.facts?.name).toBeUndefined();
  });

  it('coaches the opening when the rep asks how to open a booked meeting, not a silent prospect', () => {
    const [, reply] = talk(rep('Services', 'Maintenance plans'), [
      'Had a call They said send the proposal. I sent it two weeks ago and nothing since',
      'The owner finally agreed to a meeting next Tuesday. How should I open it so it does not turn into another brush-off?',
    ]);
    expect(reply?.coaching.stage).toBe('intro');
    expect(reply?.coaching.topics).not.toContain('follow_up');
    expect(reply?.content).not.toMatch(/haven't heard back/i);
  });
});

describe('the method line', () => {
  it('stands in its own paragraph, never run into the text after it', () => {
    for (const profile of [rep('Services', 'Maintenance plans'), rep('B2B SaaS', 'Scheduling software')]) {
      for (const reply of talk(profile, WALK)) {
        const line = reply.content.split('\n').find((l) => l.includes('*Method:'));
        if (!line) continue;
        expect(line.trim()).toMatch(/\*Method: [^*]+\*$/);
        expect(reply.content).toMatch(/\*Method: [^*]+\*\n\n/);
      }
    }
  });
});

describe('a question the coach cannot advise on', () => {
  const profile = rep('Services', 'Maintenance plans');

  it.each([
    ['Is a two-year Ohio-wide non-compete enforceable?', 'legal'],
    ['Can I deduct my mileage on my taxes?', 'tax'],
    ['My manager is harassing me at work, what are my rights?', 'HR'],
    ['Should I see a doctor about the chest pain I get before calls?', 'medical'],
  ])('says plainly it cannot advise on "%s", gives no advice, and offers the coaching team', (message, field) => {
    const [, reply] = talk(profile, [WALK[0] ?? '', message]);
    expect(reply?.content).toMatch(/^I can't advise on that/);
    expect(reply?.content).toContain(field === 'HR' ? 'an HR question' : `a ${field} question`);
    expect(reply?.content).not.toMatch(/Method:|Try saying/);
    expect(reply?.options).toContain('Pass this to the coaching team');
    expect(reply?.coaching.notCoaching).toBe(true);
    expect(reply?.coaching.method).toBeUndefined();
  });

  it.each([
    'The prospect says our contract terms are too strict, how do I answer?',
    'They said our price is too high compared to the other quote',
    'I sell legal software to law firms and the partners never call back',
    'The client says they need their lawyer to review the contract before signing',
    'How do I sell life insurance to young families who think they do not need it?',
    'The CFO said the tax savings are not worth the switch',
    'I sell medical devices to clinics and the doctor will not see me',
    'Our HR software demo keeps stalling after the first call',
    'The buyer asked whether our agreement has a non-compete clause, how do I handle it?',
    'How do I close a deal when the customer says they have to check with legal?',
    'The prospect said they are locked into a two-year contract with their current vendor',
    'My manager wants me to make 80 cold calls a day, how do I open them?',
    'Prospect says our insurance premiums are higher than their current policy',
    'The owner is worried about liability if the install goes wrong',
  ])('still coaches a sales question that only sounds like one: "%s"', (message) => {
    const [reply] = talk(profile, [message]);
    expect(reply?.content).not.toMatch(/can't advise/);
    expect(reply?.coaching.notCoaching).toBeUndefined();
  });
});

describe('a role-play scene', () => {
  it("names no method on the buyer's lines; the feedback that ends the scene may", () => {
    const replies = talk(rep('Services', 'Maintenance plans'), [
      'My prospects keep saying they need to think about it and then go quiet',
      'I agree and move on',
      'Role-play this with me',
      'I hear you, what would you want to be sure of before deciding?',
      'stop',
    ]);
    const inScene = replies.slice(2, 4);
    for (const reply of inScene) {
      expect(reply.coaching.rolePlay).toBe(true);
      expect(reply.coaching.method).toBeUndefined();
      expect(reply.content).not.toContain('Method:');
    }
  });
});

describe('one method per conversation', () => {
  it.each([
    ['Services', 'Maintenance plans'],
    ['Insurance', 'Auto insurance, by phone'],
    ['Commercial cleaning', 'Office cleaning contracts for businesses'],
  ])('does not teach the same method twice unless the rep asks for it (%s)', (industry, product) => {
    const replies = talk(rep(industry, product), [WALK[1] ?? '', 'Thanks', 'They still went quiet after the meeting', 'It went badly again']);
    const named = replies.flatMap((r) => (r.coaching.method ? [r.coaching.method] : []));
    expect(named.length).toBeGreaterThan(1);
    expect(new Set(named).size).toBe(named.length);
  });
});
