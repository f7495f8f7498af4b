import { z } from 'zod';

/**
 * Characters no text a person types should contain, refused before anything is stored:
 * - NUL and the other C0/C1 control characters except tab, line feed and carriage return
 *   (PostgreSQL cannot store NUL in text at all);
 * - a lone UTF-16 surrogate, which is not a character (JSON allows `\ud800`, jsonb refuses it);
 * - the bidirectional embedding, override and isolate controls, which make text display in
 *   another order than it is stored ("Trojan Source"). Right-to-left scripts need none of them.
 */
// The control-character ranges are the point of this pattern.
// oxlint-disable-next-line no-control-regex
const UNSAFE_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'This text contains control or invisible formatting characters. Please remove them.';

export const hasUnsafeCharacters = (value: string): boolean => UNSAFE_CHARACTER.test(value);

/**
 * A string field a person fills in: refuses the characters above with a 400 that names the
 * field. Every request schema builds its text fields from this, so no route can store them.
 */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasUnsafeCharacters(value), { message: UNSAFE_TEXT_MESSAGE, abort: true });

/** PostgreSQL's `integer`: ids above it cannot exist, so they are refused as input, not looked up. */
export const INT4_MAX = 2_147_483_647;

/** A database id in a path or query string ("/escalations/12"). */
export const idParam = (message = 'Invalid id') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);
