import { z } from 'zod';
import { PERSONA_LIMITS as L, PERSONA_MESSAGES as M } from './rules';

const ZName = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(L.name, M.nameTooLong);
const ZDescription = z.string().max(L.description, M.descriptionTooLong);

/** POST /api/personas. The first persona is the default whatever `isDefault` says. */
export const ZPersonaBody = z.strictObject({
  name: ZName,
  description: ZDescription.default(''),
  isDefault: z.boolean().default(false),
});
export type PersonaBody = z.input<typeof ZPersonaBody>;

/**
 * PATCH /api/personas/{id}: any of the fields. `isDefault: true` makes it the default (the former
 * one stops being it); `false` on the default is refused, as one persona is always the default.
 * `avatarUrl: null` removes the avatar (POST …/avatar uploads one).
 */
export const ZPersonaPatch = z
  .strictObject({
    name: ZName.optional(),
    description: ZDescription.optional(),
    isDefault: z.boolean().optional(),
    avatarUrl: z.null({ error: M.avatarClearOnly }).optional(),
  })
  .refine((p) => Object.keys(p).length > 0, M.nothingToChange);
export type PersonaPatch = z.input<typeof ZPersonaPatch>;

export const ZPersona = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  avatarUrl: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Persona = z.infer<typeof ZPersona>;

/** The caller's personas: the default first, then by name. */
export const ZPersonaList = z.object({ items: z.array(ZPersona) });

export const ZPersonaParams = z.object({ id: z.uuid(M.notFound) });
