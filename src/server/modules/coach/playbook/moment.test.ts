import { describe, expect, it } from 'vitest';
import { momentOf } from './moment.js';

describe('the moment of the call a message names', () => {
  it('is the last moment the story reaches', () => {
    expect(momentOf('they let me in, we do the demo at the kitchen table and they love it, then the wife says five years is too long')).toBe('close');
    expect(momentOf('people hang up in the first ten seconds')).toBe('intro');
    expect(momentOf('they tune out halfway through my demo')).toBe('middle');
  });

  it('is the close once the price comes out or the buyer stalls on deciding now', () => {
    expect(momentOf('as soon as i get to the price they go let me talk to my kids')).toBe('close');
    expect(momentOf("he says we're not doing anything tonight")).toBe('close');
  });

  it('is the opening at the start of the meeting', () => {
    expect(momentOf('how do i get him involved at the start instead of sitting there silent')).toBe('intro');
  });

  it('skips a moment the rep says is not theirs, but not what the rep fails to do there', () => {
    expect(momentOf("these aren't cold calls, they mailed in a card, and at the price they say they need to think about it")).toBe('close');
    expect(momentOf("these aren't cold calls, they mailed in a card")).toBeUndefined();
    expect(momentOf('I give a good presentation and then I never actually ask for the business')).toBe('close');
  });

  it('names nothing when the message places nothing', () => {
    expect(momentOf('mostly retirees on a fixed income')).toBeUndefined();
  });
});
