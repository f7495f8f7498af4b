// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDictation, type SpeechRecognitionLike } from '../../lib/speech';
import { DictationStatus, MicButton } from './mic-button';
import { SpeakButton } from './speak-button';

class FakeRecognition implements Partial<SpeechRecognitionLike> {
  static last: FakeRecognition | null = null;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  start = vi.fn();
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn();
  constructor() {
    FakeRecognition.last = this;
  }
}

/** A text box with the mic, as the chat's and a drill's answer boxes use it. */
function AnswerBox({ onSubmit = () => undefined }: { onSubmit?: () => void }) {
  const [value, setValue] = useState('');
  const dictation = useDictation({ value, onChange: setValue });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
        setValue('');
      }}
    >
      <textarea aria-label="Answer" value={value} onChange={(e) => setValue(e.target.value)} />
      <MicButton dictation={dictation} />
      <button type="submit">Send</button>
      <DictationStatus dictation={dictation} />
    </form>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeRecognition.last = null;
});

describe('MicButton', () => {
  it('is not shown where the browser has no speech recognition; the box still types', () => {
    vi.stubGlobal('SpeechRecognition', undefined);
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    render(<AnswerBox />);
    expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/Listening/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Answer'), { target: { value: 'typed' } });
    expect(screen.getByLabelText<HTMLTextAreaElement>('Answer').value).toBe('typed');
  });

  it('shows the mic unpressed and not listening until pressed, then "Listening…", pressed, with a stop', () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    render(<AnswerBox />);
    const mic = screen.getByRole('button', { name: 'Dictate' });
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(FakeRecognition.last).toBeNull();
    fireEvent.click(mic);
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Listening…');
    expect(screen.getByTestId('dictation-listening').textContent).toMatch(/Listening… speak your answer/);
    fireEvent.click(screen.getByRole('button', { name: 'Stop dictating' }));
    expect(FakeRecognition.last?.stop).toHaveBeenCalled();
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByTestId('dictation-listening')).toBeNull();
  });

  it('shows what went wrong next to the box', () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    render(<AnswerBox />);
    fireEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    act(() => FakeRecognition.last?.onerror?.({ error: 'not-allowed' }));
    expect(screen.getByRole('alert').textContent).toMatch(/microphone is blocked/);
  });

  it('stops when its form is sent, and a late word does not come back into the emptied box', () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const onSubmit = vi.fn();
    render(<AnswerBox onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dictate' }));
    const r = FakeRecognition.last;
    const heard = (transcript: string) => r?.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript }], { isFinal: true })] });
    act(() => heard('my answer'));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Answer').value).toBe('my answer');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(r?.abort).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Dictate' }).getAttribute('aria-pressed')).toBe('false');
    act(() => heard('my answer again'));
    expect(screen.getByLabelText<HTMLTextAreaElement>('Answer').value).toBe('');
  });
});

describe('SpeakButton', () => {
  it('is not shown where the browser cannot speak', () => {
    const saved = Object.getOwnPropertyDescriptor(window, 'speechSynthesis');
    Reflect.deleteProperty(window, 'speechSynthesis');
    try {
      render(<SpeakButton text="We need to sleep on it." />);
      expect(screen.queryByRole('button')).toBeNull();
    } finally {
      if (saved) Object.defineProperty(window, 'speechSynthesis', saved);
    }
  });

  it('speaks the line, and stops it on a second press', () => {
    const speak = vi.fn();
    const cancel = vi.fn();
    vi.stubGlobal('speechSynthesis', { speak, cancel, getVoices: () => [] });
    vi.stubGlobal(
      'SpeechSynthesisUtterance',
      class {
        lang = '';
        onend = null;
        onerror = null;
        constructor(public text: string) {}
      },
    );
    render(<SpeakButton text="We need to sleep on it." label="Speak the wife's line" />);
    fireEvent.click(screen.getByRole('button', { name: "Speak the wife's line" }));
    expect(speak).toHaveBeenCalledOnce();
    expect(speak).toHaveBeenCalledWith(expect.objectContaining({ text: 'We need to sleep on it.' }));
    fireEvent.click(screen.getByRole('button', { name: 'Stop speaking' }));
    expect(cancel).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: "Speak the wife's line" })).toBeTruthy();
  });
});
