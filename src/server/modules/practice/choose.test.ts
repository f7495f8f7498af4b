import { describe, expect, it } from 'vitest';
import { defaultBehavioursFile, loadBehaviours } from './behaviours.js';
import { rankBehaviours, STARTERS, type ChoiceInput } from './choose.js';

const behaviours = loadBehaviours(defaultBehavioursFile());
const base: ChoiceInput = { behaviours, areas: [], recentResults: [], pastWeeks: [], motion: null, today: '2026-03-10' };
const first = (input: Partial<ChoiceInput>) => rankBehaviours({ ...base, ...input })[0];
const ids = (input: Partial<ChoiceInput>) => rankBehaviours({ ...base, ...input }).map((c) => c.behaviourId);

describe('the weekly choice rule', () => {
  it('takes the heaviest improvement area and the behaviour tied to that exact topic and stage', () => {
    const pick = first({ areas: [{ topic: 'closing', stage: 'close', weight: 3 }, { topic: 'discovery', stage: 'middle', weight: 1 }] });
    expect(pick).toMatchObject({ behaviourId: 'trial-close-first', reason: expect.stringContaining('heaviest improvement area') });
    // The area's other behaviour is the next best, then the second area's.
    expect(ids({ areas: [{ topic: 'closing', stage: 'close', weight: 3 }, { topic: 'discovery', stage: 'middle', weight: 1 }] }).slice(0, 3)).toEqual([
      'trial-close-first',
      'ask-then-stay-quiet',
      'two-situation-questions',
    ]);
  });

  it('falls back to the same topic when nothing is tied to that stage', () => {
    // Nothing is tied to closing · middle: the closing behaviours (at the close) stand in.
    expect(first({ areas: [{ topic: 'closing', stage: 'middle', weight: 2 }] })).toMatchObject({ behaviourId: 'trial-close-first', reason: expect.stringContaining('same topic') });
  });

  it('puts the outcome behaviour first when most recent calls stalled or were lost', () => {
    const areas = [{ topic: 'discovery' as const, stage: 'middle' as const, weight: 4 }];
    expect(first({ areas, recentResults: ['stalled', 'stalled', 'won', 'stalled'] })).toMatchObject({ behaviourId: 'dated-next-step', reason: expect.stringContaining('3 of 4') });
    expect(first({ areas, recentResults: ['lost', 'lost', 'stalled'] })?.behaviourId).toBe('lost-deal-debrief');
    // Two results are too few to say "most calls": the area decides.
    expect(first({ areas, recentResults: ['stalled', 'lost'] })?.behaviourId).toBe('two-situation-questions');
    // Mostly won or moved forward: the area decides too.
    expect(first({ areas, recentResults: ['won', 'moved_forward', 'stalled'] })?.behaviourId).toBe('two-situation-questions');
  });

  it('brings back a behaviour whose check-in said it did not stick, once', () => {
    const pastWeeks = [{ behaviourId: 'and-not-but', startDate: '2026-03-03', didIt: 'no' as const, result: null }];
    expect(first({ areas: [{ topic: 'closing', stage: 'close', weight: 3 }], pastWeeks })).toMatchObject({ behaviourId: 'and-not-but', reason: expect.stringContaining("didn't happen") });
    // Two weeks in a row on it without sticking: the data decides again, and it stays on the list.
    const twice = [...pastWeeks, { behaviourId: 'and-not-but', startDate: '2026-02-24', didIt: 'partly' as const, result: null }];
    const ranked = ids({ areas: [{ topic: 'closing', stage: 'close', weight: 3 }], pastWeeks: twice });
    expect(ranked[0]).toBe('trial-close-first');
    expect(ranked).toContain('and-not-but');
  });

  it('does not repeat a behaviour that stuck within four weeks, and may after', () => {
    const areas = [{ topic: 'closing' as const, stage: 'close' as const, weight: 3 }];
    const stuck = (startDate: string) => [{ behaviourId: 'trial-close-first', startDate, didIt: 'yes' as const, result: null }];
    expect(ids({ areas, pastWeeks: stuck('2026-02-11') })).not.toContain('trial-close-first'); // 27 days ago
    expect(first({ areas, pastWeeks: stuck('2026-02-11') })?.behaviourId).toBe('ask-then-stay-quiet');
    // 28 days on, it may come back, after the area's behaviour not yet practised.
    expect(ids({ areas, pastWeeks: stuck('2026-02-10') }).slice(0, 2)).toEqual(['ask-then-stay-quiet', 'trial-close-first']);
  });

  it("counts the last check-in's call result among the recent calls", () => {
    const pastWeeks = [{ behaviourId: 'trial-close-first', startDate: '2026-03-03', didIt: 'yes' as const, result: 'stalled' as const }];
    expect(first({ pastWeeks, recentResults: ['stalled', 'won'] })?.behaviourId).toBe('dated-next-step');
  });

  it('gives a rep with no data the starter for their motion', () => {
    expect(first({ motion: 'door' })).toEqual({ behaviourId: 'reason-first-opener', reason: STARTERS.door.reason });
    expect(first({ motion: 'showroom' })?.behaviourId).toBe('two-situation-questions');
    expect(first({ motion: 'b2b' })?.behaviourId).toBe('dated-next-step');
    expect(first({ motion: null })?.behaviourId).toBe('dated-next-step');
  });

  it('ranks every behaviour once, so a swap always has an alternative', () => {
    const ranked = ids({ areas: [{ topic: 'discovery', stage: 'middle', weight: 1 }] });
    expect(ranked).toHaveLength(behaviours.length);
    expect(new Set(ranked).size).toBe(behaviours.length);
  });
});
