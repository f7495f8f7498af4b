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

  it('is the close when the story ends on the buyer putting off the decision after trying the product', () => {
    expect(momentOf("she sat in the recliner for twenty minutes, loved it, then goes 'we'll wait for the holiday sale'")).toBe('close');
    expect(momentOf("did the inspection and the photos, then the homeowner says 'my cousin can do it cheaper'")).toBe('close');
    expect(momentOf("she writes back 'your quote is higher than the others, can you do better?'")).toBe('close');
  });

  it('keeps in the middle a worry about the product, or a line said during the demo', () => {
    expect(momentOf("showed him the tracking screen, then he says 'my drivers will think I'm watching them'")).not.toBe('close');
    expect(momentOf("during the demo they go 'we'll think about the reporting part later'")).toBe('middle');
  });

  it('reads the moment the rep names outright', () => {
    expect(momentOf('the close, mostly')).toBe('close');
    expect(momentOf('the opening, mostly')).toBe('intro');
  });

  it('names nothing when the message places nothing', () => {
    expect(momentOf('mostly retirees on a fixed income')).toBeUndefined();
  });
});
