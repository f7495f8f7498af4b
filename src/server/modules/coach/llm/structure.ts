/**
 * What a model writes is not always what the rep should read (ADR 0013). Models think aloud in
 * `<think>` blocks, write their tool call into the text (`<tool_call>{…}</tool_call>`, a ```json
 * block, a bare JSON object, Mistral's `[TOOL_CALLS]`), or, in the plain-text mode for servers
 * without tools, end with a `<reply-data>` block. This filter takes the text as it streams and
 * lets through only what the rep should see, holding back the least it can: from a `<`, a fence
 * or a `{` at the start of a line until it knows what follows. The structured blocks it held back
 * are kept for parsing (finish.ts); thinking is dropped.
 */

export interface FilterOutput {
  /** Text to show now. */
  visible: string;
  /**
   * The text shown so far was thinking after all: the model wrote `</think>` without opening it
   * (some reasoning models' templates open it for them). The caller drops what it showed.
   */
  reset: boolean;
}

type Block = { kind: 'think' | 'data'; close: RegExp };

/** Openers of blocks that end at a closing tag. */
const TAGS: Array<{ open: RegExp; block: Block }> = [
  { open: /^<(think|thinking|reasoning)>/i, block: { kind: 'think', close: /<\/(?:think|thinking|reasoning)>/i } },
  { open: /^<tool_call>/i, block: { kind: 'data', close: /<\/tool_call>/i } },
  { open: /^<reply[-_]data>/i, block: { kind: 'data', close: /<\/reply[-_]data>/i } },
  // Mistral's raw tool call runs to the end of the text.
  { open: /^\[TOOL_CALLS\]/, block: { kind: 'data', close: /(?!)/ } },
];
const OPENER_TEXTS = ['<think>', '<thinking>', '<reasoning>', '<tool_call>', '<reply-data>', '<reply_data>', '[TOOL_CALLS]', '</think>', '</thinking>'];
const ORPHAN_CLOSE = /^<\/(?:think|thinking)>/i;
/** Keys that mark a JSON object as the reply's structured part rather than something for the rep. */
const DATA_KEYS = ['stage', 'topics', 'options', 'needsHuman', 'needs_human', 'confidence', 'roleplay', 'arguments', 'parameters', 'finish_reply'];

export class ReplyFilter {
  private pending = '';
  private inside: Block | undefined;
  private blockText = '';
  /** The last character let through, to know whether a fence or a brace starts a line. */
  private last = '\n';
  private sawThinkOpen = false;
  /** The bodies of the structured blocks, in order. */
  readonly data: string[] = [];

  push(chunk: string): FilterOutput {
    this.pending += chunk;
    return this.drain(false);
  }

  /** The rest, once the model has finished: an unclosed block is taken as it stands. */
  flush(): FilterOutput {
    const out = this.drain(true);
    if (this.inside) {
      if (this.inside.kind === 'data') this.data.push(this.blockText + this.pending);
      this.inside = undefined;
      this.blockText = '';
      this.pending = '';
    }
    return out;
  }

  private drain(final: boolean): FilterOutput {
    let visible = '';
    let reset = false;
    const emit = (text: string) => {
      if (!text) return;
      visible += text;
      this.last = text.at(-1) ?? this.last;
    };
    for (;;) {
      if (this.inside) {
        const close = this.inside.close.exec(this.pending);
        if (!close) {
          // Keep a possible partial closing tag; the rest is inside the block.
          const keep = final ? 0 : Math.min(this.pending.length, 16);
          this.blockText += this.pending.slice(0, this.pending.length - keep);
          this.pending = this.pending.slice(this.pending.length - keep);
          return { visible, reset };
        }
        this.blockText += this.pending.slice(0, close.index);
        if (this.inside.kind === 'data') this.data.push(this.blockText);
        this.pending = this.pending.slice(close.index + close[0].length).replace(/^[ \t]*\n?/, '');
        this.inside = undefined;
        this.blockText = '';
        continue;
      }

      const at = this.nextOpener();
      if (at === -1) {
        emit(this.pending);
        this.pending = '';
        return { visible, reset };
      }
      emit(this.pending.slice(0, at));
      this.pending = this.pending.slice(at);

      const orphan = ORPHAN_CLOSE.exec(this.pending);
      if (orphan) {
        this.pending = this.pending.slice(orphan[0].length).replace(/^\s+/, '');
        if (!this.sawThinkOpen) {
          // Everything before was thinking: drop it, here and in what the caller has shown.
          visible = '';
          reset = true;
          this.last = '\n';
        }
        continue;
      }
      const tag = TAGS.find((t) => t.open.test(this.pending));
      if (tag) {
        const opened = tag.open.exec(this.pending)?.[0] ?? '';
        if (tag.block.kind === 'think') this.sawThinkOpen = true;
        this.pending = this.pending.slice(opened.length);
        this.inside = tag.block;
        // What came before a block often ends in the blank line that led into it.
        visible = visible.replace(/[ \t]*\n?[ \t]*$/, (gap) => (gap.includes('\n') ? '\n' : ''));
        continue;
      }
      if (this.pending.startsWith('```')) {
        const end = closingFence(this.pending);
        if (end === -1) {
          if (!final) return { visible, reset };
          const body = this.pending.replace(/^```[^\n]*\n?/, '').replace(/\n?```[ \t]*$/, '');
          if (isData(body)) this.data.push(body);
          else emit(this.pending);
          this.pending = '';
          return { visible, reset };
        }
        const block = this.pending.slice(0, end);
        const body = block.replace(/^```[^\n]*\n?/, '').replace(/\n?```[ \t]*\n?$/, '');
        if (isData(body)) {
          this.data.push(body);
          visible = visible.replace(/\s+$/, (gap) => (gap.includes('\n') ? '\n' : ''));
        } else emit(block);
        this.pending = this.pending.slice(end);
        continue;
      }
      if (this.pending.startsWith('{')) {
        const end = balancedEnd(this.pending);
        if (end === -1) {
          if (!final) return { visible, reset };
          if (isData(this.pending)) this.data.push(this.pending);
          else emit(this.pending);
          this.pending = '';
          return { visible, reset };
        }
        const object = this.pending.slice(0, end);
        if (isData(object)) this.data.push(object);
        else emit(object);
        this.pending = this.pending.slice(end);
        continue;
      }
      // A partial opener at the end: wait for more, or let it through if there is no more.
      if (!final) return { visible, reset };
      emit(this.pending);
      this.pending = '';
      return { visible, reset };
    }
  }

  /** Where the next thing that may not be for the rep starts: a tag, a fence or a brace at a line's start, or a partial tag at the end. */
  private nextOpener(): number {
    const text = this.pending;
    let best = -1;
    const consider = (index: number) => {
      if (index !== -1 && (best === -1 || index < best)) best = index;
    };
    for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
      const rest = text.slice(i).toLowerCase();
      if (OPENER_TEXTS.some((o) => rest.startsWith(o.toLowerCase()) || (o.toLowerCase().startsWith(rest) && rest.length < o.length))) {
        consider(i);
        break;
      }
    }
    const mistral = text.indexOf('[TOOL_CALLS]');
    consider(mistral);
    const partialMistral = /\[(?:T(?:O(?:O(?:L(?:_(?:C(?:A(?:L(?:L(?:S)?)?)?)?)?)?)?)?)?)?$/.exec(text);
    if (partialMistral) consider(partialMistral.index);
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      if (ch !== '`' && ch !== '{') continue;
      if (!this.startsLine(text, i)) continue;
      if (ch === '{') {
        consider(i);
        break;
      }
      const fence = text.slice(i, i + 3);
      if (fence === '```' || '```'.startsWith(fence)) {
        consider(i);
        break;
      }
    }
    return best;
  }

  /** Whether only spaces stand between `i` and the start of its line (the text shown before counts). */
  private startsLine(text: string, i: number): boolean {
    const newline = i === 0 ? -1 : text.lastIndexOf('\n', i - 1);
    if (!/^[ \t]*$/.test(text.slice(newline + 1, i))) return false;
    return newline !== -1 || this.last === '\n';
  }
}

/** The index just past the fence that closes the one at the start of `text`, or -1. */
function closingFence(text: string): number {
  const firstLine = text.indexOf('\n');
  if (firstLine === -1) return -1;
  const close = /\n[ \t]*```[ \t]*(?:\n|$)/.exec(text.slice(firstLine));
  if (!close) return -1;
  const end = firstLine + close.index + close[0].length;
  // A fence at the very end might still be followed by more backticks or text on its line.
  return close[0].endsWith('\n') || end < text.length ? end : -1;
}

/** The index just past the object that opens `text`, strings and escapes respected, or -1. */
function balancedEnd(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

function isData(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return false;
  try {
    const value: unknown = JSON.parse(trimmed);
    const record = Array.isArray(value) ? value[0] : value;
    if (typeof record !== 'object' || record === null) return false;
    const keys = Object.keys(record);
    return keys.some((k) => DATA_KEYS.includes(k)) || (record as { name?: unknown }).name === 'finish_reply';
  } catch {
    return false;
  }
}

/** Lines such as `stage: close` at the very end of a reply, written without the `<reply-data>` tags. */
const BARE_TRAILER_LINE = /^[ \t*_-]*(stage|topics|method|options|confidence|needs[ _-]?human|role[ _-]?play|buyer)[*_]*[ \t]*:/i;

/**
 * Splits a reply whose last lines are a structured trailer the model wrote without its tags.
 * Two such lines at least, so a reply ending "Method: ask, then listen" is left alone.
 */
export function splitBareTrailer(content: string): { content: string; trailer: string | null } {
  const lines = content.replace(/\s+$/, '').split('\n');
  let first = lines.length;
  while (first > 0 && BARE_TRAILER_LINE.test(lines[first - 1] ?? '')) first--;
  // A separator line before the trailer goes with it.
  if (lines.length - first < 2) return { content, trailer: null };
  let cut = first;
  while (cut > 0 && /^\s*(?:-{3,}|\*{3,}|_{3,})?\s*$/.test(lines[cut - 1] ?? '')) cut--;
  return { content: lines.slice(0, cut).join('\n').replace(/\s+$/, ''), trailer: lines.slice(first).join('\n') };
}
