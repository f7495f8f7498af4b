import { useCallback, useEffect, useRef, useState } from 'react';

/*
 * Voice where the browser allows it (issue #27 item 4): the buyer's lines spoken with the Web
 * Speech API's speechSynthesis, the rep's answer dictated with its SpeechRecognition. Both are
 * the browser's own services: nothing here records audio or sends any (no MediaRecorder, no
 * upload); only the dictated text reaches the text box, and typing always works beside it.
 */

/** The one alternative of a recognition result this code reads. */
interface RecognitionAlternative {
  readonly transcript: string;
}

/** One result: its alternatives, best first, and whether the browser has settled on it. */
interface RecognitionResult {
  readonly isFinal: boolean;
  readonly length: number;
  readonly [index: number]: RecognitionAlternative;
}

/** What a `result` event carries: every result of the session so far, and the first one that changed. */
export interface RecognitionResultEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; readonly [index: number]: RecognitionResult };
}

/** An `error` event: `error` is one of the spec's codes (not-allowed, audio-capture, no-speech, network, aborted…). */
export interface RecognitionErrorEvent {
  readonly error: string;
}

/**
 * The part of SpeechRecognition this code uses. TypeScript's DOM library does not declare it
 * (Chrome and Safari ship it prefixed as webkitSpeechRecognition), so it is declared here.
 */
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: RecognitionErrorEvent) => void) | null;
  onend: (() => void) | null;
  start: () => void;
  stop: () => void;
  abort: () => void;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** The browser's speech recognition, prefixed or not; null where it has none (Firefox). */
export function recognitionConstructor(): SpeechRecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: SpeechRecognitionConstructor; webkitSpeechRecognition?: SpeechRecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export function canDictate(): boolean {
  return recognitionConstructor() !== null;
}

export function canSpeak(): boolean {
  if (typeof window === 'undefined') return false;
  // Read as possibly missing: TypeScript's DOM types promise both, and Firefox on Android, some
  // embedded browsers and privacy settings leave them out.
  const w = window as { speechSynthesis?: SpeechSynthesis; SpeechSynthesisUtterance?: typeof SpeechSynthesisUtterance };
  return Boolean(w.speechSynthesis) && typeof w.SpeechSynthesisUtterance === 'function';
}

/** The page's language ('en' from <html lang="en">): the voice and the recognition follow it. */
function pageLanguage(): string {
  return document.documentElement.lang || navigator.language || 'en';
}

/**
 * The voice for the page's language: the one whose tag is exactly it, else one of the same
 * language ('en-GB' for 'en'), a voice on the device before one that streams from a server.
 * Undefined leaves the choice to the browser, which then reads the utterance's `lang`.
 */
export function pickVoice(voices: readonly SpeechSynthesisVoice[], lang: string): SpeechSynthesisVoice | undefined {
  const wanted = lang.toLowerCase();
  const base = wanted.split('-')[0] ?? wanted;
  const tag = (v: SpeechSynthesisVoice) => v.lang.toLowerCase().replace('_', '-');
  const candidates = [...voices.filter((v) => tag(v) === wanted), ...voices.filter((v) => tag(v) !== wanted && tag(v).split('-')[0] === base)];
  return candidates.find((v) => v.localService) ?? candidates[0];
}

export interface Speaker {
  /** False where the browser cannot speak: the Speak button is then not shown. */
  supported: boolean;
  /** This speaker's line is being spoken. */
  speaking: boolean;
  speak: (text: string) => void;
  stop: () => void;
}

/**
 * Speaks lines with the browser's speechSynthesis. One line at a time across the page: a new
 * line cuts off the one before. Leaving the page (unmounting, or closing the tab) stops it, so a
 * buyer's line does not go on over the next screen.
 */
export function useSpeak(): Speaker {
  const [supported] = useState(canSpeak);
  const [speaking, setSpeaking] = useState(false);
  const current = useRef<SpeechSynthesisUtterance | null>(null);

  const stop = useCallback(() => {
    if (!canSpeak()) return;
    if (current.current) window.speechSynthesis.cancel();
    current.current = null;
    setSpeaking(false);
  }, []);

  const speak = useCallback((text: string) => {
    if (!canSpeak() || !text.trim()) return;
    const synth = window.speechSynthesis;
    synth.cancel();
    const utterance = new window.SpeechSynthesisUtterance(text);
    const lang = pageLanguage();
    utterance.lang = lang;
    const voice = pickVoice(synth.getVoices(), lang);
    if (voice) utterance.voice = voice;
    // Only this utterance's own end counts: a line cut off by the next one ends that one, not this.
    const done = () => {
      if (current.current !== utterance) return;
      current.current = null;
      setSpeaking(false);
    };
    utterance.onend = done;
    utterance.onerror = done;
    current.current = utterance;
    setSpeaking(true);
    synth.speak(utterance);
  }, []);

  useEffect(() => {
    const leave = () => {
      if (current.current && canSpeak()) window.speechSynthesis.cancel();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
      current.current = null;
    };
  }, []);

  return { supported, speaking, speak, stop };
}

export type DictationState = 'idle' | 'listening' | 'error';

/** What went wrong, in the rep's words, with what to do; typing is always the way out. */
export function dictationErrorMessage(code: string): string {
  switch (code) {
    case 'not-allowed':
    case 'service-not-allowed':
      return 'The microphone is blocked for this site. Allow it in your browser’s site settings, or type your answer.';
    case 'audio-capture':
      return 'No microphone was found. Connect one and try again, or type your answer.';
    case 'no-speech':
      return 'No speech was heard. Tap the mic and speak again, or type your answer.';
    case 'network':
      return 'Dictation needs your browser’s online speech service, which could not be reached. Check your connection, or type your answer.';
    case 'language-not-supported':
      return 'Your browser cannot dictate in this language. Type your answer instead.';
    default:
      return 'Dictation stopped unexpectedly. Tap the mic to try again, or type your answer.';
  }
}

/** `dictated` after what was typed, with one space between unless the typed text ends a line. */
function joined(typed: string, dictated: string): string {
  const words = dictated.trim();
  if (!words) return typed;
  if (!typed || /\s$/.test(typed)) return typed + words;
  return `${typed} ${words}`;
}

export interface DictationOptions {
  /** The text box's value, as the rep typed it. */
  value: string;
  /** Sets the box's value: the typed text with the dictated words after it. */
  onChange: (value: string) => void;
}

export interface Dictation {
  /** False where the browser has no speech recognition: the mic button is then not shown. */
  supported: boolean;
  state: DictationState;
  /** With state 'error': what went wrong, in words the rep understands. */
  error: string | null;
  /** Starts listening; only ever from the rep's own press (never on its own). */
  start: () => void;
  /** Stops listening; the words already heard are kept and the last of them still arrive. */
  stop: () => void;
  /** Stops at once and drops words not yet delivered: the answer was sent, the box is cleared. */
  cancel: () => void;
}

/**
 * Dictation into a text box with the browser's speech recognition. Words appear as they are
 * heard (interim), then settle (final), after whatever the rep had typed; text typed while
 * listening is kept, and the next words go after it.
 */
export function useDictation({ value, onChange }: DictationOptions): Dictation {
  const [supported] = useState(canDictate);
  const [state, setState] = useState<DictationState>('idle');
  const [error, setError] = useState<string | null>(null);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const latest = useRef({ value, onChange });
  // Written in an effect, not during render: the handlers read the newest value and onChange.
  useEffect(() => {
    latest.current = { value, onChange };
  }, [value, onChange]);

  const detach = useCallback((r: SpeechRecognitionLike) => {
    r.onresult = null;
    r.onerror = null;
    r.onend = null;
    if (recognition.current === r) recognition.current = null;
  }, []);

  const cancel = useCallback(() => {
    const r = recognition.current;
    if (!r) return;
    detach(r);
    r.abort();
    setState('idle');
  }, [detach]);

  const stop = useCallback(() => {
    recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Recognition = recognitionConstructor();
    if (!Recognition || recognition.current) return;
    const r = new Recognition();
    r.lang = pageLanguage();
    r.continuous = true;
    r.interimResults = true;
    // What the box held before the words of this session, and what this session last put after it.
    let typed = latest.current.value;
    let shown = '';
    // Results before this index are already part of `typed` (the rep edited the box after them).
    let from = 0;
    r.onresult = (event) => {
      const now = latest.current.value;
      if (now !== joined(typed, shown)) {
        // The rep typed or edited while listening: their text stands, and the words so far are in it.
        typed = now;
        from = event.resultIndex;
      }
      let words = '';
      for (let i = from; i < event.results.length; i++) words += event.results[i]?.[0]?.transcript ?? '';
      shown = words;
      latest.current.onChange(joined(typed, words));
    };
    r.onerror = (event) => {
      if (event.error === 'aborted') return;
      detach(r);
      r.abort();
      setError(dictationErrorMessage(event.error));
      setState('error');
    };
    r.onend = () => {
      detach(r);
      setState('idle');
    };
    recognition.current = r;
    setError(null);
    try {
      r.start();
      setState('listening');
    } catch {
      // Already started elsewhere, or refused at once: said like any other failure.
      detach(r);
      setError(dictationErrorMessage('start'));
      setState('error');
    }
  }, [detach]);

  // Leaving the page stops listening: the mic is never left on behind another screen.
  useEffect(() => () => cancel(), [cancel]);

  return { supported, state, error, start, stop, cancel };
}
