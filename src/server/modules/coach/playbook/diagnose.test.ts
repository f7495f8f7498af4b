import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { classify, classifyWith, loadCorpus, trainModels } from './classifier.js';
import { CONFIDENT_SCORE, RECENT_MAX, diagnose, diagnoseWith } from './diagnose.js';
import { evaluateScenarios } from './evaluate.js';
import { readScenarioFile, type Scenario } from './scenario-file.js';
import { withoutStrengths } from './text.js';

/** The shared dev set lives beside the repository (CI checks shared/ out next to it). */
const DEV = path.resolve('..', 'shared', 'coach-eval', 'dev.json');
const HAS_DEV = fs.existsSync(DEV);
/** Written before the classifier was built and never used to tune it. */
const HOLDOUT_3 = path.resolve('bench', 'coach-eval', 'holdout-3.json');

function accuracy(scenarios: Scenario[]) {
  let stage = 0;
  let topic = 0;
  const misses: string[] = [];
  for (const sc of scenarios) {
    const d = diagnose(sc.message);
    const stageOk = d.stage === sc.stage;
    const topicOk = d.topics[0] !== undefined && sc.topics.includes(d.topics[0]);
    if (stageOk) stage++;
    if (topicOk) topic++;
    if (!stageOk || !topicOk) misses.push(`${sc.id}: got ${d.stage}/${d.topics[0] ?? '-'}, want ${sc.stage}/${sc.topics.join('|')}`);
  }
  return { stage: stage / scenarios.length, topic: topic / scenarios.length, misses };
}

describe('diagnose', () => {
  // What the rep sees is the coach's first reply, which also reads the moment the message names and
  // a quoted buyer line (dialogue.ts): that reply places every scenario. The classifier alone may
  // miss one since it also learns from the dialogue sets' turns (ADR 0007, 2026-11-25): "handle
  // 'now is not a good time' in the middle of my pitch" leans to presentation (4.1 against 3.5).
  it.skipIf(!HAS_DEV)(`places every scenario of the shared dev set in the coach's first reply, and the diagnosis alone misses at most one${HAS_DEV ? '' : ` (skipped: ${DEV} not found; CI has shared/ beside the repo)`}`, async () => {
    const scenarios = readScenarioFile(DEV);
    const report = await evaluateScenarios(scenarios);
    expect(report.rows.filter((r) => !r.stageOk || !r.topicOk).map((r) => r.id)).toEqual([]);
    expect(accuracy(scenarios).misses.length).toBeLessThanOrEqual(1);
  });

  it('is at least 90 % right on stage and topic for scenarios it was never tuned on (holdout-3)', () => {
    const result = accuracy(readScenarioFile(HOLDOUT_3));
    expect(result.stage, result.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
    expect(result.topic, result.misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it.each(['hi', 'thanks', 'asdf', "what's the weather", 'Hello!', 'thank you so much', 'who won the game last night?', 'my cat is sick', ''])(
    'keeps chatter with no sales content general and unsure: %j',
    (text) => {
      const d = diagnose(text);
      expect(d.stage).toBe('general');
      expect(d.topics).toEqual([]);
      expect(d.confidence).toBeLessThan(0.45);
    },
  );

  it.each([
    ['Cold calls are brutal, people hang up on me right away.', 'intro', 'prospecting'],
    ['My demos run long and people check their phones.', 'middle', 'presentation'],
    ['After I send a quote the client goes silent for weeks.', 'close', 'follow_up'],
  ])('understands a plain sales problem with confidence: %j', (text, stage, topic) => {
    const d = diagnose(text);
    expect(d.stage).toBe(stage);
    expect(d.topics[0]).toBe(topic);
    expect(d.confidence).toBeGreaterThanOrEqual(0.6);
    expect(d.topicScores[d.topics[0] ?? 'prospecting']).toBeGreaterThanOrEqual(CONFIDENT_SCORE);
  });

  it.each([
    // Chasing a cold approach is still the opening of the sale...
    ['How many follow-up emails should I send after a cold email gets no reply?', 'intro'],
    ['People who filled out the enquiry form on our site never answer when I follow up.', 'intro'],
    ['I met a lot of people at a trade show but none of them reply to my follow-ups.', 'intro'],
    // ...chasing a proposal or a meeting that happened is the close.
    ['How many follow-up emails should I send after I sent the proposal?', 'close'],
    ['After the demo the buyer went quiet and ignores my follow-ups.', 'close'],
    ['Walk-ins take a test drive, leave their number and then never answer when I follow up.', 'close'],
    ['I collected business cards at a networking breakfast. What should my follow-up email say?', 'intro'],
  ])('places a follow-up problem where the thing chased was: %j', (text, stage) => {
    const d = diagnose(text);
    expect(d.topics.slice(0, 2)).toContain('follow_up');
    expect(d.stage).toBe(stage);
  });

  it('weighs the trouble the rep says they want help with over the ones they mention in passing', () => {
    const passing = 'Buyers push back on price later on, and nobody stays on the phone past my opening line.';
    const focused = 'Buyers push back on price later on, but my biggest problem is that nobody stays on the phone past my opening line.';
    expect(diagnose(passing).topicScores.objection_handling).toBeGreaterThan(diagnose(focused).topicScores.objection_handling);
    expect(diagnose(focused).topics[0]).toBe('prospecting');
    expect(diagnose(focused).stage).toBe('intro');
  });

  it.each([
    ["Halfway through my pitch the owner said 'we tried something like this and it failed' and I got defensive.", 'middle', 'objection_handling'],
    ['What should I be asking in a first meeting so I learn what the client actually needs?', 'middle', 'discovery'],
    ['How do I find out who signs off much earlier in the process?', 'middle', 'discovery'],
    ["When I ask the owner to sign, he says he'll come back next week.", 'close', 'closing'],
    ['Half of the appointments I book are no-shows.', 'intro', 'prospecting'],
  ])('reads what the situation is, not only the words in it: %j', (text, stage, topic) => {
    const d = diagnose(text);
    expect(d.stage).toBe(stage);
    expect(d.topics.slice(0, 2)).toContain(topic);
  });

  it('sets aside what the rep says goes well', () => {
    expect(withoutStrengths('Prospecting is fine, discovery is solid, and my demos get good feedback. But when I ask for the order I freeze.')).toBe(
      'But when I ask for the order I freeze.',
    );
    // "Goes great until…" says where it goes wrong, so it stays; so does a message with nothing else in it.
    expect(withoutStrengths('Everything goes great until I ask for the order.')).toBe('Everything goes great until I ask for the order.');
    expect(withoutStrengths('My opener is fine.')).toBe('My opener is fine.');
    const d = diagnose("My cold calling is fine and I'm good at running demos, but when I ask for the order I freeze and start explaining features again.");
    expect(d.stage).toBe('close');
    expect(d.topics[0]).toBe('closing');
  });

  it.each([
    ["I asked for the order and they said they have to wait for next year's budget.", 'close'],
    ["On cold calls the first thing I hear is 'I'm in the middle of something' and they hang up.", 'intro'],
  ])('does not take the buyer\'s words for where the call is: %j', (text, stage) => {
    expect(diagnose(text).stage).toBe(stage);
  });

  it('takes an objection raised during a demo as the objection, not the demo', () => {
    const d = diagnose("Halfway through my demo the CFO said 'we tried a tool like this and nobody used it' and I got defensive.");
    expect(d.stage).toBe('middle');
    expect(d.topics[0]).toBe('objection_handling');
  });

  it('keeps the diagnosis shape: topics sorted by score, confidence within 0..1', () => {
    const d = diagnose('They love the product but say their boss has to sign off, and then nothing happens.');
    expect(d.topics.length).toBeGreaterThan(0);
    const scores = d.topics.map((t) => d.topicScores[t]);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(d.confidence).toBeGreaterThanOrEqual(0);
    expect(d.confidence).toBeLessThanOrEqual(1);
    expect(Object.keys(d.stageScores).sort()).toEqual(['close', 'intro', 'middle']);
  });

  it('falls back to the hand-written signals when the classifier is unavailable', () => {
    const d = diagnoseWith('Cold calls are brutal, people hang up on me right away.', null);
    expect(d.stage).toBe('intro');
    expect(d.topics[0]).toBe('prospecting');
    const chatter = diagnoseWith('hi', () => undefined);
    expect(chatter.stage).toBe('general');
    expect(chatter.topics).toEqual([]);
  });

  it('is deterministic: the same input gives the same output, also from a freshly trained model', () => {
    const messages = [
      'They said send me some information and hung up.',
      'I never know how to ask for the sale without sounding pushy.',
      'What questions should I ask to find out their budget?',
      'hi',
    ];
    // diagnoseWith keeps no cache, so these are two separate computations.
    const first = messages.map((m) => diagnoseWith(m, classify));
    const again = messages.map((m) => diagnoseWith(m, classify));
    expect(again).toEqual(first);

    const corpus = loadCorpus();
    const fresh = trainModels(corpus.scenarios, undefined, corpus.offTopic);
    const retrained = messages.map((m) => diagnoseWith(m, (text) => classifyWith(fresh, text)));
    expect(retrained).toEqual(first);
  });

  it('remembers a recent diagnosis: the same text gets the same result, a different text its own', () => {
    const text = 'Our trade show leads never pick up when I call them the week after.';
    const remembered = diagnose(text);
    expect(diagnose(text)).toBe(remembered);
    expect(remembered).toEqual(diagnoseWith(text, classify));
    const other = diagnose('I never know how to ask for the sale without sounding pushy.');
    expect(other).not.toBe(remembered);
    expect(other).toEqual(diagnoseWith('I never know how to ask for the sale without sounding pushy.', classify));
  });

  it(`remembers only the last ${RECENT_MAX} texts, so a long-running server does not grow the cache without end`, () => {
    const text = 'The purchasing manager at the hospital keeps pushing our meeting back.';
    const remembered = diagnose(text);
    for (let i = 0; i < RECENT_MAX; i++) diagnose(`filler message ${i} for the diagnosis cache`);
    const again = diagnose(text);
    expect(again).not.toBe(remembered);
    expect(again).toEqual(remembered);
  });
});
