import { useEffect, useRef, useState } from 'react';
import type { ChatMessage } from '#shared/schemas/chat';
import { useSpeak } from '../../../lib/speech';
import { isUnsaved } from '../api/stream-message';
import { buyerLines, spokenText } from './buyer-lines';

/**
 * "Read the buyer's lines aloud" (issue #27 item 4): off until the rep turns it on, then
 * remembered in this browser for their next role-plays. A preference, nothing of the rep's, so it
 * is not among the personal keys cleared on signing out.
 */
export const READ_ALOUD_KEY = 'salesCoachReadBuyerAloud';

function storedReadAloud(): boolean {
  try {
    return localStorage.getItem(READ_ALOUD_KEY) === '1';
  } catch {
    // Storage switched off: off, as for anyone who has not turned it on.
    return false;
  }
}

export function useReadAloudSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(storedReadAloud);
  const set = (next: boolean) => {
    setOn(next);
    try {
      if (next) localStorage.setItem(READ_ALOUD_KEY, '1');
      else localStorage.removeItem(READ_ALOUD_KEY);
    } catch {
      // Storage switched off or full: it holds for this visit.
    }
  };
  return [on, set];
}

/**
 * With the setting on, speaks each buyer line that arrives while the conversation is open. Lines
 * already there when it opened (or when the setting was turned on) are not read out: only the
 * buyer's answer to what the rep just said.
 */
export function useReadBuyerAloud(messages: readonly ChatMessage[], on: boolean): void {
  const { speak, stop } = useSpeak();
  const newestStored = (list: readonly ChatMessage[]) => list.reduce((max, m) => (m.role === 'assistant' && !isUnsaved(m) ? Math.max(max, m.id) : max), 0);
  const seen = useRef(newestStored(messages));

  useEffect(() => {
    const newest = newestStored(messages);
    if (newest <= seen.current) return;
    const fresh = messages.filter((m) => m.role === 'assistant' && !isUnsaved(m) && m.id > seen.current);
    seen.current = newest;
    if (!on) return;
    const text = fresh.map((m) => spokenText(buyerLines(m))).filter(Boolean).join(' ');
    if (text) speak(text);
  }, [messages, on, speak]);

  // Turned off mid-line: the line stops too.
  useEffect(() => {
    if (!on) stop();
  }, [on, stop]);
}
