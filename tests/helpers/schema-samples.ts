/**
 * Request bodies made from a route's JSON schema (as the OpenAPI document shows it): one
 * valid sample, then bad variants of it, one per property path. Used by the bad-input
 * sweep (tests/integration/bad-input-sweep.test.ts).
 */

// biome-ignore lint/suspicious/noExplicitAny: JSON schema walked generically
export type Schema = Record<string, any>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Samples for the patterns the contracts use; anything else gets `x`. */
const PATTERN_SAMPLES: Record<string, string> = {
  '^\\+?[0-9][0-9 -]{6,18}$': '+6281234567890',
  '^[0-9]{6}$': '123456',
  '^https?://': 'https://push.example.com/abc',
  '^[A-Za-z0-9_=-]+$': 'abc123',
  '^\\d{4}-\\d{2}-\\d{2}([T ].+)?$': '2025-03-01',
  '^[A-Za-z0-9_-]+$': 'grp_1',
  '^[0-9]{1,18}$': '1',
  '^(/api/files/[0-9A-Za-z_-]{1,64}|https://[^\\s]{1,490})$':
    '/api/files/0195f1b8-7c2e-7000-8000-000000000001',
};

const FORMAT_SAMPLES: Record<string, string> = {
  uuid: '0195f1b8-7c2e-7000-8000-000000000001',
  date: '2025-03-01',
  'date-time': '2025-03-01T06:10:00.000+07:00',
  email: 'someone@example.com',
  uri: 'https://push.example.com/abc',
};

function firstType(schema: Schema): string | undefined {
  const t = schema.type;
  if (Array.isArray(t)) return t.find((x) => x !== 'null') ?? t[0];
  return t;
}

/** A value the schema accepts (best effort: formats, patterns, bounds, required properties). */
export function sample(schema: Schema, overrides: Record<string, Json> = {}): Json {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const branch = union.find((s: Schema) => firstType(s) !== 'null') ?? union[0];
    return sample(branch, overrides);
  }
  switch (firstType(schema)) {
    case 'object': {
      const out: Record<string, Json> = {};
      for (const [key, prop] of Object.entries<Schema>(schema.properties ?? {}))
        out[key] = key in overrides ? overrides[key] : sample(prop, overrides);
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items ?? {}, overrides),
      );
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'string': {
      if (schema.format && FORMAT_SAMPLES[schema.format]) return FORMAT_SAMPLES[schema.format];
      if (schema.pattern) return PATTERN_SAMPLES[schema.pattern] ?? 'x';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return 'x';
  }
}

export interface PropertyPath {
  path: (string | number)[];
  schema: Schema;
  required: boolean;
}

/** Every property the schema declares, nested objects and first array items included. */
export function propertyPaths(schema: Schema, prefix: (string | number)[] = []): PropertyPath[] {
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const branch = union.find((s: Schema) => firstType(s) !== 'null');
    return branch ? propertyPaths(branch, prefix) : [];
  }
  const out: PropertyPath[] = [];
  const type = firstType(schema);
  if (type === 'object') {
    const required = new Set<string>(schema.required ?? []);
    for (const [key, prop] of Object.entries<Schema>(schema.properties ?? {})) {
      const path = [...prefix, key];
      out.push({ path, schema: prop, required: required.has(key) }, ...propertyPaths(prop, path));
    }
  } else if (type === 'array' && schema.items) {
    const path = [...prefix, 0];
    out.push({ path, schema: schema.items, required: true }, ...propertyPaths(schema.items, path));
  }
  return out;
}

/** A placeholder replaced by raw JSON text after serialising (JSON.stringify cannot write 1e309). */
export const RAW = '\u0001raw\u0001';

export interface BadValue {
  name: string;
  /** The value put at the path; `undefined` removes the property. */
  value: Json | undefined;
  /** Raw JSON text written where the value is `RAW`. */
  raw?: string;
  /** Text of the right type that the property's `format` rules out. */
  format?: string;
}

/**
 * Days and instants JSON schema's own formats let through but no store can keep: year 0000
 * (PostgreSQL refuses it), a leap second (JavaScript cannot read it), a year nobody farmed in.
 */
const BAD_FORMAT_VALUES: Record<string, string[]> = {
  date: ['0000-01-01', '9999-12-31', '2026-02-30'],
  'date-time': ['0000-01-01T00:00:00Z', '2026-10-05T23:59:60Z', '9999-12-31T23:59:59-14:00'],
};

/** The bad values tried at one property, chosen by the type it declares. */
export function badValuesFor(schema: Schema, required: boolean): BadValue[] {
  const type = firstType(schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema) ?? 'unknown';
  const nullable = allowsNull(schema);
  const values: BadValue[] = [
    { name: 'NUL in text', value: 'a\u0000b' },
    { name: 'lone high surrogate', value: 'a\ud800b' },
    { name: 'lone low surrogate', value: '\udc00' },
    { name: 'object', value: { a: 1 } },
    { name: 'array', value: ['x'] },
    { name: '1e309 (Infinity)', value: RAW, raw: '1e309' },
    { name: '-1e309 (-Infinity)', value: RAW, raw: '-1e309' },
  ];
  if (required) values.push({ name: 'missing', value: undefined });
  if (!nullable && !schema.anyOf?.some((s: Schema) => s.type === 'null'))
    values.push({ name: 'null', value: null });
  if (type === 'string') {
    values.push({ name: 'number for text', value: 12 }, { name: 'true for text', value: true });
  }
  if (type === 'integer' || type === 'number') {
    values.push(
      { name: '"12" for a number', value: '12' },
      { name: 'true for 1', value: true },
      { name: 'huge number', value: RAW, raw: '1e300' },
      { name: 'past int4', value: 2 ** 31 },
      { name: 'below int4', value: -(2 ** 31) - 1 },
    );
    if (type === 'integer') values.push({ name: 'fraction', value: 1.5 });
  }
  if (type === 'boolean')
    values.push({ name: '"true" for true', value: 'true' }, { name: '1 for true', value: 1 });
  const format = formatOf(schema);
  for (const value of BAD_FORMAT_VALUES[format ?? ''] ?? [])
    values.push({ name: `${format} ${value}`, value, format });
  if (type === 'array') values.push({ name: 'string for a list', value: 'x' });
  if (type === 'object') values.push({ name: 'string for an object', value: 'x' });
  // Values a schema might accept for a number (past int4 for a numeric column) or text:
  // they must be refused only when the declared type rules them out.
  return values.filter((v) => !accepts(schema, v));
}

/** The `format` of a string property, or of a union's string branch. */
function formatOf(schema: Schema): string | undefined {
  return schema.format ?? (schema.anyOf ?? schema.oneOf ?? []).find((s: Schema) => s.format)?.format;
}

/** `type: ['x', 'null']`, OpenAPI's `nullable`, or a union with a null branch. */
function allowsNull(schema: Schema): boolean {
  if ([schema.type].flat().includes('null') || schema.nullable === true) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  return (schema.anyOf ?? schema.oneOf ?? []).some(allowsNull);
}

/** True when the declared type itself admits the value (so it is not a bad value here). */
function accepts(schema: Schema, bad: BadValue): boolean {
  const types: string[] = [schema.type]
    .flat()
    .concat((schema.anyOf ?? schema.oneOf ?? []).flatMap((s: Schema) => [s.type].flat()))
    .filter(Boolean);
  const v = bad.value;
  if (bad.format) return false;
  if (bad.raw === '1e300') return types.includes('number') && schema.maximum === undefined;
  if (bad.value === RAW) return false;
  if (v === null) return allowsNull(schema);
  if (typeof v === 'string')
    return types.includes('string') && !v.includes('\u0000') && !/[\ud800-\udfff]/.test(v);
  if (typeof v === 'boolean') return types.includes('boolean');
  if (typeof v === 'number') {
    if (Number.isInteger(v) && Math.abs(v) >= 2 ** 31)
      return types.includes('number') && schema.maximum === undefined;
    return types.includes('number') || (types.includes('integer') && Number.isInteger(v));
  }
  if (Array.isArray(v)) return types.includes('array');
  if (typeof v === 'object' && v !== null) return types.includes('object');
  return false;
}

/** The sample with `value` at `path` (removed when undefined), as JSON text. */
export function withValue(base: Json, path: (string | number)[], bad: BadValue): string {
  const copy = structuredClone(base) as Json;
  let node = copy as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (next === null || typeof next !== 'object') return JSON.stringify(copy); // nothing at that path
    node = next as Record<string | number, Json>;
  }
  const last = path[path.length - 1];
  if (bad.value === undefined) delete node[last];
  else node[last] = bad.value;
  const text = JSON.stringify(copy);
  return bad.raw ? text.replace(JSON.stringify(RAW), bad.raw) : text;
}
