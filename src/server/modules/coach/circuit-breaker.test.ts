import { afterEach, describe, expect, it, vi } from 'vitest';
import { CircuitBreaker } from './circuit-breaker.js';
import type { CoachEngine, CoachReply, CoachTurnReport } from './engine.js';
import { withFallback } from './fallback.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('CircuitBreaker', () => {
  it('opens after the failures in a row, not after failures a success broke up', () => {
    const breaker = new CircuitBreaker({ failuresToOpen: 3, probeAfterMs: 1_000, maxProbeMs: 8_000, probe: async () => undefined });
    breaker.failed();
    breaker.failed();
    breaker.succeeded();
    breaker.failed();
    breaker.failed();
    expect(breaker.allows()).toBe(true);
    breaker.failed();
    expect(breaker.allows()).toBe(false);
    breaker.stop();
  });

  it('tries the provider in the background, waiting twice as long after each failed try, and closes when it answers', async () => {
    vi.useFakeTimers();
    let up = false;
    const probes: number[] = [];
    const changes: boolean[] = [];
    const breaker = new CircuitBreaker({
      failuresToOpen: 1,
      probeAfterMs: 1_000,
      maxProbeMs: 3_000,
      probe: async () => {
        probes.push(Date.now());
        if (!up) throw new Error('still down');
      },
      onChange: (open) => changes.push(open),
    });
    const start = Date.now();
    breaker.failed();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(probes.map((t) => t - start)).toEqual([1_000, 3_000, 6_000]);
    expect(breaker.allows()).toBe(false);
    up = true;
    await vi.advanceTimersByTimeAsync(3_000);
    expect(breaker.allows()).toBe(true);
    expect(changes).toEqual([true, true, true, true, false]);
  });
});

describe('what counts against the provider', () => {
  const reply = (report: CoachTurnReport): CoachReply => ({ content: 'Ask for the order.', options: [], coaching: { stage: 'close', topics: ['closing'] }, confidence: 0.8, report });
  const engineAnswering = (answer: CoachReply): CoachEngine => ({ name: 'llm', reply: async () => answer, stream: () => ({ textStream: (async function* () {})(), reply: Promise.resolve(answer) }) });
  const fallback: CoachEngine = engineAnswering(reply({ engine: 'playbook', outcome: 'complete', totalMs: 1 }));
  const context = { profile: { username: 'r', industry: null, product: null, salesExperience: null, biggestStruggle: null, targetIncome: null, currentIncome: null, city: null, state: null }, history: [], message: 'hi', knowledge: [] };

  it('a reply cut by the token limit does not; one kept after the provider stalled does', async () => {
    const breaker = new CircuitBreaker({ failuresToOpen: 2, probeAfterMs: 60_000, maxProbeMs: 60_000, probe: async () => undefined });
    const cutByLength = withFallback(engineAnswering(reply({ engine: 'llm', outcome: 'incomplete', finishReason: 'length', totalMs: 5 })), fallback, { breaker });
    for (let i = 0; i < 3; i++) await cutByLength.reply(context);
    expect(breaker.allows()).toBe(true);
    const stalled = withFallback(engineAnswering(reply({ engine: 'llm', outcome: 'incomplete', reason: 'stall: the answer stopped for 600 ms', totalMs: 5 })), fallback, { breaker });
    for (let i = 0; i < 2; i++) await stalled.reply(context);
    expect(breaker.allows()).toBe(false);
    breaker.stop();
  });
});
