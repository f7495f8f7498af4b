// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX } from '../../../../shared/schemas/chat';
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

  it('caps the length and grows only up to 96px', () => {
    const { box } = setup();
    expect(box.maxLength).toBe(MESSAGE_MAX);
    expect(box.style.maxHeight).toBe('96px');
  });
});
