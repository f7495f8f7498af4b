/**
 * The structured part of a model's reply (diagnosis, options, role-play step), however it came:
 * the `finish_reply` tool's arguments, a tool call written into the text, or the plain-text
 * `<reply-data>` lines. Read leniently: each field that is missing or invalid is left out on its
 * own, so one bad topic name does not throw away a good diagnosis, and the engine can tell a
 * field the model gave from one it must fill in.
 */
import { STAGES, TOPICS, type Stage, type Topic } from '#shared/coaching.js';

export const ROLEPLAY_STEPS = ['none', 'start', 'continue', 'end'] as const;
export type RoleplayStep = (typeof ROLEPLAY_STEPS)[number];

export interface ReplyData {
  stage?: Stage;
  topics?: Topic[];
  method?: string;
  options?: string[];
  confidence?: number;
  needsHuman?: boolean;
  roleplay?: RoleplayStep;
  /** Who the model is playing, when it starts a scene. */
  buyer?: string;
  /** Reply text found inside the structured part (a model that put its whole answer in the tool call). */
  text?: string;
}

export const OPTION_MAX_CHARS = 80;
export const MAX_OPTIONS = 4;
const METHOD_MAX_CHARS = 120;
const BUYER_MAX_CHARS = 200;
const TEXT_KEYS = ['reply', 'text', 'message', 'content', 'response', 'answer'];

/** Merges what several sources say, the first source's fields winning. */
export function mergeData(...sources: ReplyData[]): ReplyData {
  const merged: ReplyData = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source) as Array<[keyof ReplyData, ReplyData[keyof ReplyData]]>) {
      if (value !== undefined && merged[key] === undefined) (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}

/** A tool call's arguments (a JSON string, or already an object). */
export function readToolArguments(raw: unknown): ReplyData {
  return readRecord(unwrap(typeof raw === 'string' ? parseLoose(raw) : raw));
}

/** A block the filter held back: JSON (a tool call or its arguments), or `key: value` lines. */
export function readDataBlock(block: string): ReplyData {
  const trimmed = block.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const parsed = parseLoose(trimmed);
    if (parsed !== undefined) return readRecord(unwrap(parsed));
  }
  return readRecord(readLines(trimmed));
}

/** Tool-call wrappers models write: `{"name": …, "arguments": {…}}`, `{"function": {…}}`, a list of them. */
function unwrap(value: unknown): unknown {
  let current = Array.isArray(value) ? value[0] : value;
  for (let depth = 0; depth < 3 && isRecord(current); depth++) {
    const inner = current.function ?? current.arguments ?? current.parameters ?? current.input;
    if (inner === undefined) break;
    current = typeof inner === 'string' ? parseLoose(inner) : inner;
  }
  return current;
}

/** `key: value` lines; options split on `|`, topics on commas; a value may also be a JSON array. */
function readLines(text: string): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const line of text.split('\n')) {
    const match = /^[ \t*_-]*([A-Za-z][A-Za-z _-]{1,20}?)[*_]*[ \t]*:[ \t]*(.*)$/.exec(line);
    if (!match?.[1]) continue;
    const key = match[1].toLowerCase().replace(/[ _-]+/g, '');
    const value = (match[2] ?? '').trim();
    const list = () => {
      const json = value.startsWith('[') ? parseLoose(value) : undefined;
      if (Array.isArray(json)) return json;
      return value
        .split(key === 'options' ? /\s*\|\s*/ : /\s*[,|]\s*/)
        .map((part) => part.replace(/^["“'\s]+|["”'\s]+$/g, ''))
        .filter(Boolean);
    };
    if (key === 'topics' || key === 'options') record[key] = list();
    else if (key === 'confidence') record.confidence = Number(value);
    else if (key === 'needshuman') record.needsHuman = /^(?:true|yes|1)$/i.test(value);
    else if (key === 'roleplay') record.roleplay = value.toLowerCase();
    else if (key === 'stage' || key === 'method' || key === 'buyer') record[key] = value.replace(/^["“']|["”']$/g, '');
  }
  return record;
}

function readRecord(value: unknown): ReplyData {
  if (!isRecord(value)) return {};
  const data: ReplyData = {};
  const stage = typeof value.stage === 'string' ? value.stage.trim().toLowerCase() : undefined;
  if (stage && (STAGES as readonly string[]).includes(stage)) data.stage = stage as Stage;
  if (Array.isArray(value.topics)) {
    const topics = [...new Set(value.topics.map((t) => (typeof t === 'string' ? t.trim().toLowerCase().replace(/[ -]+/g, '_') : '')).filter(isTopic))];
    if (topics.length > 0) data.topics = topics;
  }
  if (typeof value.method === 'string' && value.method.trim() && !/^(?:none|null|n\/a|-)$/i.test(value.method.trim())) data.method = clip(value.method.trim(), METHOD_MAX_CHARS);
  if (Array.isArray(value.options)) {
    data.options = [
      ...new Set(
        value.options
          .filter((option): option is string => typeof option === 'string')
          .map((option) => clip(option.replace(/\s+/g, ' ').trim(), OPTION_MAX_CHARS))
          .filter(Boolean),
      ),
    ].slice(0, MAX_OPTIONS);
  }
  if (typeof value.confidence === 'number' && Number.isFinite(value.confidence)) data.confidence = Math.min(1, Math.max(0, value.confidence));
  const needsHuman = value.needsHuman ?? value.needs_human;
  if (typeof needsHuman === 'boolean') data.needsHuman = needsHuman;
  const roleplay = typeof value.roleplay === 'string' ? value.roleplay.trim().toLowerCase() : undefined;
  if (roleplay && (ROLEPLAY_STEPS as readonly string[]).includes(roleplay)) data.roleplay = roleplay as RoleplayStep;
  if (typeof value.buyer === 'string' && value.buyer.trim()) data.buyer = clip(value.buyer.replace(/\s+/g, ' ').trim(), BUYER_MAX_CHARS);
  for (const key of TEXT_KEYS) {
    const text = value[key];
    if (typeof text === 'string' && text.trim()) {
      data.text = text.trim();
      break;
    }
  }
  return data;
}

/** JSON, or JSON with the trailing commas and single quotes some models write; undefined if neither. */
function parseLoose(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    try {
      return JSON.parse(text.replace(/,\s*([}\]])/g, '$1'));
    } catch {
      return undefined;
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTopic(value: string): value is Topic {
  return (TOPICS as readonly string[]).includes(value);
}

export function clip(value: string, maxChars: number): string {
  return value.length > maxChars ? `${value.slice(0, maxChars - 1)}…` : value;
}
