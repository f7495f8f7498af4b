import { describe, expect, it } from 'vitest';
import { deniedMoments, playMomentOf } from './play-moment.js';

describe('the moment of the sale a message describes', () => {
  it.each([
    ['they said they need to talk to the wife first', 'spouse'],
    ["she goes 'let me run it by my husband'", 'spouse'],
    ['they wanna sleep on it', 'think'],
    ['desk came back at 489 a month and they wanted under 400', 'price'],
    ['the honda place quoted them $40 less', 'shopping'],
    ["he said we're all set, we already have a guy", 'have_one'],
    ['sent the proposal two weeks ago and she went dark', 'silence'],
    ['he went quiet after the demo, what do i text him today', 'silence'],
    ["can't get past the receptionist to the owner", 'access'],
    ["procurement says every vendor gives us 30% off", 'discount'],
    ['they say our 25% fee is too high, other agencies do 15%', 'fee'],
    ["they say 'not interested' and shut the door", 'brush_off'],
  ])('%s → %s', (message, moment) => {
    expect(playMomentOf(message)).toBe(moment);
  });

  it('takes the moment the rep rules out away', () => {
    expect(deniedMoments("no it's not the price, its the wife")).toEqual(['price']);
    expect(playMomentOf("no it's not the price, its the wife. she wants to ask her husband")).toBe('spouse');
  });

  it('names none for a message about no moment', () => {
    expect(playMomentOf('lol random but who you got winning the super bowl')).toBeUndefined();
  });
});
