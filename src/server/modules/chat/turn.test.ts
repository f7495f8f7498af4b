import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { streamEventSchemas } from '#shared/schemas/chat.js';
import { streamEvent } from './turn.js';

describe('streamEvent: the chat stream events, typed by the shared schemas', () => {
  it('writes one server-sent event the browser can parse back with the same schema', () => {
    const text = streamEvent('delta', { text: 'Ask what' });
    expect(text).toBe('event: delta\ndata: {"text":"Ask what"}\n\n');
    expect(streamEventSchemas.delta.parse(JSON.parse(text.split('data: ')[1] ?? ''))).toEqual({ text: 'Ask what' });
  });

  it('refuses at compile time what the browser would drop (npx tsc checks these lines)', () => {
    // @ts-expect-error: a delta carries `text`
    streamEvent('delta', { content: 'Ask what' });
    // @ts-expect-error: no such event
    streamEvent('progress', { text: 'Ask what' });
    // @ts-expect-error: `done` is a stored message, with its id
    streamEvent('done', { role: 'assistant', content: 'Hi', timestamp: '' });
    expect(streamEvent('error', { message: 'Try again' })).toContain('event: error');
  });
});

describe('the chat routes are thin (issue #26 item 5)', () => {
  it('leave the turn, from the rep message to the stored reply, to turn.ts', () => {
    const routes = readFileSync(new URL('./routes.ts', import.meta.url), 'utf8');
    for (const flow of ['startTurn', 'finishTurn', 'abandonTurn', 'storeUserMessage', 'deps.coach', 'hijack', 'TurnsInFlight']) expect(routes).not.toContain(flow);
  });
});
