/**
 * Bad input on every route the app's own OpenAPI document lists, so a new route is covered the
 * day it is added: each path parameter, query parameter and body field fed NUL, lone surrogates,
 * direction overrides, over-long values and the wrong JSON types; bodies nested 10,000 and
 * 100,000 levels deep, prototype-pollution keys, bodies over the 1 MiB limit, bodies that are
 * not JSON; and, with fast-check, arbitrary JSON and strings against each route's body, path and
 * query. Each request is sent as a signed-in Pro user (an unlocked admin for the admin routes),
 * so it gets past the gates to validation. The answer must be a 4xx with a message (naming the
 * field where one is at fault), never a 5xx, within REQUEST_TIME_LIMIT_MS, and nothing may be
 * stored. hostile-input.test.ts has the four hostile strings on each text field by hand; this
 * is the same idea applied to everything the document lists.
 *
 * Only input the schema surely refuses is sent (openapi-inputs.ts's mayAccept), so a route that
 * answers 2xx to it is missing a bound. BAD_INPUT_RUNS sets fast-check's runs per property;
 * a failure prints the seed and the shrunk input to replay.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './test/build-test-app.js';
import { makeAdmin, type SignedInUser } from './test/factories.js';
import { encodeLoose, fieldPaths, harmlessParam, mayAccept, routesOf, urlFor, type ApiParam, type ApiRoute, type JsonSchema } from './test/openapi-inputs.js';
import { quickProUser } from './test/plan-users.js';

/** Longer than any request the app should take; a request still unanswered then has hung. */
const REQUEST_TIME_LIMIT_MS = 5_000;
const RUNS = Number(process.env.BAD_INPUT_RUNS ?? 20);
/** The app's bodyLimit (app.ts). */
const BODY_LIMIT = 1024 * 1024;

// Built at collection time, so each route is a test of its own. The per-address limit on the
// password routes is raised: this file sends each of them hundreds of requests from one address.
const t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000000' });
const rep: SignedInUser = await quickProUser(t);
const admin: SignedInUser = await makeAdmin(t.app, t.db);
const routes = routesOf(t.app.swagger());
// Opening the forum makes a user a member (forum_members): done once here, so it is not counted as something a refused request stored.
for (const who of [rep, admin]) await t.app.inject({ method: 'GET', url: '/api/community/overview', headers: { cookie: who.cookie } });
afterAll(async () => t.close());

const isAdminRoute = (route: ApiRoute) => route.tags.includes('admin') || route.path.startsWith('/api/admin/');
const cookieFor = (route: ApiRoute) => (isAdminRoute(route) ? admin.cookie : rep.cookie);
const takesBody = (route: ApiRoute) => route.method !== 'GET';

/** Tables a refused request may still touch: the per-address counters and the referral checks' sightings of a signed-in client. */
const NOT_INPUT = new Set(['rate_limit_counters', 'referral_sightings']);
const tables: string[] = (
  await t.pool.query<{ table_name: string }>(`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)
).rows
  .map((r) => r.table_name)
  .filter((name) => !NOT_INPUT.has(name));
const snapshotSql = `select ${tables.map((name) => `(select count(*) || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from "${name}" x) as "${name}"`).join(', ')}`;
/** Every stored row, as one digest per table. */
const snapshot = async () => (await t.pool.query<Record<string, string>>(snapshotSql)).rows[0];

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).join();
const polluted = () => Object.getOwnPropertyNames(Object.prototype).join() !== prototypeKeys || ({} as Record<string, unknown>).isAdmin !== undefined;

interface Answer {
  status: number;
  body: string;
  json: { message?: unknown; errors?: Record<string, unknown>; code?: unknown } | null;
}

/** One request, bounded in time; the answer's JSON when it has any. */
async function send(route: ApiRoute, url: string, payload?: string, contentType: string | null = 'application/json'): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIME_LIMIT_MS} ms`)), REQUEST_TIME_LIMIT_MS);
  });
  const headers: Record<string, string> = { cookie: cookieFor(route) };
  if (payload !== undefined && contentType) headers['content-type'] = contentType;
  try {
    const request = () => t.app.inject({ method: route.method, url, headers, ...(payload !== undefined ? { payload } : {}) });
    let res = await Promise.race([request(), hung]);
    if (res.statusCode === 429) {
      // A per-address limit (feedback's, say) counts before validation: start its window again so the input reaches it.
      await t.pool.query('delete from rate_limit_counters');
      res = await Promise.race([request(), hung]);
    }
    let json: Answer['json'] = null;
    try {
      json = res.json();
    } catch {
      // Not JSON: judged below.
    }
    return { status: res.statusCode, body: res.body, json };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What is wrong with the answer to input that must be refused, or null: a 4xx with a message,
 * and when `field` is given, a validation failure (400) with an error under that field.
 */
function fault(answer: Answer, field?: string): string | null {
  const head = `${answer.status} ${answer.body.slice(0, 300)}`;
  if (polluted()) return `Object.prototype was changed: ${head}`;
  if (answer.status < 400 || answer.status >= 500) return head;
  // Signed in, an unlocked admin where it takes one, counters reset: anything else has not reached validation.
  if (answer.status === 401 || answer.status === 403 || answer.status === 429) return `stopped before validation: ${head}`;
  if (typeof answer.json?.message !== 'string' || answer.json.message.length === 0) return `no message: ${head}`;
  // A refusal says what is wrong; it does not echo the input back.
  if (answer.json.message.length > 500 || answer.body.length > 10_000) return `a ${answer.body.length}-character answer: ${head.slice(0, 200)}`;
  if (field !== undefined) {
    // Refused by the schema, not by a fallback further on (the database's "cannot be stored", a handler's 404).
    if (answer.status !== 400 || answer.json.code !== 'invalid_input') return `not a validation failure naming "${field}": ${head}`;
    const errors = answer.json.errors ?? {};
    const named = Object.keys(errors).some((k) => k === field || k.startsWith(`${field}.`));
    if (!named) return `no error under "${field}": ${head}`;
  }
  if (answer.json.errors) {
    for (const [k, messages] of Object.entries(answer.json.errors)) {
      if (!Array.isArray(messages) || messages.length === 0 || messages.some((m) => typeof m !== 'string' || m.length === 0)) return `errors.${k} is not a list of messages: ${head}`;
    }
  }
  return null;
}

/** Refused by the router, before any route: a parameter past its longest, a path no route has (an empty segment, a slash), bytes that are not UTF-8. */
const routing = (answer: Answer) =>
  answer.status === 414 || (answer.status === 404 && answer.json?.message === 'Not found.') || (answer.status === 400 && answer.json?.message === 'That address is not valid.');

/** Fastify's JSON parser refuses a body with a `__proto__` or `constructor.prototype` key anywhere in it: a 400 that names no field. */
const refusedByParser = (answer: Answer) =>
  answer.status === 400 && answer.json?.message === 'Request body is not valid JSON' ? fault(answer) : `not refused by the JSON parser: ${answer.status} ${answer.body.slice(0, 300)}`;

/** Runs `body`, then asserts that no request in it stored anything and that none failed. */
async function expectRefusedAndNothingStored(body: (failures: string[]) => Promise<void>): Promise<void> {
  const before = await snapshot();
  const failures: string[] = [];
  await body(failures);
  expect(failures).toEqual([]);
  expect(await snapshot()).toEqual(before);
}

/** A JSON value as text, built by hand where JSON.stringify would recurse or cannot say it. */
interface RawValue {
  label: string;
  json: string;
  /** Refused by the JSON parser (a `__proto__` key anywhere), before any field is looked at. */
  byParser?: boolean;
}

const nested = (depth: number, open: string, close: string, inner = '0') => open.repeat(depth) + inner + close.repeat(depth);
const raw = (label: string, value: unknown): RawValue => ({ label, json: JSON.stringify(value) });

/** Values no field takes: the hostile strings, every wrong JSON type, numbers past every bound, deep values. */
const BAD_VALUES: RawValue[] = [
  raw('a NUL byte', 'a\u0000b'),
  raw('a lone high surrogate', 'a\ud800b'),
  raw('a lone low surrogate', '\udc00'),
  raw('a right-to-left override', 'invoice\u202Efdp.exe'),
  raw('a direction isolate', '\u2066hidden\u2069'),
  raw('a bell character', 'ding\u0007'),
  raw('an empty string', ''),
  raw('a number', 42),
  raw('a negative number', -1),
  raw('a fraction', 1.5),
  raw('2^31', 2 ** 31),
  raw('2^53 + 2', Number.MAX_SAFE_INTEGER + 2),
  { label: '1e400 (Infinity once parsed)', json: '1e400' },
  raw('a numeric string', '42'),
  raw('true', true),
  raw('false', false),
  raw('null', null),
  raw('an empty array', []),
  raw('an array of strings', ['a', 'b']),
  raw('an empty object', {}),
  raw('an object', { a: 1 }),
  raw('"__proto__"', '__proto__'),
  { label: 'an object holding __proto__', json: '{"__proto__":{"isAdmin":true}}', byParser: true },
  { label: 'an array nested 10,000 deep', json: nested(10_000, '[', ']') },
  { label: 'an object nested 10,000 deep', json: nested(10_000, '{"a":', '}') },
];

/** Longer than the field takes: past its own bound, and never under 10,001 characters (past 500,000 where the document states no bound). */
const overLong = (schema: JsonSchema): RawValue => {
  const length = Math.max(10_001, (schema.maxLength ?? 500_000) + 1);
  return { label: `${length.toLocaleString('en-US')} characters`, json: JSON.stringify('x'.repeat(length)) };
};

/** Path parameter values, as they are typed (encoded with encodeLoose). */
const BAD_PATH_VALUES: string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'abc',
  'NaN',
  'Infinity',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'a\u0000b',
  '\ud800',
  '\u202Eabc',
  'a/b',
  '../../etc/passwd',
  '%',
  'x'.repeat(99),
  'x'.repeat(8_000),
];

/** Query values, decoded; an array is the parameter given more than once. */
const BAD_QUERY_VALUES: (string | string[])[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999999999999',
  'abc',
  'NaN',
  'Infinity',
  'true',
  'null',
  '[]',
  '{}',
  '__proto__',
  'a\u0000b',
  '\ud800',
  '\u202Eabc',
  'x'.repeat(8_000),
  ['1', '2'],
  ['abc', 'def'],
];

const encodeQuery = (name: string, value: string | string[]) => (Array.isArray(value) ? value : [value]).map((v) => `${encodeLoose(name)}=${encodeLoose(v)}`).join('&');
/** A lone surrogate cannot travel in a URL (its bytes are not UTF-8); the server sees something else, so the schema cannot say. */
const travelsInUrl = (value: string | string[]) => !(Array.isArray(value) ? value : [value]).some((v) => /[\ud800-\udfff]/.test(v.replace(/[\ud800-\udbff][\udc00-\udfff]/g, '')));

/** The body `{ a: { b: <value> } }` for the field path ['a', 'b']. */
const bodyWith = (path: string[], json: string) => path.reduceRight((inner, key) => `{${JSON.stringify(key)}:${inner}}`, json);
const parses = (json: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(json) };
  } catch {
    return { ok: false };
  }
};
/** Whether the body's schema could take this text: only what it surely refuses is sent. */
const mayTake = (schema: JsonSchema, json: string) => {
  const parsed = parses(json);
  return parsed.ok && mayAccept(schema, parsed.value);
};

/** The large bodies, made once. */
const FOUR_TIMES_THE_LIMIT = `[${'0,'.repeat(2 * BODY_LIMIT)}0]`;
const DEEP = {
  arrays10k: nested(10_000, '[', ']'),
  objects10k: nested(10_000, '{"a":', '}'),
  arrays100k: nested(100_000, '[', ']'),
  objects100k: nested(100_000, '{"a":', '}'),
  mixed50k: nested(25_000, '[{"a":', '}]'),
  proto10k: nested(10_000, '{"a":', '}', '{"__proto__":{"isAdmin":true}}'),
  numbers200k: `[${'0,'.repeat(199_999)}0]`,
  longKey: `{${JSON.stringify('k'.repeat(100_000))}:1}`,
  manyKeys: `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":0`).join(',')}}`,
};

/** Whole bodies that are wrong before any field is read. */
function badBodies(route: ApiRoute): { label: string; json: string; contentType?: string | null; status?: number; field?: string }[] {
  const schema = route.body;
  const fields = fieldPaths(schema);
  const first = fields[0]?.path[0] ?? 'field';
  const cases: { label: string; json: string; contentType?: string | null; status?: number; field?: string }[] = [
    { label: 'just over the 1 MiB body limit', json: `{${JSON.stringify(first)}:"${'x'.repeat(BODY_LIMIT - first.length - 5)}"}`, status: 413 },
    { label: 'four times the body limit', json: FOUR_TIMES_THE_LIMIT, status: 413 },
    { label: 'truncated JSON', json: `{${JSON.stringify(first)}:` },
    { label: 'single quotes', json: `{'${first}':'x'}` },
    { label: 'trailing text', json: '{} x' },
    { label: 'NaN', json: 'NaN' },
    { label: 'an empty body', json: '' },
    { label: 'a NUL byte', json: '\u0000' },
    { label: 'JSON sent as text/plain', json: '{}', contentType: 'text/plain' },
    { label: 'a form', json: `${first}=x`, contentType: 'application/x-www-form-urlencoded' },
    { label: 'multipart', json: '--b\r\ncontent-disposition: form-data; name="a"\r\n\r\nx\r\n--b--\r\n', contentType: 'multipart/form-data; boundary=b' },
    { label: 'no content type', json: '{}', contentType: null },
  ];
  if (!schema) return cases;
  const schemaCases: typeof cases = [
    { label: 'null', json: 'null' },
    { label: 'a number', json: '42' },
    { label: 'a string', json: '"text"' },
    { label: 'true', json: 'true' },
    { label: 'an empty array', json: '[]' },
    { label: 'an array of objects', json: '[{}]' },
    { label: 'an empty object', json: '{}' },
    { label: 'an unknown field', json: '{"notAField":1}' },
    { label: '__proto__', json: '{"__proto__":{"isAdmin":true,"polluted":1}}' },
    { label: '__proto__ spelt with escapes', json: '{"\\u005f_proto__":{"isAdmin":true}}' },
    { label: 'constructor.prototype', json: '{"constructor":{"prototype":{"isAdmin":true}}}' },
    { label: 'constructor', json: '{"constructor":1}' },
    { label: 'prototype', json: '{"prototype":{"isAdmin":true}}' },
    { label: 'toString and hasOwnProperty', json: '{"toString":1,"hasOwnProperty":1,"valueOf":1}' },
  ];
  // Cases that put something in the route's first field, for a route that has one.
  const fieldCases: typeof cases = [
    { label: `__proto__ beside ${first}`, json: `{${JSON.stringify(first)}:"x","__proto__":{"isAdmin":true}}` },
    { label: `__proto__ inside ${first}`, json: `{${JSON.stringify(first)}:{"__proto__":{"isAdmin":true}}}` },
    { label: 'the same field twice', json: `{${JSON.stringify(first)}:"x",${JSON.stringify(first)}:"a\\u0000b"}`, field: first },
    { label: `${first} nested 100,000 deep`, json: bodyWith([first], DEEP.arrays100k), field: first },
    { label: `__proto__ 10,000 levels inside ${first}`, json: bodyWith([first], DEEP.proto10k) },
    { label: `${first} holding 200,000 numbers`, json: bodyWith([first], DEEP.numbers200k), field: first },
  ];
  const shapeCases: typeof cases = [
    { label: 'arrays nested 10,000 deep', json: DEEP.arrays10k },
    { label: 'objects nested 10,000 deep', json: DEEP.objects10k },
    { label: 'arrays nested 100,000 deep', json: DEEP.arrays100k },
    { label: 'objects nested 100,000 deep', json: DEEP.objects100k },
    { label: 'arrays and objects nested 50,000 deep', json: DEEP.mixed50k },
    { label: 'a 100,000-character field name', json: DEEP.longKey },
    { label: '20,000 unknown fields', json: DEEP.manyKeys },
  ];
  return [...cases, ...[...schemaCases, ...(fields.length ? fieldCases : []), ...shapeCases].filter((c) => !mayTake(schema, c.json))];
}

/** A character as fast-check picks it: mostly what people type, often one no one does. */
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('a', 'Z', '0', '9', ' ', '-', '_', '.', '/', '?', '#', '&', '=', '%', '+', '"', '\\', 'é', '日', '🚀', '\t', '\n') },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)) },
  { weight: 1, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\u2066', '\u200b', '\ufeff', '\u0085', '\u001b') },
);
const text = fc.string({ unit, maxLength: 30 });
const anyString = fc.oneof({ weight: 12, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom(300, 5_001, 70_000, 600_000).map((n) => 'x'.repeat(n)) });
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: anyString },
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, -1, 1, 1.5, 2 ** 31, -(2 ** 31) - 1, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) },
);
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', '__defineGetter__', 'hasOwnProperty'];

/** Bodies for a route: arbitrary JSON, objects of its own fields holding anything, deep nesting; only those its schema surely refuses. */
function bodyArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const names = Object.keys(schema.properties ?? {});
  const key = fc.oneof(
    { weight: names.length ? 6 : 0, arbitrary: names.length ? fc.constantFrom(...names) : fc.constant('') },
    { weight: 1, arbitrary: text },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  );
  // Pairs written by hand: a key may be __proto__ or come twice, as a client could send.
  const object = fc
    .array(fc.tuple(key, anyValue), { maxLength: names.length + 2 })
    .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`);
  const deep = fc
    .tuple(fc.integer({ min: 100, max: 20_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}'], ['[{"a":', '}]']), names.length ? fc.constantFrom(...names) : fc.constant('a'))
    .map(([depth, [open, close], field]) => bodyWith([field], nested(depth, open!, close!)));
  return fc
    .oneof({ weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)) }, { weight: 6, arbitrary: object }, { weight: 1, arbitrary: deep })
    .filter((json) => !mayTake(schema, json));
}

/** One parameter of the route and a value its schema surely refuses (an array: a query parameter given twice). */
function paramArbitrary(route: ApiRoute): fc.Arbitrary<{ param: ApiParam; where: 'path' | 'query'; value: string | string[] }> {
  const params = [...route.pathParams.map((param) => ({ param, where: 'path' as const })), ...route.query.map((param) => ({ param, where: 'query' as const }))];
  return fc
    .tuple(fc.constantFrom(...params), fc.oneof({ weight: 4, arbitrary: anyString }, { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) }))
    // A path segment of '.' or '..' is resolved away before any route is chosen: another URL, not a value.
    .filter(([{ where }, value]) => where === 'query' || (typeof value === 'string' && value !== '.' && value !== '..'))
    .map(([p, value]) => ({ ...p, value }))
    .filter(({ param, value }) => travelsInUrl(value) && !mayAccept(param.schema, value, true));
}

const label = (route: ApiRoute) => `${route.method} ${route.path}`;

describe('the OpenAPI document', () => {
  it('lists the routes these tests feed, each with the parameters it reads', () => {
    expect(routes.length).toBeGreaterThan(70);
    for (const route of routes) for (const p of [...route.pathParams, ...route.query]) expect(() => harmlessParam(p)).not.toThrow();
    // Every {name} in a path is a declared path parameter, so urlFor fills it.
    for (const route of routes) expect(urlFor(route), label(route)).not.toMatch(/[{}]/);
  });
});

describe.each(routes.map((route) => [label(route), route] as const))('%s', (_name, route) => {
  if (route.pathParams.length > 0)
    it('refuses bad path parameters, naming them', async () => {
      await expectRefusedAndNothingStored(async (failures) => {
        for (const param of route.pathParams) {
          const values = BAD_PATH_VALUES.filter((value) => !(travelsInUrl(value) && mayAccept(param.schema, value, true)));
          expect(values.length, `bad values left for ${param.name}`).toBeGreaterThan(3);
          for (const value of values) {
            const answer = await send(route, urlFor(route, { [param.name]: encodeLoose(value) }), takesBody(route) ? '{}' : undefined);
            const wrong = fault(answer, routing(answer) ? undefined : param.name);
            if (wrong) failures.push(`${param.name} = ${JSON.stringify(value.slice(0, 40))}: ${wrong}`);
          }
        }
      });
    });

  if (route.query.length > 0)
    it('refuses bad query parameters, naming them', async () => {
      await expectRefusedAndNothingStored(async (failures) => {
        for (const param of route.query) {
          const values = BAD_QUERY_VALUES.filter((value) => !(travelsInUrl(value) && mayAccept(param.schema, value, true)));
          expect(values.length, `bad values left for ${param.name}`).toBeGreaterThan(3);
          for (const value of values) {
            const answer = await send(route, urlFor(route, {}, encodeQuery(param.name, value)));
            const wrong = fault(answer, travelsInUrl(value) ? param.name : undefined);
            if (wrong) failures.push(`${param.name} = ${JSON.stringify(value).slice(0, 40)}: ${wrong}`);
          }
        }
      });
    });

  if (route.method === 'GET')
    it('ignores or refuses query keys it does not read, __proto__ among them, without a 5xx', async () => {
      await expectRefusedAndNothingStored(async (failures) => {
        const junk = ['__proto__=1', '__proto__[isAdmin]=1', 'constructor[prototype][isAdmin]=1', 'constructor=1', 'a[b][c]=1', 'a=1&a=2&a=3', Array.from({ length: 2_000 }, (_, i) => `k${i}=${i}`).join('&')];
        for (const query of junk) {
          const answer = await send(route, urlFor(route, {}, query));
          if (answer.status >= 500 || polluted()) failures.push(`?${query.slice(0, 40)}: ${answer.status} ${answer.body.slice(0, 200)}`);
        }
      });
    });

  if (route.body !== null && fieldPaths(route.body).length > 0)
    it('refuses bad values in each body field, naming the field', async () => {
      const schema = route.body!;
      await expectRefusedAndNothingStored(async (failures) => {
        for (const { path, schema: fieldSchema } of fieldPaths(schema)) {
          const values = [...BAD_VALUES, overLong(fieldSchema)].filter((bad) => !mayTake(fieldSchema, bad.json));
          // The check that picks what is surely refused must leave most of the list, or the test proves nothing.
          expect(values.length, `bad values left for ${path.join('.')}`).toBeGreaterThan(BAD_VALUES.length / 2);
          for (const bad of values) {
            const answer = await send(route, urlFor(route), bodyWith(path, bad.json));
            const wrong = bad.byParser ? refusedByParser(answer) : fault(answer, path.join('.'));
            if (wrong) failures.push(`${path.join('.')} = ${bad.label}: ${wrong}`);
          }
        }
      });
    });

  if (takesBody(route))
    it('refuses bodies that are too large, too deep, not JSON or the wrong shape', async () => {
      await expectRefusedAndNothingStored(async (failures) => {
        for (const bad of badBodies(route)) {
          const answer = await send(route, urlFor(route), bad.json, bad.contentType === undefined ? 'application/json' : bad.contentType);
          const wrong = bad.status !== undefined && answer.status !== bad.status ? `expected ${bad.status}, got ${answer.status} ${answer.body.slice(0, 200)}` : fault(answer, bad.field);
          if (wrong) failures.push(`${bad.label}: ${wrong}`);
        }
      });
    });

  if (route.body !== null)
    it('refuses arbitrary bodies (fast-check)', async () => {
      await expectRefusedAndNothingStored(async () => {
        await fc.assert(
          fc.asyncProperty(bodyArbitrary(route.body!), async (json) => {
            const wrong = fault(await send(route, urlFor(route), json));
            if (wrong) throw new Error(wrong);
          }),
          { numRuns: RUNS },
        );
      });
    });

  if (route.pathParams.length + route.query.length > 0)
    it('refuses arbitrary path and query values (fast-check)', async () => {
      await expectRefusedAndNothingStored(async () => {
        await fc.assert(
          fc.asyncProperty(paramArbitrary(route), async ({ param, where, value }) => {
            const url = where === 'path' ? urlFor(route, { [param.name]: encodeLoose(value as string) }) : urlFor(route, {}, encodeQuery(param.name, value));
            const answer = await send(route, url, takesBody(route) ? '{}' : undefined);
            const wrong = fault(answer, where === 'path' && routing(answer) ? undefined : param.name);
            if (wrong) throw new Error(wrong);
          }),
          { numRuns: RUNS },
        );
      });
    });
});

describe('after all of it', () => {
  it('left Object.prototype alone and both users signed in as what they were', async () => {
    expect(polluted()).toBe(false);
    for (const [who, isAdmin] of [
      [rep, false],
      [admin, true],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: who.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      expect(JSON.stringify(res.json())).toContain(`"isAdmin":${isAdmin}`);
    }
  });
});
