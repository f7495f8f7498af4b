// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_COUNTER_FROM, MESSAGE_MAX } from '#shared/schemas/chat';
import { ChatInput } from './chat-input';

afterEach(cleanup);

function setup(pending = false, accept = true) {
  const onSend = vi.fn((_text: string) => accept);
  const view = render(<ChatInput onSend={onSend} pending={pending} />);
  const box = screen.getByLabelText<HTMLTextAreaElement>('Message');
  const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Send message' });
  const type = (value: string) => fireEvent.change(box, { target: { value } });
  return { onSend, box, button, type, view };
}

describe('ChatInput', () => {
  it('sends the trimmed text on Enter and clears the box', () => {
    const { onSend, box, type } = setup();
    type('  My prospect went quiet.  ');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('My prospect went quiet.');
    expect(box.value).toBe('');
  });

  it('does not send on Shift+Enter (a new line)', () => {
    const { onSend, box, type } = setup();
    type('first line');
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('first line');
  });

  it('does not send an empty or whitespace-only message', () => {
    const { onSend, box, button, type } = setup();
    fireEvent.keyDown(box, { key: 'Enter' });
    type('   \n\t ');
    expect(button.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.submit(box.form as HTMLFormElement);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends with the Send button', () => {
    const { onSend, button, type } = setup();
    type('Price objection');
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Price objection');
  });

  it('ignores Enter and the button while a send is pending, and keeps the text', () => {
    const { onSend, box, button, type } = setup(true);
    type('next question');
    expect(button.disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.submit(box.form as HTMLFormElement);
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('next question');
  });

  it('keeps the text when the message was not taken', () => {
    const { onSend, box, type } = setup(false, false);
    type('no session yet');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledOnce();
    expect(box.value).toBe('no session yet');
  });

  it('grows only up to 96px', () => {
    const { box } = setup();
    expect(box.style.maxHeight).toBe('96px');
  });

  // Issue #25: a pasted 2,590-character story became 2,000 characters without a word.
  describe('the length limit', () => {
    it('never cuts what is typed or pasted', () => {
      const { box } = setup();
      expect(box.maxLength).toBe(-1);
    });

    it('counts the characters from 80 % of the limit', () => {
      const { type } = setup();
      type('a'.repeat(MESSAGE_COUNTER_FROM - 1));
      expect(screen.queryByTestId('message-length')).toBeNull();
      type('a'.repeat(MESSAGE_COUNTER_FROM));
      expect(screen.getByTestId('message-length').textContent).toBe(`${MESSAGE_COUNTER_FROM.toLocaleString()} / ${MESSAGE_MAX.toLocaleString()}`);
      expect(screen.queryByRole('alert')).toBeNull();
    });

    it('sends a message of exactly the limit', () => {
      const { onSend, box, type } = setup();
      type('a'.repeat(MESSAGE_MAX));
      fireEvent.keyDown(box, { key: 'Enter' });
      expect(onSend).toHaveBeenCalledExactlyOnceWith('a'.repeat(MESSAGE_MAX));
    });

    it('refuses to send past it, says why beside the box, and keeps the text whole', () => {
      const { onSend, box, button, type } = setup();
      const story = 'x'.repeat(2590);
      type(story);
      expect(button.disabled).toBe(true);
      fireEvent.keyDown(box, { key: 'Enter' });
      fireEvent.submit(box.form as HTMLFormElement);
      expect(onSend).not.toHaveBeenCalled();
      expect(box.value).toBe(story);
      expect(screen.getByRole('alert').textContent).toBe(`Messages can be at most ${MESSAGE_MAX.toLocaleString()} characters. Shorten yours to send it.`);
      expect(screen.getByTestId('message-length').textContent).toBe(`2,590 / ${MESSAGE_MAX.toLocaleString()}`);
      expect(box.getAttribute('aria-invalid')).toBe('true');
      expect(box.getAttribute('aria-describedby')).toBe('chat-message-length');
    });
  });
});

describe('ChatInput dictation (issue #27 item 4)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('has no mic where the browser cannot dictate', () => {
    vi.stubGlobal('SpeechRecognition', undefined);
    vi.stubGlobal('webkitSpeechRecognition', undefined);
    setup();
    expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull();
  });

  it('puts the dictated words in the box, and a send by Enter stops the mic', () => {
    const recognitions: { start: () => void; abort: ReturnType<typeof vi.fn>; onresult: ((e: unknown) => void) | null }[] = [];
    vi.stubGlobal(
      'webkitSpeechRecognition',
      class {
        onresult = null;
        onerror = null;
        onend = null;
        start = vi.fn();
        stop = vi.fn();
        abort = vi.fn();
        constructor() {
          recognitions.push(this);
        }
      },
    );
    const { onSend, box } = setup();
    const mic = screen.getByRole('button', { name: 'Dictate' });
    fireEvent.click(mic);
    expect(mic.getAttribute('aria-pressed')).toBe('true');
    const r = recognitions[0];
    act(() => r?.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: 'what would you want to be sure of' }], { isFinal: true })] }));
    expect(box.value).toBe('what would you want to be sure of');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledExactlyOnceWith('what would you want to be sure of');
    expect(r?.abort).toHaveBeenCalled();
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    expect(box.value).toBe('');
  });
});
