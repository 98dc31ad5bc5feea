import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type JsonSchema = Record<string, unknown>;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

const SIMPLE_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
/** Keywords that only constrain a value (the answer's data is ours, its checks are the tests'), or describe it. */
const IGNORED = new Set([
  'format',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'enum',
  'const',
  'propertyNames',
  'description',
  'default',
  'title',
  'examples',
  'id',
]);

/**
 * The JSON Schema again when fast-json-stringify writes it exactly as zod's encode would: objects
 * with fixed properties or records, arrays, scalars, each maybe null (`anyOf [X, null]` becomes
 * `type: [X, 'null']`, which fast-json-stringify writes without trying each branch). Anything
 * else (unions of shapes, references, tuples, conditionals) is null: it stays with zod.
 */
function plain(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return null;
  const anyOf = (schema as JsonSchema).anyOf;
  if (anyOf !== undefined) return nullable(anyOf, schema as JsonSchema);
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (IGNORED.has(key) || key === 'required') out[key] = value;
    else if (key === 'type') {
      const types = Array.isArray(value) ? value : [value];
      if (types.length === 0 || types.length > 2 || !types.every((t) => SIMPLE_TYPES.has(t as string))) return null;
      if (types.length === 2 && !types.includes('null')) return null;
      out.type = value;
    } else if (key === 'properties') {
      if (!value || typeof value !== 'object') return null;
      const properties: JsonSchema = {};
      for (const [name, inner] of Object.entries(value)) {
        const written = plain(inner);
        if (!written) return null;
        properties[name] = written;
      }
      out.properties = properties;
    } else if (key === 'items' || key === 'additionalProperties') {
      const written = typeof value === 'boolean' ? value : plain(value);
      if (written === null) return null;
      out[key] = written;
    } else {
      return null;
    }
  }
  return 'type' in out ? out : null;
}

/** `anyOf: [X, {type: 'null'}]` (either order, nothing else beside it) as X with `null` among its types. */
function nullable(anyOf: unknown, schema: JsonSchema): JsonSchema | null {
  if (!Array.isArray(anyOf) || anyOf.length !== 2 || Object.keys(schema).some((k) => k !== 'anyOf' && !IGNORED.has(k))) return null;
  const isNull = (s: unknown) => !!s && typeof s === 'object' && (s as JsonSchema).type === 'null' && Object.keys(s).length === 1;
  const other = isNull(anyOf[0]) ? anyOf[1] : isNull(anyOf[1]) ? anyOf[0] : null;
  const written = plain(other);
  if (!written || typeof written.type !== 'string' || written.type === 'null') return null;
  return { ...written, type: [written.type, 'null'] };
}

/** The answer's JSON Schema when fast-json-stringify can write it alone, else null. */
export function plainOutputSchema(schema: $ZodType): JsonSchema | null {
  let json: JsonSchema;
  try {
    // Transforms, codecs and other shapes that JSON Schema can't say throw here.
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as JsonSchema;
  } catch {
    return null;
  }
  delete json.$schema;
  return plain(json);
}

/**
 * The answers' serializer: a function that fast-json-stringify compiles from the response schema,
 * where it writes what zod would (decision 024: zod's encode copies every answer before
 * JSON.stringify writes it: microseconds of every answer), else zod's own. Either way only the
 * schema's properties leave, and a missing required one is a 500, never a partial answer. What
 * fast-json-stringify does not check (types it coerces, enums, formats) the test suite does: there
 * zod writes each answer too and the two are compared.
 * Worked out on a route's first answer, so that the start does not pay for it (hundreds of routes).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<$ZodType> = (route) => {
  let write: ((data: unknown) => string) | undefined;
  return (data: unknown) => (write ??= compile(route))(data);
};

function compile(route: Parameters<FastifySerializerCompiler<$ZodType>>[0]): (data: unknown) => string {
  const schema = resolveSchema(route.schema);
  const json = schema ? plainOutputSchema(schema) : null;
  const zodWrite = zodSerializerCompiler(route as RouteSchema);
  if (!json) return zodWrite;
  const fastWrite = fastJson(json);
  if (!process.env.VITEST) return fastWrite;
  // Under the test suite every such answer is written by zod too: an answer zod refuses (a wrong
  // type, a value outside an enum) still fails the request, and the two must say the same.
  return (data: unknown) => {
    const checked = zodWrite(data);
    const written = fastWrite(data);
    if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(checked)))
      throw new Error(`${route.method} ${route.url}: fast-json-stringify wrote ${written}, zod ${checked}`);
    return written;
  };
}

/** The zod schema of a route's answer (Fastify may hand it wrapped as `{ properties }`). */
function resolveSchema(schema: unknown): $ZodType | null {
  if (schema instanceof $ZodType) return schema;
  const inner = (schema as { properties?: unknown } | null)?.properties;
  return inner instanceof $ZodType ? inner : null;
}
