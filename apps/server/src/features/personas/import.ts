import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES } from '@app/shared/bots/constants';
import { PERSONA_LIMITS } from '@app/shared/personas/rules';
import type { Executor } from '../../db/client';
import { personas } from '../../db/schema/personas';
import { processAvatar } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import { createPersona } from './store';

/**
 * A persona brought in from elsewhere (the SillyTavern folder import): the name and description
 * cut to our limits, its avatar stored as ours are (an avatar that can't be read is left out).
 * The per-user limit holds as for a new one (a 400). Answers the persona's id.
 */
export async function importPersona(
  db: Executor,
  storage: FileStorage,
  ownerId: string,
  persona: { name: string; description: string; avatar: Buffer | null; makeDefault: boolean },
): Promise<string> {
  const row = await createPersona(db, ownerId, {
    name: persona.name.trim().slice(0, PERSONA_LIMITS.name) || 'User',
    description: persona.description.slice(0, PERSONA_LIMITS.description),
    isDefault: persona.makeDefault,
  });
  if (persona.avatar) {
    const image = await processAvatar(persona.avatar, 'avatar', AVATAR_MAX_BYTES * 4).catch(() => null);
    if (image) {
      const url = await storage.put(`personas/${row.id}/${randomUUID()}.webp`, image.data, image.contentType);
      await db.update(personas).set({ avatarUrl: url }).where(eq(personas.id, row.id));
    }
  }
  return row.id;
}
