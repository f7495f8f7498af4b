// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '#shared/schemas/chat';
import { READ_ALOUD_KEY, useReadAloudSetting, useReadBuyerAloud } from './read-aloud';

const buyer = (id: number, words: string): ChatMessage => ({
  id,
  role: 'assistant',
  content: `**The wife:** "${words}"`,
  timestamp: '2026-11-27T10:00:00.000Z',
  coaching: { stage: 'close', topics: [], rolePlay: true },
});
const rep = (id: number): ChatMessage => ({ id, role: 'user', content: 'my line', timestamp: '2026-11-27T10:00:00.000Z' });

let speak: ReturnType<typeof vi.fn>;
beforeEach(() => {
  speak = vi.fn();
  vi.stubGlobal('speechSynthesis', { speak, cancel: vi.fn(), getVoices: () => [] });
  vi.stubGlobal(
    'SpeechSynthesisUtterance',
    class {
      lang = '';
      onend = null;
      onerror = null;
      constructor(public text: string) {}
    },
  );
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const spokenTexts = () => speak.mock.calls.map((c) => (c[0] as { text: string }).text);

describe('read the buyer aloud', () => {
  it('is off by default, and remembered once turned on', () => {
    const { result } = renderHook(() => useReadAloudSetting());
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(localStorage.getItem(READ_ALOUD_KEY)).toBe('1');
    expect(renderHook(() => useReadAloudSetting()).result.current[0]).toBe(true);
  });

  it('speaks a buyer line that arrives while on, never the ones already there, and nothing while off', () => {
    const first = [buyer(2, 'We need to sleep on it')];
    const { rerender } = renderHook(({ messages, on }) => useReadBuyerAloud(messages, on), { initialProps: { messages: first, on: true } });
    expect(speak).not.toHaveBeenCalled();
    const second = [...first, rep(3), buyer(4, 'It is a lot of money')];
    rerender({ messages: second, on: true });
    expect(spokenTexts()).toEqual(['It is a lot of money']);
    rerender({ messages: [...second, rep(5), buyer(6, 'Let me ask my husband')], on: false });
    expect(spokenTexts()).toEqual(['It is a lot of money']);
  });
});
