import { describe, expect, it } from 'vitest';
import { TOPICS } from '#shared/coaching.js';
import { chunkKnowledge, readStarterPlaybook } from '../../knowledge/service.js';
import { MOTIONS } from './motion.js';
import { fill } from './replies.js';
import { assess } from './role-play.js';
import { FOLLOW_UP_QUESTIONS, TECHNIQUES, type Technique } from './techniques.js';

/** What the dialogue judge refuses in any reply, quoted playbook passages included. */
const PLACEHOLDER = /\[(?:[a-z][a-z'’ -]{1,30})\]/i;
/**
 * The only values the engine fills in: the profile's product and industry, and what the rep said
 * in the conversation, which always carries the words to use when the rep has not said it.
 */
const UNKNOWN_FILL = /\{(?!(?:product|industry)\}|(?:amount|competitor's|competitor|partner|name)\|[^}|{]+\})[^}]*\}/;

const playbook = readStarterPlaybook();
const chunks = chunkKnowledge(playbook);
/** Each passage's own heading, without the chapter it sits in. */
const headings = [...new Set(chunks.map((c) => c.title.split(' › ').at(-1) ?? c.title))];
const words = (text: string) => text.trim().split(/\s+/).length;

const textsOf = (t: Technique) => [t.id, t.name, t.method, t.why, t.example, t.action, t.roleplay, ...t.steps, ...t.sources];

/*
 * The coach scores the rep's role-play lines against its rubric (no "but", no invented urgency, no
 * "trust me"); a line it teaches, in a technique or quoted from the starter playbook, must pass the
 * same rubric, or the coach marks the rep down for saying what it taught (a trainer found two).
 */
describe('the lines the coach teaches pass its own role-play rubric', () => {
  const faultsOf = (line: string) => assess(line).faults.filter((f) => f.id !== 'too-long').map((f) => f.id);
  it('every technique example', () => {
    for (const t of TECHNIQUES) expect(faultsOf(fill(t.example, { username: 'r', industry: 'Home services', product: 'Gutter guards', salesExperience: null, biggestStruggle: null, targetIncome: null, currentIncome: null, city: null, state: null })), t.id).toEqual([]);
  });
  it('every example line of the starter playbook', () => {
    const lines = [...playbook.matchAll(/^Example line: (.+)$/gm)].map((m) => m[1] ?? '');
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) expect(faultsOf(line), line).toEqual([]);
  });
});

describe('no placeholder reaches the rep', () => {
  it('in any technique', () => {
    for (const t of TECHNIQUES) {
      for (const text of textsOf(t)) {
        expect(text, t.id).not.toMatch(PLACEHOLDER);
        expect(text, t.id).not.toMatch(UNKNOWN_FILL);
      }
    }
  });

  it('in any technique filled with or without what the rep said', () => {
    const profile = { username: 'r', industry: 'Home services', product: 'Solar panels, $0 down', salesExperience: null, biggestStruggle: null, targetIncome: null, currentIncome: null, city: null, state: null };
    const told = { amount: '$40 a month', competitor: 'the honda place', decider: 'the husband', name: 'Carol' };
    for (const t of TECHNIQUES) {
      for (const text of [t.why, t.example, t.action, t.roleplay, ...t.steps]) {
        for (const facts of [undefined, {}, told]) {
          const filled = fill(text, profile, facts);
          expect(filled, t.id).not.toMatch(/[{}]/);
          expect(filled, t.id).not.toMatch(PLACEHOLDER);
        }
      }
    }
    const like = TECHNIQUES.find((t) => t.id === 'like-for-like');
    expect(fill(like?.example ?? '', profile, told)).toContain("the honda place's offer");
    expect(fill(like?.example ?? '', profile, told)).toContain('$40 a month');
    expect(fill(like?.example ?? '', profile, {})).toContain('that gap is real money');
  });

  it('in the follow-up questions and their options', () => {
    for (const q of Object.values(FOLLOW_UP_QUESTIONS)) {
      for (const text of [q.which.question, ...q.which.options, q.named.question, ...q.named.options]) expect(text).not.toMatch(PLACEHOLDER);
    }
  });

  it('in the starter playbook, which the coach quotes as it is', () => {
    const offending = playbook.split('\n').filter((line) => PLACEHOLDER.test(line) || /\[[A-Za-z]/.test(line));
    expect(offending).toEqual([]);
    // Passages are quoted without filling: a fill key would reach the rep as "{product}".
    expect(playbook).not.toMatch(/\{[a-z]+\}/);
  });
});

describe('sources', () => {
  it("each technique's first source names a section heading of the starter playbook", () => {
    for (const t of TECHNIQUES) {
      const first = t.sources[0]?.toLowerCase() ?? '';
      expect(first, t.id).not.toBe('');
      expect(headings.some((h) => h.toLowerCase().includes(first)), `${t.id}: "${t.sources[0]}"`).toBe(true);
    }
  });

  it('every source names a passage the knowledge base has', () => {
    for (const t of TECHNIQUES) {
      for (const source of t.sources) expect(chunks.some((c) => c.title.toLowerCase().includes(source.toLowerCase())), `${t.id}: "${source}"`).toBe(true);
    }
  });

  it('the playbook has the sections for other motions and named methods', () => {
    for (const needle of ['door-to-door', 'just looking', 'couple testing', 'research it online', 'add-ons', 'kitchen table', 'phone insurance', 'inbound lead', 'spouse', 'sister', 'shop around', 'through work', 'exclusivity', 'economic buyer', 'explain the cost', 'sandler pain funnel', 'meddic', 'challenger', 'laer']) {
      expect(headings.some((h) => h.toLowerCase().includes(needle)), needle).toBe(true);
    }
  });
});

describe('the technique catalogue', () => {
  it('has unique ids and names', () => {
    expect(new Set(TECHNIQUES.map((t) => t.id)).size).toBe(TECHNIQUES.length);
    expect(new Set(TECHNIQUES.map((t) => t.name)).size).toBe(TECHNIQUES.length);
  });

  it('gives every topic at least three different named methods, so pushback can get a different one', () => {
    for (const topic of TOPICS) {
      const methods = new Set(TECHNIQUES.filter((t) => t.topic === topic).map((t) => t.method));
      expect(methods.size, `${topic}: ${[...methods].join(', ')}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('names only known motions, and none twice', () => {
    for (const t of TECHNIQUES) {
      if (!t.motions) continue;
      expect(t.motions.length, t.id).toBeGreaterThan(0);
      expect(new Set(t.motions).size, t.id).toBe(t.motions.length);
      for (const m of t.motions) expect(MOTIONS, t.id).toContain(m);
    }
  });

  it('has, for every motion, prospecting and objection techniques that fit it, with at least two methods each', () => {
    const fitsMotion = (t: Technique, m: (typeof MOTIONS)[number]) => !t.motions || t.motions.includes(m);
    for (const motion of MOTIONS) {
      for (const topic of ['prospecting', 'objection_handling'] as const) {
        const methods = new Set(TECHNIQUES.filter((t) => t.topic === topic && fitsMotion(t, motion)).map((t) => t.method));
        expect(methods.size, `${motion} / ${topic}`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('keeps the motion-specific advice out of the wrong motion', () => {
    const byId = (id: string) => TECHNIQUES.find((t) => t.id === id);
    expect(byId('gatekeeper-ally')?.motions).not.toContain('door_to_door');
    expect(byId('permission-opener')?.motions).toEqual(['cold_phone']);
    expect(byId('three-touch-outreach')?.motions).toEqual(expect.arrayContaining(['email_social', 'cold_phone']));
    expect(byId('doorstep-opener')?.motions).toEqual(['door_to_door']);
  });

  it('is short enough for a phone screen: why ≤ 25 words, ≤ 3 steps of ≤ 12 words, an example of ≤ 35 words', () => {
    for (const t of TECHNIQUES) {
      expect(words(t.why), `${t.id} why`).toBeLessThanOrEqual(25);
      expect(t.steps.length, `${t.id} steps`).toBeLessThanOrEqual(3);
      for (const step of t.steps) expect(words(step), `${t.id}: ${step}`).toBeLessThanOrEqual(12);
      expect(words(t.example), `${t.id} example`).toBeLessThanOrEqual(35);
    }
  });
});
