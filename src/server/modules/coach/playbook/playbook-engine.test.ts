import { describe, expect, it } from 'vitest';
import type { CoachContext } from '../engine.js';
import { createPlaybookEngine } from './playbook-engine.js';

const ctx: CoachContext = {
  profile: { username: 'r', industry: 'Solar', product: 'home solar panels', salesExperience: '6+ years', biggestStruggle: null, targetIncome: 9000, currentIncome: null, city: null, state: null },
  history: [],
  message: 'When should I use an assumptive close versus a summary close?',
  knowledge: [],
};

describe('the playbook engine stream', () => {
  it('adds up to the reply and leaves no abort listener behind', async () => {
    const engine = createPlaybookEngine({ streamDelayMs: 1 });
    const controller = new AbortController();
    let added = 0;
    let removed = 0;
    const add = controller.signal.addEventListener.bind(controller.signal);
    const remove = controller.signal.removeEventListener.bind(controller.signal);
    controller.signal.addEventListener = ((...args: Parameters<typeof add>) => (added++, add(...args))) as typeof add;
    controller.signal.removeEventListener = ((...args: Parameters<typeof remove>) => (removed++, remove(...args))) as typeof remove;

    const stream = engine.stream(ctx, controller.signal);
    let text = '';
    for await (const piece of stream.textStream) text += piece;
    const reply = await stream.reply;
    expect(text).toBe(reply.content);
    expect(reply.coaching.method).toBeTruthy();
    expect(added).toBeGreaterThan(3);
    expect(removed).toBe(added);
  });

  it('stops streaming when the rep goes away', async () => {
    const engine = createPlaybookEngine({ streamDelayMs: 5 });
    const controller = new AbortController();
    const stream = engine.stream(ctx, controller.signal);
    let pieces = 0;
    for await (const _piece of stream.textStream) {
      pieces++;
      if (pieces === 2) controller.abort();
    }
    expect(pieces).toBe(2);
  });
});
