/**
 * The app's routes as its own OpenAPI document lists them (`app.swagger()` after ready), with
 * each route's path, query and body schemas, and a conservative check of whether a value could
 * pass a schema: bad-input.test.ts sends only what is surely refused, so a route that accepts it
 * is a missing bound, and nothing a refused request sends can be stored.
 */
import { hasUnsafeCharacters, INT4_MAX } from '#shared/schemas/primitives.js';

/**
 * Bounds every input has whether or not its schema states them: an integer is stored in a
 * PostgreSQL `integer`, and no text is longer than the knowledge base (KNOWLEDGE_MAX_CHARS).
 */
const TEXT_MAX = 500_000;

/** The parts of JSON Schema (as @fastify/swagger writes zod's, OpenAPI 3.0) these tests read. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
}

export interface ApiParam {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

export interface ApiRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** OpenAPI's form: /api/community/posts/{id} */
  path: string;
  tags: string[];
  pathParams: ApiParam[];
  query: ApiParam[];
  /** The JSON body's schema, or null for a route that defines none. */
  body: JsonSchema | null;
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  tags?: string[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every operation in the document, with `$ref`s resolved. */
export function routesOf(document: unknown): ApiRoute[] {
  const doc = document as OpenApiDocument;
  const resolve = (schema: JsonSchema | undefined): JsonSchema => resolveRefs(schema ?? {}, doc.components?.schemas ?? {});
  const routes: ApiRoute[] = [];
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    for (const [key, op] of Object.entries(operations)) {
      const method = key.toUpperCase() as ApiRoute['method'];
      if (!METHODS.includes(method)) continue;
      const params = (where: string) =>
        (op.parameters ?? []).filter((p) => p.in === where).map((p) => ({ name: p.name, schema: resolve(p.schema), required: p.required ?? false }));
      const json = op.requestBody?.content?.['application/json']?.schema;
      routes.push({ method, path, tags: op.tags ?? [], pathParams: params('path'), query: params('query'), body: json ? resolve(json) : null });
    }
  }
  return routes;
}

function resolveRefs(schema: JsonSchema, components: Record<string, JsonSchema>, depth = 0): JsonSchema {
  if (depth > 20) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').at(-1) ?? '';
    return resolveRefs(components[name] ?? {}, components, depth + 1);
  }
  const out: JsonSchema = { ...schema };
  const each = (list?: JsonSchema[]) => list?.map((s) => resolveRefs(s, components, depth + 1));
  if (schema.anyOf) out.anyOf = each(schema.anyOf);
  if (schema.oneOf) out.oneOf = each(schema.oneOf);
  if (schema.allOf) out.allOf = each(schema.allOf);
  if (schema.items) out.items = resolveRefs(schema.items, components, depth + 1);
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolveRefs(v, components, depth + 1)]));
  if (typeof schema.additionalProperties === 'object') out.additionalProperties = resolveRefs(schema.additionalProperties, components, depth + 1);
  return out;
}

/** The body's fields as paths (`['card', 'number']`), nested objects included. */
export function fieldPaths(schema: JsonSchema | null, prefix: string[] = []): { path: string[]; schema: JsonSchema }[] {
  if (!schema?.properties) return [];
  return Object.entries(schema.properties).flatMap(([name, field]) => [{ path: [...prefix, name], schema: field }, ...fieldPaths(field, [...prefix, name])]);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Whether `value` could pass `schema`, erring towards yes: a "no" means the server must refuse
 * it. Besides what the schema states: strings with control or invisible formatting characters are
 * refused everywhere (every text field is a `safeString`), and the bounds above. Lengths are
 * measured after the trimming and whitespace folding some fields do first. `coerce`: the value
 * came from a URL, and a number field reads it with Number().
 */
export function mayAccept(schema: JsonSchema, value: unknown, coerce = false): boolean {
  if (value === null && (schema.nullable || typesOf(schema).includes('null') || schema.enum?.includes(null))) return true;
  if (schema.allOf && !schema.allOf.every((s) => mayAccept(s, value, coerce))) return false;
  if (schema.anyOf) return schema.anyOf.some((s) => mayAccept(s, value, coerce));
  if (schema.oneOf) return schema.oneOf.some((s) => mayAccept(s, value, coerce));
  if ('const' in schema) return schema.const === value;
  const types = typesOf(schema);
  if (schema.enum) {
    const candidate = coerce && types.some((t) => t === 'number' || t === 'integer') ? Number(value) : value;
    if (!schema.enum.some((e) => e === candidate)) return false;
  }
  if (types.length === 0) return true;
  return types.some((type) => mayBe(type, schema, value, coerce));
}

const typesOf = (schema: JsonSchema): string[] => (schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]);

function mayBe(type: string, schema: JsonSchema, value: unknown, coerce: boolean): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'string': {
      if (typeof value !== 'string' || hasUnsafeCharacters(value)) return false;
      const folded = value.replace(/\s+/g, ' ').trim();
      if (folded.length > (schema.maxLength ?? TEXT_MAX)) return false;
      if (schema.minLength !== undefined && value.length < schema.minLength) return false;
      // A pattern is tried on the raw and the trimmed value (some fields trim before checking).
      if (schema.pattern && !new RegExp(schema.pattern).test(value) && !new RegExp(schema.pattern).test(value.trim())) return false;
      return true;
    }
    case 'number':
    case 'integer': {
      // zod's z.coerce.number() is Number(input), whatever the input.
      const n = coerce ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return false;
      if (type === 'integer' && (!Number.isInteger(n) || Math.abs(n) > INT4_MAX)) return false;
      if (schema.minimum !== undefined && (schema.exclusiveMinimum === true ? n <= schema.minimum : n < schema.minimum)) return false;
      if (schema.maximum !== undefined && (schema.exclusiveMaximum === true ? n >= schema.maximum : n > schema.maximum)) return false;
      if (typeof schema.exclusiveMinimum === 'number' && n <= schema.exclusiveMinimum) return false;
      if (typeof schema.exclusiveMaximum === 'number' && n >= schema.exclusiveMaximum) return false;
      return true;
    }
    case 'array': {
      if (!Array.isArray(value)) return false;
      if (schema.minItems !== undefined && value.length < schema.minItems) return false;
      if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
      return !schema.items || value.every((item) => mayAccept(schema.items!, item, coerce));
    }
    case 'object': {
      if (!isPlainObject(value)) return false;
      for (const key of schema.required ?? []) if (value[key] === undefined) return false;
      for (const key of Object.keys(value)) {
        // Own properties only: `__proto__` and `constructor` are keys a body may hold, not fields.
        const field = schema.properties && Object.hasOwn(schema.properties, key) ? schema.properties[key] : undefined;
        if (field) {
          if (value[key] !== undefined && !mayAccept(field, value[key], coerce)) return false;
        } else if (schema.additionalProperties === false) {
          return false;
        } else if (typeof schema.additionalProperties === 'object' && !mayAccept(schema.additionalProperties, value[key], coerce)) {
          return false;
        }
      }
      return true;
    }
    default:
      return true;
  }
}

/**
 * A value for a path or query parameter that its schema accepts and that names nothing stored
 * (an id far past any the tests make), so the request gets as far as the part under test.
 */
export function harmlessParam(param: ApiParam): string {
  const { schema } = param;
  const types = typesOf(schema);
  let value: string;
  if (schema.enum?.length) value = String(schema.enum[0]);
  else if (schema.format === 'uuid') value = '00000000-0000-4000-8000-000000000000';
  else if (types.includes('integer') || types.includes('number')) value = String(Math.min(schema.maximum ?? 2_000_000_000, 2_000_000_000));
  else value = 'no-such-thing';
  if (!mayAccept(schema, value, true)) throw new Error(`no harmless value for the parameter ${param.name} (${JSON.stringify(schema)}): teach harmlessParam its format`);
  return value;
}

/**
 * Percent-encodes for a URL like encodeURIComponent, except that a lone surrogate (which
 * encodeURIComponent refuses to encode) becomes the three bytes UTF-8 would give it: bytes no
 * valid UTF-8 has, which is how such a character reaches a server.
 */
export function encodeLoose(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(value[i]!);
    }
  }
  return out;
}

/** The route's URL with each `{name}` replaced by the encoded value given, or a harmless one. */
export function urlFor(route: ApiRoute, encodedParams: Record<string, string> = {}, encodedQuery = ''): string {
  let url = route.path;
  for (const p of route.pathParams) url = url.replace(`{${p.name}}`, encodedParams[p.name] ?? encodeURIComponent(harmlessParam(p)));
  return encodedQuery ? `${url}?${encodedQuery}` : url;
}
