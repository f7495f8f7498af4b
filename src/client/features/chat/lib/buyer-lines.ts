import type { ChatMessage } from '#shared/schemas/chat';

/** Labels of the coach's own advice in a role-play ("**Say:** "…""), not lines of the buyer. */
const COACH_LABELS = new Set(['say', 'or', 'then', 'what worked', 'one change', 'try', 'instead']);

/** A speaker's line as the coach writes it in a scene: **The wife:** "We need to sleep on it". */
const LABELLED_LINE = /^\s*\*\*([^*\n]{1,40}?):\*\*\s*["“]([^"”\n]+)["”]/gm;

export interface BuyerLine {
  /** Who speaks, as the scene names them ("The wife"). */
  who: string;
  /** What they say, as plain text. */
  words: string;
}

/**
 * The buyer's lines in a role-play message, to be spoken (issue #27 item 4): the quoted words of
 * each speaker the scene names, without the coach's setup or feedback around them. None for a
 * message outside a scene, or one of feedback only.
 */
export function buyerLines(message: ChatMessage): BuyerLine[] {
  if (message.role !== 'assistant' || message.coaching?.rolePlay !== true) return [];
  const lines: BuyerLine[] = [];
  for (const [, who = '', words = ''] of message.content.matchAll(LABELLED_LINE)) {
    if (COACH_LABELS.has(who.trim().toLowerCase())) continue;
    lines.push({ who: who.trim(), words: words.trim() });
  }
  return lines;
}

/** The words to speak for a message's buyer lines, one after the other. */
export function spokenText(lines: readonly BuyerLine[]): string {
  return lines.map((l) => l.words).join(' ');
}
