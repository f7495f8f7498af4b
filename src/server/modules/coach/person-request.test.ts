import { describe, expect, it } from 'vitest';
import type { CoachContext, CoachEngine, CoachReply, HistoryMessage } from './engine.js';
import { PERSON_REQUEST_REASON, asksForPerson, personReply, withPersonRequests } from './person-request.js';

describe('asksForPerson', () => {
  it.each([
    'can I talk to a real person',
    'Can I talk to a real person please?',
    'honestly can i just talk to a real human coach',
    'can i talk to an actual person about this? like a human coach who knows dental',
    'is there a real person who can listen to my call recordings?',
    'Is there anyone who can review my call recordings?',
    'I want to speak to a human',
    'I’d like to speak with someone from your team',
    'This is a bot, right? I want a human coach.',
    'put me through to a live coach',
    'escalate',
    'Please escalate this.',
    'this isnt helping, escalate me to a human',
    'Could someone from your team look at this?',
    'Talk to a person',
    'speak to human',
    'get me a real person',
    'human please',
    'Real person pls',
    'can we chat with one of your coaches',
    'I was wondering if I could speak to an actual human',
    'Is it possible to talk to a live person?',
    'do you guys have real coaches',
    'can you connect me with a real coach',
    'ok fine. can i talk to someone',
    'I need to talk to someone about my commission',
    'does anyone on your team know dental?',
  ])('hears a request for a person in %j', (message) => {
    expect(asksForPerson(message)).toBe(true);
  });

  it.each([
    'my customers want to talk to a person',
    'the buyer asked for a manager',
    'They always ask to speak to a real person, not voicemail',
    'My prospects keep saying they want a real person, not an AI',
    'The prospect said he would rather talk to a person than fill in a form',
    'people want to talk to a human when they buy a car',
    'my client wants someone from your team to call him',
    'the owner asked to speak with someone from corporate',
    'how do I get past the gatekeeper and talk to a real person?',
    'I need to talk to someone in procurement before they sign',
    'should I talk to a real person at the bank or email them',
    'I need someone who can sign off on the budget',
    'Who is the right person to talk to at a hospital?',
    'Can I talk to the owner directly or go through the office manager?',
    'what would that roi thing actually look like for a 200 person company',
    'his team loves the shop floor module',
    'should I escalate this to my VP?',
    'how do I escalate a deal to the economic buyer',
    'a real person answered the phone for once',
    'Can I get a human touch into my follow-up emails?',
    'I am a real person, not a script, how do I sound less robotic',
    'Half way through the call the prospect said our product is too expensive and I froze.',
    'Give me another tip',
    'what does your team recommend for dental offices?',
    'someone from your team already replied, thanks',
  ])('does not mistake %j for one', (message) => {
    expect(asksForPerson(message)).toBe(false);
  });
});

function context(message: string, history: HistoryMessage[] = []): CoachContext {
  return {
    profile: { username: 'rep1', industry: null, product: null, salesExperience: null, biggestStruggle: null, targetIncome: null, currentIncome: null, city: null, state: null },
    history,
    message,
    knowledge: [],
  };
}

/** An engine that records its calls and answers one fixed reply. */
function recordingEngine(): CoachEngine & { calls: string[] } {
  const calls: string[] = [];
  const answer: CoachReply = { content: 'Engine answer.', options: [], coaching: { stage: 'general', topics: [] }, confidence: 0.8 };
  return {
    name: 'fake',
    calls,
    reply: async (ctx) => {
      calls.push(`reply:${ctx.message}`);
      return answer;
    },
    stream: (ctx) => {
      calls.push(`stream:${ctx.message}`);
      return {
        textStream: (async function* () {
          yield answer.content;
        })(),
        reply: Promise.resolve(answer),
      };
    },
  };
}

const coachedHistory: HistoryMessage[] = [
  { role: 'user', content: 'They say it is too expensive.' },
  {
    role: 'assistant',
    content: 'Which part of the call does it come up in?',
    options: ['Right at the start', 'After the demo'],
    coaching: { stage: 'middle', topics: ['objection_handling'] },
    state: { phase: 'asked', topic: 'objection_handling' },
  },
  { role: 'user', content: 'After the demo' },
  {
    role: 'assistant',
    content: 'Use feel-felt-found.',
    options: ['Give me another tip'],
    coaching: { stage: 'middle', topics: ['objection_handling', 'closing'], method: 'Feel-felt-found' },
    state: { phase: 'coached', topic: 'objection_handling', techniqueId: 'feel-felt-found', used: ['feel-felt-found'] },
  },
];

describe('withPersonRequests', () => {
  it('answers a request for a person itself, without calling the engine', async () => {
    const engine = recordingEngine();
    const wrapped = withPersonRequests(engine);
    const reply = await wrapped.reply(context('Can I talk to a real person?', coachedHistory));
    const stream = wrapped.stream(context('is there a real person who can listen to my call recordings?', coachedHistory));
    const chunks: string[] = [];
    for await (const chunk of stream.textStream) chunks.push(chunk);
    const streamed = await stream.reply;

    expect(engine.calls).toEqual([]);
    expect(wrapped.name).toBe('fake');
    for (const answer of [reply, streamed]) {
      expect(answer.escalation).toEqual({ reason: PERSON_REQUEST_REASON, priority: 'high' });
      expect(answer.content).toContain('coaching team');
      expect(answer.content).toContain('right here');
      expect(answer.content).toContain('usually within one business day');
      expect(answer.content).toContain('In the meantime');
    }
    expect(chunks.join('')).toBe(streamed.content);
  });

  it('keeps the last diagnosis without its method, and hands the engine state back unchanged', async () => {
    const reply = await withPersonRequests(recordingEngine()).reply(context('can i talk to a human coach', coachedHistory));
    expect(reply.coaching).toEqual({ stage: 'middle', topics: ['objection_handling', 'closing'] });
    expect(reply.coaching.method).toBeUndefined();
    expect(reply.state).toBe(coachedHistory[3]?.state);
    expect(reply.options).toEqual(['Give me another tip', 'Role-play this with me', 'I have a different problem']);
  });

  it('reads the newest stored state even when the last assistant message has none', async () => {
    const history: HistoryMessage[] = [...coachedHistory, { role: 'user', content: 'ok' }, { role: 'assistant', content: 'Good.', coaching: null, state: null }];
    expect(personReply(history).state).toBe(coachedHistory[3]?.state);
  });

  it('starts from a general diagnosis and no state in a new conversation', () => {
    const reply = personReply([]);
    expect(reply.coaching).toEqual({ stage: 'general', topics: [] });
    expect(reply.state).toBeUndefined();
    expect(reply.options).toEqual(['Keep working on this with me', 'I have a different problem']);
  });

  it("offers the answers to the coach's open question again, so the engine can resume there", () => {
    const reply = personReply(coachedHistory.slice(0, 2));
    expect(reply.options).toEqual(['Right at the start', 'After the demo', 'I have a different problem']);
    expect(reply.coaching).toEqual({ stage: 'middle', topics: ['objection_handling'] });
    expect(reply.state).toEqual({ phase: 'asked', topic: 'objection_handling' });
  });

  it('words a second request differently and never asks a question', () => {
    const first = personReply(coachedHistory);
    const second = personReply([...coachedHistory, { role: 'user', content: 'human please' }, { role: 'assistant', content: first.content, options: first.options, coaching: first.coaching, state: first.state ?? null }]);
    expect(second.content).not.toBe(first.content);
    expect(second.escalation?.priority).toBe('high');
    expect(`${first.content}${second.content}`).not.toContain('?');
  });

  it('passes every other message to the engine', async () => {
    const engine = recordingEngine();
    const wrapped = withPersonRequests(engine);
    expect((await wrapped.reply(context('my customers want to talk to a person'))).content).toBe('Engine answer.');
    await wrapped.stream(context('Give me another tip')).reply;
    expect(engine.calls).toEqual(['reply:my customers want to talk to a person', 'stream:Give me another tip']);
  });
});
