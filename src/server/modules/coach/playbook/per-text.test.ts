import { describe, expect, it } from 'vitest';
import { motionsIn } from './motion.js';
import { eitherOr } from './play.js';
import { perText } from './text.js';

describe('readings kept per message text (issue #26: a turn re-run for its citation reads nothing twice)', () => {
  it('reads a text once, keeps the last `max` texts, and forgets the oldest first', () => {
    const read: string[] = [];
    const length = perText((text: string) => {
      read.push(text);
      return { n: text.length };
    }, 2);
    const first = length('cold calls');
    expect(length('cold calls')).toBe(first);
    length('door to door');
    length('a third text');
    length('door to door');
    length('cold calls');
    expect(read).toEqual(['cold calls', 'door to door', 'a third text', 'cold calls']);
  });

  it("gives the same reading of the same message to every rule of a turn, and to the turn's re-run", () => {
    const message = 'Cold calls are killing me, should I call back tomorrow or wait two weeks?';
    expect(motionsIn(message)).toBe(motionsIn(message));
    expect(eitherOr(message)).toBe(eitherOr(message));
    expect(motionsIn(message).named).toEqual(['cold_phone']);
  });
});
