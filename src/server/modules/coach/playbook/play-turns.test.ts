import { describe, expect, it } from 'vitest';
import type { CoachContext } from '../engine.js';
import { NO_FACTS, withMessage } from './facts.js';
import { NO_PLAY, playCoach, playPushback, playSceneTurn, startPlayScene, type PlayInput, type PlayState } from './play-turns.js';

const profile: CoachContext['profile'] = { username: 'rep', industry: 'Insurance', product: 'Final expense whole life, by phone', salesExperience: '1-2 years', biggestStruggle: '', targetIncome: 6000, currentIncome: 3000, city: 'Tampa', state: 'FL' };
const input = (message: string, play: PlayState, methods: string[] = [], intent: string | null = null): PlayInput => ({
  ctx: { profile, history: [], message, knowledge: [] },
  play,
  facts: withMessage({ ...NO_FACTS }, message),
  methods,
  intent,
});

describe('coaching from the written ways of selling', () => {
  it('coaches the moment the rep names, in their way of selling, and answers their either/or first', () => {
    const turn = playCoach(input('she said she has to talk to her son first. should i call back tomorrow or wait for her to call?', { ...NO_PLAY, way: 'phone_b2c' }));
    expect(turn?.play.moment).toBe('spouse');
    const firstWords = turn?.reply.content.split(/\s+/).slice(0, 60).join(' ').toLowerCase() ?? '';
    expect(firstWords).toMatch(/call|wait/);
    expect(turn?.reply.coaching.method).toBeTruthy();
  });

  it('gives every approach once, each with a method not named before, then asks the question that decides', () => {
    let play: PlayState = { ...NO_PLAY, way: 'car_lot' };
    const methods: string[] = [];
    const first = playCoach(input('desk came back at 489 a month and they wanted under 400', play));
    expect(first?.play.moment).toBe('price');
    play = first?.play ?? play;
    methods.push(first?.reply.coaching.method ?? '');
    for (let i = 0; i < 2; i++) {
      const next = playPushback(input("that won't work, they already know the payment", play, methods, 'pushback'));
      expect(methods).not.toContain(next?.reply.coaching.method);
      methods.push(next?.reply.coaching.method ?? '');
      play = next?.play ?? play;
    }
    const last = playPushback(input('nah something else', play, methods, 'pushback'));
    expect(last?.reply.content).toMatch(/\?/);
    expect(last?.reply.coaching.method).toBeUndefined();
  });

  it('plays the buyer the rep names, reacts to their line, and ends with feedback on what they said', () => {
    const started = startPlayScene(input('can you be the wife? she wants to think about it', { ...NO_PLAY, way: 'in_home', moment: 'think' }, [], 'roleplay'));
    expect(started?.reply.content).toContain('**The wife:**');
    let play = started?.play ?? NO_PLAY;
    const line = playSceneTurn(input('totally fair, what part would you want to think over, the price or the timing?', play));
    expect(line?.reply.content).toMatch(/^\*\*The wife:\*\* "/);
    expect(line?.reply.content).not.toMatch(/Out of character/);
    play = line?.play ?? play;
    const end = playSceneTurn(input('stop, how did i do', play, [], 'stop'));
    expect(end?.reply.content).toContain('What worked');
    expect(end?.reply.content).toContain('totally fair, what part would you want to think over');
    expect(end?.play.scene).toBeUndefined();
  });

  it('leaves the turn to the older coach when it has no way of selling or no moment', () => {
    expect(playCoach(input('they want to think about it', NO_PLAY))).toBeUndefined();
    expect(playCoach(input('how are you today', { ...NO_PLAY, way: 'sdr' }))).toBeUndefined();
  });
});
