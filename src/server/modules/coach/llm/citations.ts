/**
 * The model is asked to cite knowledge-base passages as *(from "Title")*. A model can also cite a
 * title it made up or remembered from elsewhere, which would send the rep looking for a section
 * that does not exist; so a citation is kept only when its title was among the passages sent this
 * turn, and dropped (with the space before it) otherwise. It works on the text as it streams,
 * holding back only what could still turn into a citation, so the streamed text still adds up to
 * the stored reply.
 */

/** A whole citation: optional emphasis around `(from "Title")`, and the spaces before it. */
const CITATION = /[ \t]*([*_]{0,2})\(\s*from\s+["“]([^"”\n]{1,200})["”]\s*\)([*_]{0,2})/gi;
/** The text from a "(" that could still become a citation once more text arrives. */
const CITATION_START = /^\((?:\s*(?:f(?:r(?:o(?:m)?)?)?)?|\s*from\s+(?:["“][^"”\n]{0,200}(?:["”]\s*)?)?)$/i;
/** Spaces and emphasis marks at the very end may be the lead-in of a citation still to come. */
const TRAILING_LEAD_IN = /[ \t*_]+$/;

/** Compares titles as a reader would: case, spacing and the heading separator do not matter. */
export function titleKey(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s*[›>»]\s*/g, ' › ')
    .replace(/[“”"]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[.…]+$/, '')
    .trim();
}

/** The keys a sent passage may be cited by: its whole heading path, or its own heading. */
function keysOf(title: string): string[] {
  const key = titleKey(title);
  const last = key.split(' › ').at(-1) ?? key;
  return last && last !== key ? [key, last] : [key];
}

export class CitationFilter {
  private readonly allowed: Set<string>;
  private pending = '';

  constructor(sentTitles: readonly string[]) {
    this.allowed = new Set(sentTitles.flatMap(keysOf));
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

  /** Removes the citations of titles that were not sent. */
  clean(text: string): string {
    return text.replace(CITATION, (whole: string, _open: string, title: string) => (this.allowed.has(titleKey(title)) ? whole : ''));
  }

  /** Where the text stops being safe to show: the start of anything that could become a citation. */
  private holdFrom(text: string): number {
    let hold = text.length;
    const trailing = TRAILING_LEAD_IN.exec(text);
    if (trailing) hold = trailing.index;
    for (let open = text.indexOf('('); open !== -1 && open < hold; open = text.indexOf('(', open + 1)) {
      const rest = text.slice(open);
      // Still open, or complete and ending the text (its closing emphasis may be in the next piece).
      if (CITATION_START.test(rest) || /^\(\s*from\s+["“][^"”\n]{1,200}["”]\s*\)[*_]?$/i.test(rest)) {
        const leadIn = /[ \t]*[*_]{0,2}$/.exec(text.slice(0, open));
        hold = Math.min(hold, open - (leadIn?.[0].length ?? 0));
        break;
      }
    }
    return hold;
  }
}
