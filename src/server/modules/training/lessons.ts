import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  CHECK_CHOICE_KEYS,
  LESSON_MOTIONS,
  LESSON_MOTION_LABELS,
  TRAINING_PART_IDS,
  checkChoiceKeySchema,
  lessonDrillSceneSchema,
  lessonMotionSchema,
  lessonQuestionSchema,
  trainingLessonSchema,
  trainingPartIdSchema,
  type LessonMotion,
  type TrainingPartId,
} from '#shared/schemas/training.js';

/**
 * The written lessons (content/practice/lessons/*.md, issue #27): front matter, then "What to
 * do", "Why it works", "Say it like this" (lines per motion), "Check" (three questions, the right
 * choice marked) and "Drill" (a scene per motion). Read once at start-up and validated, so a
 * malformed file stops the server with its name and what is wrong, instead of a lesson page
 * breaking for users later. The format is fixed and ours, so the parser is a small one of ours.
 */

const frontMatterSchema = z.object({
  id: trainingPartIdSchema,
  title: z.string().min(1),
  part_title: z.string().min(1),
  minutes_to_read: z.coerce.number().int().positive(),
  square_step: z.string().min(1),
  methods: z.array(z.string().min(1)).min(1),
  /** The coach's finer motions (playbook/motion.ts) each lesson motion stands for. */
  motions: z.object({ door: z.array(z.string()), showroom: z.array(z.string()), phone: z.array(z.string()), b2b: z.array(z.string()) }),
});

/** A lesson as the server keeps it: what the client sees, plus each question's answer and why (never sent before answering). */
export const storedLessonSchema = trainingLessonSchema
  .omit({ part: true, yourMotion: true })
  .extend({
    id: trainingPartIdSchema,
    partTitle: z.string(),
    minutesToRead: z.number().int().positive(),
    motionMap: frontMatterSchema.shape.motions,
    answers: z.array(z.object({ correct: checkChoiceKeySchema, why: z.string().min(1) })).length(3),
    questions: z.array(lessonQuestionSchema.extend({ choices: lessonQuestionSchema.shape.choices.length(4) })).length(3),
    drill: z.object({ intro: z.string().min(1), scenes: z.object({ door: lessonDrillSceneSchema, showroom: lessonDrillSceneSchema, phone: lessonDrillSceneSchema, b2b: lessonDrillSceneSchema }) }),
  });
export type StoredLesson = z.infer<typeof storedLessonSchema>;

const unquote = (s: string) => s.trim().replace(/^["“](.*)["”]$/s, '$1');

/** The front matter's YAML subset: `key: value`, `key: [a, b]`, and a key over `- item` or `sub: [..]` lines. */
export function parseFrontMatter(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let open: string | null = null;
  const inline = (v: string): unknown => (v.startsWith('[') && v.endsWith(']') ? v.slice(1, -1).split(',').map((x) => unquote(x)).filter((x) => x !== '') : unquote(v));
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const item = /^\s+-\s+(.*)$/.exec(line);
    const sub = /^\s+([a-z_0-9]+):\s*(.*)$/.exec(line);
    const top = /^([a-z_0-9]+):\s*(.*)$/.exec(line);
    if (item && open) {
      const list = Array.isArray(out[open]) ? (out[open] as unknown[]) : [];
      out[open] = [...list, unquote(item[1] ?? '')];
    } else if (sub && open) {
      const map = typeof out[open] === 'object' && out[open] !== null && !Array.isArray(out[open]) ? (out[open] as Record<string, unknown>) : {};
      out[open] = { ...map, [sub[1] ?? '']: inline((sub[2] ?? '').trim()) };
    } else if (top) {
      const value = (top[2] ?? '').trim();
      open = value === '' ? (top[1] ?? null) : null;
      if (value !== '') out[top[1] ?? ''] = inline(value);
    } else {
      throw new Error(`front matter line ${i + 2} is not "key: value": ${line}`);
    }
  }
  return out;
}

/** Splits Markdown at headings of one level: [heading, body] pairs, and what came before the first. */
function splitAt(level: '##' | '###', text: string): { before: string; parts: Map<string, string> } {
  const chunks = text.split(new RegExp(`^${level} (.+)$`, 'm'));
  const parts = new Map<string, string>();
  for (let i = 1; i < chunks.length; i += 2) parts.set((chunks[i] ?? '').trim(), (chunks[i + 1] ?? '').trim());
  return { before: (chunks[0] ?? '').trim(), parts };
}

const MOTION_HEADINGS: Record<string, LessonMotion> = Object.fromEntries(LESSON_MOTIONS.map((m) => [LESSON_MOTION_LABELS[m], m]));

function perMotion<T>(section: string, read: (body: string) => T): Partial<Record<LessonMotion, T>> {
  const out: Partial<Record<LessonMotion, T>> = {};
  for (const [heading, body] of splitAt('###', section).parts) {
    const motion = MOTION_HEADINGS[heading];
    if (!motion) throw new Error(`unknown motion heading "### ${heading}" (expected ${Object.keys(MOTION_HEADINGS).join(', ')})`);
    out[motion] = read(body);
  }
  return out;
}

function parseCheck(body: string) {
  const blocks = body.split(/^\*\*\d+\.\s+/m).slice(1);
  const questions = [];
  const answers = [];
  for (const block of blocks) {
    const [promptLine = '', ...rest] = block.split('\n');
    const choices: { key: string; text: string }[] = [];
    const correct: string[] = [];
    let why = '';
    for (const line of rest) {
      const choice = /^-\s+([A-Z])\.\s+(.*?)(\s+\*\*\(correct\)\*\*)?\s*$/.exec(line);
      const explanation = /^\*Why:\*\s+(.*)$/.exec(line);
      if (choice) {
        choices.push({ key: choice[1] ?? '', text: choice[2] ?? '' });
        if (choice[3]) correct.push(choice[1] ?? '');
      } else if (explanation) why = explanation[1] ?? '';
    }
    if (correct.length !== 1) throw new Error(`check question "${promptLine}" marks ${correct.length} choices (correct); it must mark exactly one`);
    questions.push({ prompt: promptLine.replace(/\*\*\s*$/, '').trim(), choices });
    answers.push({ correct: correct[0], why });
  }
  return { questions, answers };
}

function parseScene(body: string) {
  const field = (name: string) => new RegExp(`^-\\s+\\*\\*${name}:\\*\\*\\s*(.*)$`, 'm').exec(body)?.[1]?.trim();
  const strong = body.split(/^-\s+\*\*A strong answer:\*\*\s*$/m)[1] ?? '';
  return {
    buyer: field('Buyer'),
    openingLine: unquote(field('Opening line') ?? ''),
    moment: field('The moment'),
    strongAnswer: [...strong.matchAll(/^\s+\d+\.\s+(.*)$/gm)].map((m) => (m[1] ?? '').trim()),
  };
}

/** One lesson file's text as a stored lesson; throws saying what is wrong. */
export function parseLesson(source: string): StoredLesson {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error('no front matter: the file must start with a --- block');
  const front = frontMatterSchema.parse(parseFrontMatter(match[1] ?? ''));
  const { parts } = splitAt('##', match[2] ?? '');
  const need = (heading: string) => {
    const body = parts.get(heading);
    if (body === undefined) throw new Error(`no "## ${heading}" section`);
    return body;
  };
  const sections = ['What to do', 'Why it works'].map((heading) => ({ heading, markdown: need(heading) }));
  const check = parseCheck(need('Check'));
  const drill = need('Drill');
  const candidate = {
    id: front.id,
    title: front.title,
    partTitle: front.part_title,
    minutesToRead: front.minutes_to_read,
    squareStep: front.square_step,
    methods: front.methods,
    motionMap: front.motions,
    sections,
    lines: perMotion(need('Say it like this'), (body) => [...body.matchAll(/^-\s+(.*)$/gm)].map((m) => unquote(m[1] ?? ''))),
    questions: check.questions,
    answers: check.answers,
    drill: { intro: splitAt('###', drill).before, scenes: perMotion(drill, parseScene) },
  };
  const parsed = storedLessonSchema.safeParse(candidate);
  if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
  // The answer key must name a choice that exists, in the A-D order the client shows.
  for (const [i, q] of parsed.data.questions.entries()) {
    if (q.choices.map((c) => c.key).join('') !== CHECK_CHOICE_KEYS.join('')) throw new Error(`check question ${i + 1} must offer choices A, B, C and D in order`);
  }
  return parsed.data;
}

/** Where the lesson files are: beside the bundle (dist/server/lessons) or, from source, in the repository's content folder. */
export function defaultLessonsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'lessons'), path.resolve(here, '../../../../content/practice/lessons')];
  const found = candidates.find((d) => fs.existsSync(path.join(d, 'discovery.md')));
  if (!found) throw new Error(`Training lessons not found (looked in ${candidates.join(', ')})`);
  return found;
}

/** Reads and validates all four lessons; throws naming the file when one is missing or malformed. */
export function loadLessons(dir: string): ReadonlyMap<TrainingPartId, StoredLesson> {
  const lessons = new Map<TrainingPartId, StoredLesson>();
  for (const id of TRAINING_PART_IDS) {
    const file = path.join(dir, `${id}.md`);
    let lesson: StoredLesson;
    try {
      lesson = parseLesson(fs.readFileSync(file, 'utf8'));
    } catch (err) {
      throw new Error(`Training lesson ${file} is malformed: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
    if (lesson.id !== id) throw new Error(`Training lesson ${file} is malformed: its id is "${lesson.id}", not "${id}"`);
    lessons.set(id, lesson);
  }
  return lessons;
}

/** The lesson motion that holds one of the coach's motions, by the lesson's own map. */
export function lessonMotionFor(lesson: StoredLesson, coachMotion: string | undefined): LessonMotion | null {
  if (!coachMotion) return null;
  const found = LESSON_MOTIONS.find((m) => lesson.motionMap[m].includes(coachMotion));
  return found ? lessonMotionSchema.parse(found) : null;
}
