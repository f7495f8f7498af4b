import { describe, expect, it } from 'vitest';
import { nextTurn } from '../dialogue.js';
import { TURN_RULES } from './index.js';
import { answeringRule, COACHED, IN_SCENE, inputAfter } from './test-conversation.js';

const rule = (name: string) => {
  const found = TURN_RULES.find((r) => r.name === name);
  if (!found) throw new Error(`no rule named ${name}`);
  return found;
};

describe('the order of the turn rules', () => {
  it('names each rule once and ends with the coaching', () => {
    const names = TURN_RULES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.at(-1)).toBe('coach');
  });

  // Each case: a message both rules would answer; the first named gives the turn.
  const cases: Array<{ why: string; before: string[]; message: string; first: string; over: string }> = [
    { why: 'during a role-play, "that won\'t work" is a line to the buyer, not pushback', before: IN_SCENE, message: "that won't work, we can't go any lower", first: 'in scene', over: 'pushback or another tip' },
    { why: 'a different problem leaves the scene', before: IN_SCENE, message: 'I have a different problem', first: 'different problem', over: 'in scene' },
    { why: '"too long" faults the length, not the method', before: COACHED, message: 'too long, shorter', first: 'shorter', over: 'pushback or another tip' },
    { why: 'an aside is declined before it is read as context', before: COACHED, message: 'btw who you got winning the super bowl', first: 'off topic', over: 'goes on' },
    { why: 'with every technique given, another tip moves on rather than repeat one', before: [...COACHED, ...Array<string>(10).fill('Give me another tip')], message: 'Give me another tip', first: 'topic covered', over: 'pushback or another tip' },
    { why: 'a tapped picker label is read as its topic, not as a story', before: [], message: 'Closing the deal', first: 'picked topic', over: 'first question' },
    { why: "the answer to the coach's question is the answer, even one it cannot place", before: COACHED.slice(0, 1), message: 'not sure', first: 'answer to the question', over: 'clarify' },
    { why: '"how do I ask her that" works the technique just given through, not another', before: COACHED, message: 'how do I ask her that', first: 'deepen', over: 'goes on' },
    { why: 'added context mid-conversation is about the current problem, not unclear', before: COACHED, message: 'most of them are retired couples on a fixed income', first: 'goes on', over: 'clarify' },
    { why: 'a first message that says too little gets one question before coaching', before: [], message: 'Prospects keep saying our price is too high.', first: 'first question', over: 'coach' },
  ];
  for (const c of cases) {
    it(c.why, () => {
      const input = inputAfter(c.before, c.message);
      expect(rule(c.over).apply(input)).toBeDefined();
      expect(answeringRule(input)).toBe(c.first);
      const names = TURN_RULES.map((r) => r.name);
      expect(names.indexOf(c.first)).toBeLessThan(names.indexOf(c.over));
    });
  }

  it('answers every message: some rule always gives the turn', () => {
    const messages = ['', 'asdf', 'stop', 'Give me a hint', 'try again', 'more', 'ok', 'Following up', 'the sister one', "it's not the close"];
    for (const before of [[], COACHED.slice(0, 1), COACHED, IN_SCENE]) {
      for (const message of messages) expect(answeringRule(inputAfter(before, message))).toBeDefined();
    }
    expect(() => nextTurn({ profile: { username: 'rep', industry: null, product: null, salesExperience: null, biggestStruggle: null, targetIncome: null, currentIncome: null, city: null, state: null }, history: [], message: '?', knowledge: [] })).not.toThrow();
  });
});
