/**
 * The model is asked to cite knowledge-base passages as *(from "Title")*. A model can also cite a
 * title it made up or remembered from elsewhere, which would send the rep looking for a section
 * that does not exist; so a citation is kept only when its title was among the passages sent this
 * turn, whatever quotes or wording it came in (`(from 'Title')`, `(Source: Title)`, a title with
 * quotes inside it), and removed otherwise. As the text streams, the filter holds back only what
 * could still turn into a citation. The stored reply then gets a last pass (`tidy`) that also
 * removes what led into a removed citation ("…and see also"), so the sentence still reads.
 */

/** Words that open a citation inside parentheses. */
const LEAD = /^\(\s*(?:from|source\s*:|sources?\s*:|see(?:\s+also)?|per|cf\.?|ref(?:erence)?\s*:)\s*/i;
/** A "(" whose text so far could still become a citation once more arrives. */
const PARTIAL_LEAD = /^\((?:\s*(?:f(?:r(?:o(?:m)?)?)?|s(?:o(?:u(?:r(?:c(?:e(?:s)?)?)?)?)?|e(?:e)?)?|p(?:e(?:r)?)?|c(?:f)?|r(?:e(?:f)?)?)?)$/i;
/** A citation on a line of its own: `Source: Title`, `*Source: "Title"*`. */
const SOURCE_LINE = /^[ \t]*[*_]{0,2}\s*(?:source|sources|from)\s*:\s*(.{1,200}?)\s*[*_]{0,2}[ \t]*$/gim;
const QUOTES = /^[\s"“”'‘’«»*_`]+|[\s"“”'‘’«»*_`.,;:]+$/g;
/** What led into a citation that is gone: "and see also", "as explained in", ", per". */
const LEAD_IN = /,?\s*(?:\band\s+)?(?:\bsee(?:\s+also)?|\bas\s+(?:described|explained|covered|shown|outlined)\s+in|\baccording\s+to|\bper|\bcf\.?)\s*$/i;
const MAX_CITATION = 260;

/** Compares titles as a reader would: case, spacing, quotes and the heading separator do not matter. */
export function titleKey(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s*[›>»]\s*/g, ' › ')
    .replace(/["“”'‘’«»`]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[.…:;,]+$/, '')
    .trim();
}

/** The keys a sent passage may be cited by: its whole heading path, or its own heading. */
function keysOf(title: string): string[] {
  const key = titleKey(title);
  const last = key.split(' › ').at(-1) ?? key;
  return last && last !== key ? [key, last] : [key];
}

/** The index just past the ")" that closes the "(" at `open`, or -1. */
function closeOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length && i - open <= MAX_CITATION; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i + 1;
  }
  return -1;
}

/**
 * The citation opening at `open`: its end and its title. After "from", "see" or "per" the title
 * must be quoted, so "(from the top)" is left alone; after "Source:" it need not be.
 */
function citationAt(text: string, open: number): { end: number; title: string } | null {
  const lead = LEAD.exec(text.slice(open));
  if (!lead) return null;
  const end = closeOf(text, open);
  if (end === -1) return null;
  const title = text.slice(open + lead[0].length, end - 1);
  if (!/:\s*$/.test(lead[0]) && !/^\s*[*_]{0,2}["“”'‘«]/.test(title)) return null;
  return { end, title };
}

export class CitationFilter {
  private readonly allowed: Set<string>;
  private pending = '';

  constructor(sentTitles: readonly string[]) {
    this.allowed = new Set(sentTitles.flatMap(keysOf));
  }

  /** Whether `title`, however quoted, is one of the passages sent. */
  knows(title: string): boolean {
    return this.allowed.has(titleKey(title.replace(QUOTES, '')));
  }

  /** Takes the next piece of the model's text; returns what can be shown now. */
  push(chunk: string): string {
    this.pending += chunk;
    const hold = this.holdFrom(this.pending);
    const ready = this.pending.slice(0, hold);
    this.pending = this.pending.slice(hold);
    return this.clean(ready);
  }

  /** The rest, once the model's text has ended. */
  flush(): string {
    const rest = this.pending;
    this.pending = '';
    return this.clean(rest);
  }

  /** Removes the citations of titles that were not sent (with the spaces and emphasis around them). */
  clean(text: string): string {
    return this.remove(text, false);
  }

  /**
   * The stored reply's last pass: citations of titles not sent are removed as in `clean`, and
   * so is what led into them, and the punctuation left behind is mended.
   */
  tidy(text: string): string {
    return this.remove(text, true)
      .replace(/[ \t]+([,.;:!?])/g, '$1')
      .replace(/,([.;:!?])/g, '$1')
      .replace(/([.!?])\1+/g, '$1')
      .replace(/[ \t]{2,}/g, ' ')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  }

  private remove(text: string, withLeadIn: boolean): string {
    let out = '';
    let from = 0;
    for (let open = text.indexOf('('); open !== -1; open = text.indexOf('(', open + 1)) {
      if (open < from) continue;
      const citation = citationAt(text, open);
      if (!citation || this.knows(citation.title)) continue;
      // Emphasis wrapped around the citation goes with it, and the spaces before it.
      let start = open;
      while (start > from && /[*_]/.test(text[start - 1] ?? '')) start--;
      while (start > from && /[ \t]/.test(text[start - 1] ?? '')) start--;
      let end = citation.end;
      while (end < text.length && /[*_]/.test(text[end] ?? '')) end++;
      const before = text.slice(from, start);
      out += withLeadIn ? before.replace(LEAD_IN, '') : before;
      from = end;
      open = end - 1;
    }
    out += text.slice(from);
    return out.replace(SOURCE_LINE, (line: string, title: string) => (this.knows(title) ? line : ''));
  }

  /** Where the text stops being safe to show: the start of anything that could become a citation. */
  private holdFrom(text: string): number {
    let hold = text.length;
    // A line that may be a "Source:" line is held until it ends.
    const lineStart = text.lastIndexOf('\n') + 1;
    const lastLine = text.slice(lineStart);
    if (/^[ \t]*[*_]{0,2}\s*(?:s(?:o(?:u(?:r(?:c(?:e(?:s)?)?)?)?)?)?|f(?:r(?:o(?:m)?)?)?)?\s*(?::.*)?$/i.test(lastLine) && lastLine.trim()) hold = lineStart;
    // Spaces and emphasis marks at the very end may be the lead-in of a citation still to come.
    const trailing = /[ \t*_]+$/.exec(text);
    if (trailing) hold = Math.min(hold, trailing.index);
    for (let open = text.indexOf('('); open !== -1 && open < hold; open = text.indexOf('(', open + 1)) {
      const rest = text.slice(open);
      const maybe = PARTIAL_LEAD.test(rest) || (LEAD.test(rest) && (closeOf(text, open) === -1 || closeOf(text, open) >= text.length - 2));
      if (maybe && rest.length <= MAX_CITATION) {
        const leadIn = /[ \t]*[*_]{0,2}$/.exec(text.slice(0, open));
        hold = Math.min(hold, open - (leadIn?.[0].length ?? 0));
        break;
      }
    }
    return hold;
  }
}
