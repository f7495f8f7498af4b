import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CALL_STAGES, TOPICS } from '#shared/coaching.js';
import { PRACTICE_MOTIONS, PRACTICE_MOTION_LABELS, practiceBehaviourSchema, type PracticeBehaviour, type PracticeMotion } from '#shared/schemas/practice.js';
import { CALL_RESULTS } from '#shared/schemas/progress.js';

/**
 * The trainer's catalogue of weekly behaviours (content/practice/behaviours.md, issue #27):
 * front matter with the count, then one "## n. `id`" section per behaviour with its bullets
 * (Tied to, Behaviour, Why, Line to use per motion, Daily drill, Week-end check-in). Read once
 * at start-up and validated, so a malformed file stops the server naming what is wrong, instead
 * of the plan breaking for a rep later. The format is ours and fixed, so the parser is small.
 */

const frontSchema = z.object({ id: z.literal('weekly-behaviours'), count: z.coerce.number().int().positive() });

const MOTION_BY_LABEL: Record<string, PracticeMotion> = Object.fromEntries(PRACTICE_MOTIONS.map((m) => [PRACTICE_MOTION_LABELS[m], m]));
const unquote = (s: string) => s.trim().replace(/^["“](.*)["”]$/s, '$1');

/** The `key: value` lines of the front matter (comments ignored; nothing nested is needed). */
function frontMatter(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+):\s*(.*)$/.exec(line);
    if (m) out[m[1] ?? ''] = unquote(m[2] ?? '');
  }
  return out;
}

/** "area `topic · stage`" or "outcome `result`". */
function parseTiedTo(text: string): unknown {
  const area = /^area\s+`([a-z_]+)\s*·\s*([a-z]+)`$/.exec(text);
  if (area) {
    const topic = TOPICS.find((t) => t === area[1]);
    const stage = CALL_STAGES.find((s) => s === area[2]);
    if (!topic || !stage) throw new Error(`"Tied to" names an unknown area \`${area[1]} · ${area[2]}\` (topics: ${TOPICS.join(', ')}; stages: ${CALL_STAGES.join(', ')})`);
    return { kind: 'area', topic, stage };
  }
  const outcome = /^outcome\s+`([a-z_]+)`$/.exec(text);
  if (outcome) {
    const result = CALL_RESULTS.find((r) => r === outcome[1]);
    if (!result) throw new Error(`"Tied to" names an unknown outcome \`${outcome[1]}\` (${CALL_RESULTS.join(', ')})`);
    return { kind: 'outcome', result };
  }
  throw new Error(`"Tied to" must be area \`topic · stage\` or outcome \`result\`, not "${text}"`);
}

/** The text after "- **Label:**" on its line, and the indented lines under it. */
function field(body: string, label: string): { inline: string; under: string[] } {
  const lines = body.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`- **${label}:**`) || l.startsWith(`- **${label} (`));
  if (at < 0) throw new Error(`no "- **${label}:**" bullet`);
  const inline = (lines[at] ?? '').replace(/^- \*\*[^*]+\*\*\s*/, '').trim();
  const under: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!/^\s+\S/.test(line)) break;
    under.push(line.trim());
  }
  return { inline, under };
}

function parseBehaviour(heading: string, body: string): PracticeBehaviour {
  const head = /^(\d+)\.\s+`([^`]+)`$/.exec(heading);
  if (!head) throw new Error('the heading must be "## n. `behaviour-id`"');
  const lines: Partial<Record<PracticeMotion, string>> = {};
  for (const item of field(body, 'Line to use').under) {
    const m = /^-\s+([A-Za-z0-9]+):\s+(.*)$/.exec(item);
    const motion = m ? MOTION_BY_LABEL[m[1] ?? ''] : undefined;
    if (!m || !motion) throw new Error(`a line under "Line to use" must be "- Motion: …" with a motion of ${Object.keys(MOTION_BY_LABEL).join(', ')}: ${item}`);
    lines[motion] = unquote(m[2] ?? '');
  }
  const numbered = (label: string) => field(body, label).under.map((l) => /^\d+\.\s+(.*)$/.exec(l)?.[1] ?? '').filter((l) => l !== '');
  const candidate = {
    id: head[2],
    number: Number(head[1]),
    tiedTo: parseTiedTo(field(body, 'Tied to').inline),
    behaviour: field(body, 'Behaviour').inline,
    why: field(body, 'Why').inline,
    lines,
    drill: numbered('Daily drill'),
    checkInQuestions: numbered('Week-end check-in'),
  };
  const parsed = practiceBehaviourSchema.safeParse(candidate);
  if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
  return parsed.data;
}

/** The whole file's text as the catalogue, in file order; throws saying what is wrong and where. */
export function parseBehaviours(source: string): PracticeBehaviour[] {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error('no front matter: the file must start with a --- block');
  const front = frontSchema.safeParse(frontMatter(match[1] ?? ''));
  if (!front.success) throw new Error(`front matter: ${z.prettifyError(front.error)}`);
  const chunks = (match[2] ?? '').split(/^## (.+)$/m);
  const behaviours: PracticeBehaviour[] = [];
  for (let i = 1; i < chunks.length; i += 2) {
    const heading = (chunks[i] ?? '').trim();
    try {
      behaviours.push(parseBehaviour(heading, chunks[i + 1] ?? ''));
    } catch (err) {
      throw new Error(`behaviour "## ${heading}": ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }
  if (behaviours.length !== front.data.count) throw new Error(`the front matter says count: ${front.data.count}, but the file has ${behaviours.length} behaviours`);
  const ids = new Set<string>();
  for (const [i, b] of behaviours.entries()) {
    if (ids.has(b.id)) throw new Error(`behaviour id "${b.id}" appears twice`);
    if (b.number !== i + 1) throw new Error(`behaviour "${b.id}" is numbered ${b.number}, expected ${i + 1}`);
    ids.add(b.id);
  }
  return behaviours;
}

/** Where behaviours.md is: beside the bundle (dist/server) or, from source, in the repository's content folder. */
export function defaultBehavioursFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'behaviours.md'), path.resolve(here, '../../../../content/practice/behaviours.md')];
  const found = candidates.find((f) => fs.existsSync(f));
  if (!found) throw new Error(`Practice behaviours not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Reads and validates the catalogue; throws naming the file when it is missing or malformed. */
export function loadBehaviours(file: string): readonly PracticeBehaviour[] {
  try {
    return parseBehaviours(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new Error(`Practice behaviours ${file} is malformed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}
