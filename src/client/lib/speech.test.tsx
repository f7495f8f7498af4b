// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pickVoice, useDictation, useSpeak, type RecognitionResultEvent, type SpeechRecognitionLike } from './speech';

/** A stand-in for the browser's SpeechRecognition: the test plays what the browser would hear. */
class FakeRecognition implements SpeechRecognitionLike {
  static instances: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  started = false;
  stopped = false;
  aborted = false;
  private results: { transcript: string; isFinal: boolean }[] = [];
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    this.started = true;
  }
  stop() {
    this.stopped = true;
  }
  abort() {
    this.aborted = true;
  }
  /** Hears `transcript`: a new result, or a new version of the last one while it was interim. */
  hear(transcript: string, isFinal: boolean) {
    const last = this.results.at(-1);
    const index = last && !last.isFinal ? this.results.length - 1 : this.results.length;
    this.results[index] = { transcript, isFinal };
    const results = this.results.map((r) => Object.assign([{ transcript: r.transcript }], { isFinal: r.isFinal }));
    const event: RecognitionResultEvent = { resultIndex: index, results };
    this.onresult?.(event);
  }
  fail(error: string) {
    this.onerror?.({ error });
    this.onend?.();
  }
  end() {
    this.onend?.();
  }
}

const latest = () => {
  const r = FakeRecognition.instances.at(-1);
  if (!r) throw new Error('No recognition was started');
  return r;
};

/** The hook over a box's state, as a text box would hold it. */
function useBox(initial = '') {
  const [value, setValue] = useState(initial);
  const dictation = useDictation({ value, onChange: setValue });
  return { value, setValue, dictation };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeRecognition.instances = [];
});

describe('useDictation', () => {
  beforeEach(() => {
    vi.stubGlobal('SpeechRecognition', undefined);
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
  });

  it('is unsupported where the browser has no speech recognition', () => {
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    const { result } = renderHook(() => useBox());
    expect(result.current.dictation.supported).toBe(false);
    act(() => result.current.dictation.start());
    expect(result.current.dictation.state).toBe('idle');
  });

  it('never starts by itself: nothing listens until start is called', () => {
    const { result } = renderHook(() => useBox());
    expect(result.current.dictation.supported).toBe(true);
    expect(result.current.dictation.state).toBe('idle');
    expect(FakeRecognition.instances).toHaveLength(0);
  });

  it('starts listening in the page language, with words shown as heard and then settled, after what was typed', () => {
    const { result } = renderHook(() => useBox('I hear you.'));
    act(() => result.current.dictation.start());
    const r = latest();
    expect(r.started).toBe(true);
    expect(r.lang).toBe(document.documentElement.lang || navigator.language || 'en');
    expect(r.interimResults).toBe(true);
    expect(result.current.dictation.state).toBe('listening');

    act(() => r.hear('what would you', false));
    expect(result.current.value).toBe('I hear you. what would you');
    act(() => r.hear('what would you want to be sure of', true));
    expect(result.current.value).toBe('I hear you. what would you want to be sure of');
    act(() => r.hear(' first', false));
    expect(result.current.value).toBe('I hear you. what would you want to be sure of first');
  });

  it('keeps what the rep types while listening, and puts the next words after it', () => {
    const { result } = renderHook(() => useBox());
    act(() => result.current.dictation.start());
    const r = latest();
    act(() => r.hear('that is fair', true));
    act(() => result.current.setValue('That is fair,'));
    act(() => r.hear('can I ask one thing', true));
    expect(result.current.value).toBe('That is fair, can I ask one thing');
  });

  it('goes back to idle when the browser ends the session, keeping the words', () => {
    const { result } = renderHook(() => useBox());
    act(() => result.current.dictation.start());
    act(() => latest().hear('hello', true));
    act(() => result.current.dictation.stop());
    expect(latest().stopped).toBe(true);
    act(() => latest().end());
    expect(result.current.dictation.state).toBe('idle');
    expect(result.current.value).toBe('hello');
  });

  it.each([
    ['not-allowed', /microphone is blocked/],
    ['service-not-allowed', /microphone is blocked/],
    ['audio-capture', /No microphone was found/],
    ['no-speech', /No speech was heard/],
    ['network', /could not be reached/],
    ['bad-grammar', /stopped unexpectedly/],
  ])('says what went wrong on %s, with typing as the way out', (code, message) => {
    const { result } = renderHook(() => useBox());
    act(() => result.current.dictation.start());
    act(() => latest().fail(code));
    expect(result.current.dictation.state).toBe('error');
    expect(result.current.dictation.error).toMatch(message);
    expect(result.current.dictation.error).toMatch(/type your answer/i);
    // The next press starts afresh and clears the message.
    act(() => result.current.dictation.start());
    expect(result.current.dictation.state).toBe('listening');
    expect(result.current.dictation.error).toBeNull();
  });

  it('treats a start the browser refuses at once as an error', () => {
    class Refusing extends FakeRecognition {
      override start(): void {
        throw new Error('InvalidStateError');
      }
    }
    vi.stubGlobal('webkitSpeechRecognition', Refusing);
    const { result } = renderHook(() => useBox());
    act(() => result.current.dictation.start());
    expect(result.current.dictation.state).toBe('error');
    expect(result.current.dictation.error).toMatch(/try again/);
  });

  it('on a send (cancel) stops at once and drops words still on their way', () => {
    const { result } = renderHook(() => useBox());
    act(() => result.current.dictation.start());
    const r = latest();
    act(() => r.hear('my answer', true));
    act(() => {
      result.current.dictation.cancel();
      result.current.setValue('');
    });
    expect(r.aborted).toBe(true);
    expect(result.current.dictation.state).toBe('idle');
    act(() => r.hear('late words', true));
    expect(result.current.value).toBe('');
  });

  it('stops listening when the box goes away', () => {
    const { result, unmount } = renderHook(() => useBox());
    act(() => result.current.dictation.start());
    unmount();
    expect(latest().aborted).toBe(true);
  });
});

/** A stand-in for speechSynthesis: it records what it was asked to say. */
function fakeSynthesis(voices: Partial<SpeechSynthesisVoice>[] = []) {
  const spoken: SpeechSynthesisUtterance[] = [];
  const synth = {
    speak: vi.fn((u: SpeechSynthesisUtterance) => spoken.push(u)),
    cancel: vi.fn(() => {
      for (const u of spoken.splice(0)) u.onerror?.(new Event('error') as SpeechSynthesisErrorEvent);
    }),
    getVoices: () => voices as SpeechSynthesisVoice[],
  };
  class Utterance {
    lang = '';
    voice: SpeechSynthesisVoice | null = null;
    onend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    constructor(public text: string) {}
  }
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', Utterance);
  return { synth, spoken };
}

describe('useSpeak', () => {
  it('is unsupported without speechSynthesis', () => {
    const saved = Object.getOwnPropertyDescriptor(window, 'speechSynthesis');
    // happy-dom may define it; a voice-less browser has none at all.
    Reflect.deleteProperty(window, 'speechSynthesis');
    try {
      const { result } = renderHook(() => useSpeak());
      expect(result.current.supported).toBe(false);
    } finally {
      if (saved) Object.defineProperty(window, 'speechSynthesis', saved);
    }
  });

  it('speaks a line with an English voice for the page, and is speaking until it ends', () => {
    const english = { lang: 'en-US', localService: true, name: 'English' };
    const { synth, spoken } = fakeSynthesis([{ lang: 'fr-FR', localService: true, name: 'French' }, english]);
    const { result } = renderHook(() => useSpeak());
    expect(result.current.supported).toBe(true);
    act(() => result.current.speak('We need to sleep on it.'));
    expect(synth.speak).toHaveBeenCalledOnce();
    const u = spoken[0] as SpeechSynthesisUtterance & { text: string };
    expect(u.text).toBe('We need to sleep on it.');
    expect(u.voice).toBe(english);
    expect(result.current.speaking).toBe(true);
    act(() => u.onend?.(new Event('end') as SpeechSynthesisEvent));
    expect(result.current.speaking).toBe(false);
  });

  it('stops the line on stop and when the page goes away', () => {
    const { synth } = fakeSynthesis();
    const { result, unmount } = renderHook(() => useSpeak());
    act(() => result.current.speak('One line.'));
    act(() => result.current.stop());
    expect(synth.cancel).toHaveBeenCalled();
    expect(result.current.speaking).toBe(false);
    act(() => result.current.speak('Another line.'));
    synth.cancel.mockClear();
    unmount();
    expect(synth.cancel).toHaveBeenCalledOnce();
  });
});

describe('pickVoice', () => {
  const v = (lang: string, localService = true) => ({ lang, localService, name: lang }) as SpeechSynthesisVoice;
  it('prefers the exact language, then the same language elsewhere, a voice on the device first', () => {
    expect(pickVoice([v('en-GB'), v('en-US')], 'en-US')?.lang).toBe('en-US');
    expect(pickVoice([v('de-DE'), v('en-GB', false), v('en-AU')], 'en')?.lang).toBe('en-AU');
    expect(pickVoice([v('de-DE')], 'en')).toBeUndefined();
  });
});
