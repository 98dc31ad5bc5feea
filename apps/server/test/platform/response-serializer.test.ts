import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZCurrentSession } from '@app/shared/auth/schemas';
import { plainOutputSchema, responseSerializerCompiler } from '../../src/lib/response-serializer';

/** The answers' serializer (lib/response-serializer.ts, decision 024): compiled where it writes what zod's would. */

const route = (schema: z.ZodType) =>
  ({ schema, method: 'GET', url: '/test', httpStatus: '200' }) as Parameters<typeof responseSerializerCompiler>[0];
const both = (schema: z.ZodType) => [responseSerializerCompiler(route(schema)), zodSerializerCompiler(route(schema) as never)] as const;

const ZPlain = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(['user', 'admin']),
  avatarUrl: z.string().nullable(),
  note: z.string().optional(),
  count: z.number().int(),
  ratio: z.number(),
  tags: z.array(z.string()),
  limits: z.record(z.string(), z.number()),
  owner: z.object({ id: z.string(), verified: z.boolean() }).nullable(),
  createdAt: z.iso.datetime(),
});

const value = {
  id: '8d3c0a5e-6a1f-4c7b-9e2d-1f0a2b3c4d5e',
  name: 'Mira "the Captain" \u2028 \\ </script>',
  role: 'admin',
  avatarUrl: null,
  count: 3,
  ratio: 0.25,
  tags: ['a', 'é', '😀'],
  limits: { daily: 10, weekly: 50 },
  owner: { id: 'u1', verified: true },
  createdAt: '2026-11-28T04:16:37.457Z',
};

describe('responseSerializerCompiler', () => {
  it('writes a plain answer as zod would: nulls, optionals, records, escapes', () => {
    expect(plainOutputSchema(ZPlain)).not.toBeNull();
    const [fast, zod] = both(ZPlain);
    expect(fast(value)).toBe(zod(value));
    expect(JSON.parse(fast(value))).toEqual(value);
    // (An optional property present may come last: the same JSON, another order of keys.)
    const withNote = { ...value, note: 'n', owner: null };
    expect(JSON.parse(fast(withNote))).toEqual(JSON.parse(zod(withNote)));
  });

  it('leaves out what the schema does not name, at every depth', () => {
    const [fast] = both(ZPlain);
    const extra = { ...value, passwordHash: 'secret', owner: { ...value.owner, email: 'x@example.com' } };
    const written = fast(extra);
    expect(written).not.toContain('secret');
    expect(written).not.toContain('x@example.com');
    expect(JSON.parse(written)).toEqual(value);
  });

  it('refuses an answer without a required property instead of writing part of it', () => {
    const [fast, zod] = both(ZPlain);
    const { name: _name, ...missing } = value;
    expect(() => fast(missing)).toThrow();
    expect(() => zod(missing)).toThrow();
  });

  it("compiles the session's answer (the most read one) and writes it as zod does", () => {
    expect(plainOutputSchema(ZCurrentSession)).not.toBeNull();
    const session = {
      user: {
        id: '8d3c0a5e-6a1f-4c7b-9e2d-1f0a2b3c4d5e',
        email: 'bench@example.com',
        username: 'bench_user',
        displayName: 'Bench',
        role: 'user',
        tier: 'free',
        emailVerified: false,
        isDemo: false,
        avatarUrl: null,
        createdAt: '2026-11-28T04:16:37.457Z',
      },
      accessToken: 'at_x',
      expiresAt: '2026-11-28T04:31:37.493Z',
      sessionId: '9d3c0a5e-6a1f-4c7b-9e2d-1f0a2b3c4d5e',
    };
    const [fast, zod] = both(ZCurrentSession);
    expect(fast(session)).toBe(zod(session));
    expect(JSON.parse(fast(session))).toEqual(session);
  });

  it('leaves to zod what JSON Schema cannot say plainly: unions of shapes, transforms, unknowns', () => {
    for (const schema of [
      z.union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.number() })]),
      z.object({ at: z.date().transform((d) => d.toISOString()) }),
      z.object({ data: z.unknown() }),
    ]) {
      expect(plainOutputSchema(schema)).toBeNull();
    }
    const union = z.union([z.object({ kind: z.literal('a'), a: z.string() }), z.object({ kind: z.literal('b'), b: z.number() })]);
    const [fast, zod] = both(union);
    expect(fast({ kind: 'b', b: 2, extra: 1 })).toBe(zod({ kind: 'b', b: 2, extra: 1 }));
  });
});
