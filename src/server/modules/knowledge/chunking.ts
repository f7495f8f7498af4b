/**
 * Splits knowledge text into passages for retrieval (product §12.4). Markdown headings start a
 * new passage whose title is its heading path ("Objection handling › Price"); text without
 * headings (an uploaded .txt or .csv, a learning note) is split at blank lines and titled by its
 * first line. Long passages are cut at paragraph boundaries so each stays quotable.
 */
export interface Chunk {
  title: string;
  content: string;
}

const MAX_CHUNK_CHARS = 1200;
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

function splitLong(title: string, body: string): Chunk[] {
  if (body.length <= MAX_CHUNK_CHARS) return [{ title, content: body }];
  const out: Chunk[] = [];
  let current = '';
  for (const para of body.split(/\n\s*\n/)) {
    if (current && current.length + para.length + 2 > MAX_CHUNK_CHARS) {
      out.push({ title, content: current.trim() });
      current = '';
    }
    // A single paragraph longer than the limit is cut at sentence ends.
    if (para.length > MAX_CHUNK_CHARS) {
      for (const sentence of para.match(/[^.!?]+[.!?]*\s*/g) ?? [para]) {
        if (current.length + sentence.length > MAX_CHUNK_CHARS && current) {
          out.push({ title, content: current.trim() });
          current = '';
        }
        current += sentence;
      }
    } else {
      current += (current ? '\n\n' : '') + para;
    }
  }
  if (current.trim()) out.push({ title, content: current.trim() });
  return out;
}

function firstLineTitle(text: string): string {
  const line = text.split('\n').find((l) => l.trim())?.trim() ?? 'Note';
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}

export function chunkKnowledge(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  const headings: string[] = [];
  let body: string[] = [];
  let sawHeading = false;

  const flush = () => {
    const content = body.join('\n').trim();
    body = [];
    if (!content) return;
    if (!sawHeading) {
      // Heading-less text: one passage per blank-line block.
      for (const block of content.split(/\n\s*\n/)) {
        if (block.trim()) chunks.push(...splitLong(firstLineTitle(block), block.trim()));
      }
      return;
    }
    // The document title (#) adds nothing to a passage's title once there are section headings.
    const path = headings.filter(Boolean);
    const title = (path.length > 1 ? path.slice(1) : path).join(' › ') || 'Knowledge';
    chunks.push(...splitLong(title, content));
  };

  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const m = HEADING.exec(line);
    if (m?.[1] && m[2]) {
      flush();
      sawHeading = true;
      const level = m[1].length;
      headings.length = level - 1;
      for (let i = 0; i < level - 1; i++) headings[i] ??= '';
      headings[level - 1] = m[2];
    } else {
      body.push(line);
    }
  }
  flush();
  return chunks;
}
