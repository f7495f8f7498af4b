import { HttpError } from '../../plugins/errors.js';

/*
 * Pages are read by keyset: the cursor carries the last post's sort key, and the next page
 * starts strictly after it on the same index (pinned, key, id), so a page costs the same at the
 * 10th post or the 10,000th, and a post made or voted while reading does not repeat one.
 * New's key is the id (ids rise with time and never tie).
 */
export type Cursor = [pinned: 0 | 1, key: number, id: number];
export const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');
export function decodeCursor(raw: string, withKey: boolean): Cursor {
  const bad = () => new HttpError(400, 'Invalid cursor', { errors: { cursor: ['Invalid cursor'] } });
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => typeof v === 'number' && Number.isFinite(v))) throw bad();
  const [pinned, key, id] = value as number[];
  if ((pinned !== 0 && pinned !== 1) || !Number.isInteger(id) || (!withKey && key !== 0)) throw bad();
  return [pinned, key as number, id as number];
}
