import { describe, expect, it } from 'vitest';
import type { HistoryMessage, KnowledgePassage, RepProfile } from '../engine.js';
import { FALLBACK_NOTICE } from '../vocabulary.js';
import { buildMessages, buildSystemPrompt, FINISH_TOOL_NAME } from './prompt.js';
import type { WireMessage } from './provider.js';

const profile: RepProfile = {
  username: 'rep1',
  industry: 'Home solar',
  product: 'SunPeak rooftop panels',
  salesExperience: '1-2 years',
  biggestStruggle: 'Homeowners say they need to think about it',
  targetIncome: 8000,
  currentIncome: 3000,
  city: 'Austin',
  state: 'TX',
};
const passages: KnowledgePassage[] = [{ title: 'Objection: "I need to think about it"', content: 'Acknowledge, then ask what exactly they want to think over.', rank: 1 }];

const history: HistoryMessage[] = [
  { role: 'user', content: 'they keep saying they need to think about it' },
  {
    role: 'assistant',
    content: 'Where does it happen: at the door, or after the full quote at the kitchen table?',
    options: ['At the door', 'After the quote'],
    coaching: { stage: 'close', topics: ['objection_handling', 'closing'] },
    state: { engine: 'llm', escalated: false, roleplayStep: 'none', scene: null },
  },
  { role: 'user', content: 'after the quote' },
  {
    role: 'assistant',
    content: 'Isolate it: "Is it the monthly number, or something else?"',
    options: ['Give me another tip'],
    coaching: { stage: 'close', topics: ['objection_handling'], method: 'Isolate the objection' },
  },
  { role: 'team', content: 'Hi, Sam from the coaching team here: send me a recording when you have one.' },
  { role: 'user', content: 'ok will do' },
  { role: 'assistant', content: `${FALLBACK_NOTICE}\n\nTry the summary close.`, options: ['Give me another tip'], coaching: { stage: 'close', topics: ['closing'], method: 'Summary close' } },
];

const contentOf = (m: WireMessage | undefined) => (m && 'content' in m ? (m.content ?? '') : '');

describe('what the model sees', () => {
  const system = buildSystemPrompt(profile, { output: 'tools', shareIncomeAndLocation: true });
  const messages = buildMessages(system, { history, knowledge: passages, message: 'that wont work, they just say they need to sleep on it' }, 'tools', null);

  it('puts the stable part first: rules and profile in the system prompt, no passages there', () => {
    expect(messages[0]).toEqual({ role: 'system', content: system });
    expect(system).toContain('SunPeak rooftop panels');
    expect(system).toContain('Austin, TX');
    expect(system).not.toContain('Acknowledge, then ask what exactly');
    // The same for every turn of the conversation, so a provider can cache it.
    expect(buildSystemPrompt(profile, { output: 'tools', shareIncomeAndLocation: true })).toBe(system);
  });

  it("carries each earlier reply's options and diagnosis, as the finish call it made", () => {
    const calls = messages.flatMap((m) => (m.role === 'assistant' ? (m.tool_calls ?? []) : []));
    expect(calls.map((c) => c.function.name)).toEqual([FINISH_TOOL_NAME, FINISH_TOOL_NAME, FINISH_TOOL_NAME]);
    expect(JSON.parse(calls[0]?.function.arguments ?? '{}')).toEqual({ stage: 'close', topics: ['objection_handling', 'closing'], options: ['At the door', 'After the quote'] });
    expect(JSON.parse(calls[1]?.function.arguments ?? '{}')).toMatchObject({ method: 'Isolate the objection' });
    // Every call is followed by its result, as the API requires.
    const roles = messages.map((m) => m.role);
    const afterCalls = roles.flatMap((role, i) => (role === 'assistant' ? [roles[i + 1]] : []));
    expect(afterCalls.filter((role) => role !== 'tool')).toEqual([]);
  });

  it("labels the coaching team's reply on the rep's side and strips the stand-in notice", () => {
    const team = messages.find((m) => m.role === 'user' && contentOf(m).includes('Sam from the coaching team'));
    expect(contentOf(team)).toContain('[The coaching team, a person, replied to the rep in the chat:]');
    expect(messages.some((m) => m.role === 'assistant' && contentOf(m).includes('Sam'))).toBe(false);
    expect(messages.some((m) => contentOf(m).includes(FALLBACK_NOTICE))).toBe(false);
    expect(messages.some((m) => m.role === 'assistant' && contentOf(m) === 'Try the summary close.')).toBe(true);
  });

  it('puts the passages and where the conversation stands after the history, with the new message', () => {
    const last = messages.at(-1);
    expect(last?.role).toBe('user');
    const text = contentOf(last);
    expect(text).toContain('### Objection: "I need to think about it"');
    expect(text).toContain('Methods you have coached with so far: "Isolate the objection", "Summary close"');
    expect(text.endsWith("The rep's new message:\nthat wont work, they just say they need to sleep on it")).toBe(true);
    expect(messages.slice(0, -1).some((m) => contentOf(m).includes('Acknowledge, then ask what exactly'))).toBe(false);
  });

  it('keeps the first message when a long conversation is trimmed, and the newest ones', () => {
    const long: HistoryMessage[] = [{ role: 'user', content: 'FIRST: I sell solar door to door' }];
    for (let i = 0; i < 60; i++) long.push({ role: i % 2 ? 'user' : 'assistant', content: `turn ${i} ${'x'.repeat(900)}` });
    const trimmed = buildMessages(system, { history: long, knowledge: [], message: 'now what' }, 'tools', null);
    expect(contentOf(trimmed[1])).toContain('FIRST: I sell solar door to door');
    expect(contentOf(trimmed[1])).toContain('earlier messages of this conversation left out');
    expect(trimmed.some((m) => contentOf(m).includes('turn 59 '))).toBe(true);
    expect(trimmed.some((m) => contentOf(m).includes('turn 3 '))).toBe(false);
    expect(JSON.stringify(trimmed).length).toBeLessThan(60_000);
  });

  it('in the plain-text mode, earlier replies end with their <reply-data> block instead of a tool call', () => {
    const textMessages = buildMessages(buildSystemPrompt(profile, { output: 'text', shareIncomeAndLocation: true }), { history, knowledge: [], message: 'ok' }, 'text', null);
    expect(textMessages.some((m) => m.role === 'tool' || (m.role === 'assistant' && m.tool_calls))).toBe(false);
    expect(contentOf(textMessages.find((m) => m.role === 'assistant'))).toContain('<reply-data>\nstage: close\ntopics: objection_handling, closing\noptions: At the door | After the quote\n</reply-data>');
    expect(contentOf(textMessages[0])).toContain('<reply-data>');
  });

  it('leaves income and location out when the operator says so', () => {
    const privateSystem = buildSystemPrompt(profile, { output: 'tools', shareIncomeAndLocation: false });
    expect(privateSystem).not.toContain('Austin');
    expect(privateSystem).not.toContain('$3,000');
    expect(privateSystem).not.toContain('$8,000');
    expect(privateSystem).toContain('SunPeak rooftop panels');
  });

  it('tells the model about a role-play in progress: who it plays, how far, the rep lines as typed', () => {
    const scene = { buyer: 'Dana, the homeowner', exchanges: 2, repLines: ['hi dana, quick q', 'what would make it worth it?'] };
    const withScene = buildMessages(system, { history, knowledge: [], message: 'what would make it worth it?' }, 'tools', scene);
    const text = contentOf(withScene.at(-1));
    expect(text).toContain('Role-play in progress: you are playing Dana, the homeowner. You have said 2 line(s)');
    expect(text).toContain('1. "hi dana, quick q"\n2. "what would make it worth it?"');
  });
});
