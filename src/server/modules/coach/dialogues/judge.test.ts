import { describe, expect, it } from 'vitest';
import { DialogueJudge, questionsIn, tally, type TurnReply } from './judge.js';

const reply = (text: string, coaching: TurnReply['coaching'] = null, status = 200): TurnReply => ({ status, text, coaching });
const failed = (results: { kind: string; pass: boolean }[]) => results.filter((r) => !r.pass).map((r) => r.kind);

describe('the dialogue checks of docs/coach-eval.md', () => {
  it('finds questions as the stretches ending in ?, lower-cased without punctuation', () => {
    expect(questionsIn('Got it. **When they say it**, what do you say back? And then?\nWhy?')).toEqual(['when they say it what do you say back', 'and then', 'why']);
  });

  it('fails a refused or empty reply as not answered', () => {
    expect(failed(new DialogueJudge().judgeTurn(reply('', null, 402), {}))).toEqual(['answered']);
    expect(failed(new DialogueJudge().judgeTurn(reply('   '), {}))).toEqual(['answered']);
  });

  it('catches placeholders in square brackets, but not Markdown links or numbers', () => {
    expect(failed(new DialogueJudge().judgeTurn(reply('It pays for itself if it fixes half of that [cost].'), {}))).toEqual(['noPlaceholder']);
    expect(failed(new DialogueJudge().judgeTurn(reply("Say: 'how does [their company] handle it'"), {}))).toEqual(['noPlaceholder']);
    expect(failed(new DialogueJudge().judgeTurn(reply('See [1] and [A1].'), {}))).toEqual([]);
  });

  it('fails a question of more than five words asked again, and only then', () => {
    const judge = new DialogueJudge();
    expect(failed(judge.judgeTurn(reply('When it goes wrong, what usually happens first? Why?'), {}))).toEqual([]);
    expect(failed(judge.judgeTurn(reply('OK. Why? Short one?'), {}))).toEqual([]);
    expect(failed(judge.judgeTurn(reply('Right. When it goes WRONG — what usually happens first?'), {}))).toEqual(['noRepeatedQuestion']);
  });

  it('judges the expected stage, topics, mentions and methods', () => {
    const judge = new DialogueJudge();
    const coaching = { stage: 'close' as const, topics: ['objection_handling' as const], method: 'Feel, felt, found' };
    const first = judge.judgeTurn(reply('Your Carvana offer is a number, not a sale.', coaching), {
      stage: 'close',
      topicsAny: ['closing', 'objection_handling'],
      mentionsAny: ['CARVANA'],
      mentionsNone: ['linkedin'],
      methodNamed: true,
      methodChanged: true,
    });
    expect(failed(first)).toEqual([]);
    // Pushback answered with the same method fails methodChanged; LinkedIn advice fails mentionsNone.
    const second = judge.judgeTurn(reply('Try LinkedIn.', { ...coaching, stage: 'intro' }), { stage: 'close', mentionsNone: ['linkedin'], mentionsAny: ['carvana'], methodChanged: true });
    expect(failed(second)).toEqual(['stage', 'mentionsAny', 'mentionsNone', 'methodChanged']);
    const third = judge.judgeTurn(reply('Different angle.', { ...coaching, method: 'LAER' }), { methodChanged: true, methodNamed: true });
    expect(failed(third)).toEqual([]);
  });

  it('judges a new method, an answer in the first 60 words and a word limit', () => {
    const judge = new DialogueJudge();
    const coaching = (method: string) => ({ stage: 'close' as const, topics: ['closing' as const], method });
    expect(failed(judge.judgeTurn(reply('Use LAER.', coaching('LAER')), { methodNew: true }))).toEqual([]);
    judge.judgeTurn(reply('Try the summary close.', coaching('Summary close')), {});
    // LAER differs from the last method but was named before: not new.
    expect(failed(judge.judgeTurn(reply('Back to LAER.', coaching('LAER')), { methodChanged: true, methodNew: true }))).toEqual(['methodChanged']);
    const long = `${'word '.repeat(60)}10k`;
    expect(failed(judge.judgeTurn(reply(long), { answersFirst: ['10K'], maxWords: 60 }))).toEqual(['answersFirst', 'maxWords']);
    expect(failed(judge.judgeTurn(reply('Go with 10k: it covers the funeral.'), { answersFirst: ['10K', '10,000'], maxWords: 7 }))).toEqual([]);
  });

  it('tallies per kind and overall', () => {
    const judge = new DialogueJudge();
    const results = [...judge.judgeTurn(reply('ok'), { methodNamed: true }), ...judge.judgeTurn(reply('[name]'), {})];
    const { byKind, overall } = tally(results);
    expect(overall).toEqual({ pass: 5, total: 7 });
    expect(byKind.get('methodNamed')).toEqual({ pass: 0, total: 1 });
    expect(byKind.get('noPlaceholder')).toEqual({ pass: 1, total: 2 });
  });
});
