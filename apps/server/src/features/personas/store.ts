import { and, asc, desc, eq, ne, sql, type AnyColumn } from 'drizzle-orm';
import { PERSONA_LIMITS, PERSONA_MESSAGES as M } from '@app/shared/personas/rules';
import type { Persona, PersonaBody, PersonaPatch } from '@app/shared/personas/schemas';
import type { Executor } from '../../db/client';
import { chats } from '../../db/schema/chats';
import { personas } from '../../db/schema/personas';
import { users } from '../../db/schema/users';
import { ERROR_CODES } from '@app/shared/http/errors';
import { AppError, badRequest, notFound } from '../../lib/http-errors';

export type PersonaRow = typeof personas.$inferSelect;

export const personaView = (row: PersonaRow): Persona => ({
  id: row.id,
  name: row.name,
  description: row.description,
  avatarUrl: row.avatarUrl,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The caller's persona, or 404 (another user's is never told apart from none); `forUpdate` locks its row. */
export async function requirePersona(db: Executor, id: string, ownerId: string, field?: string, forUpdate = false): Promise<PersonaRow> {
  const query = db
    .select()
    .from(personas)
    .where(and(eq(personas.id, id), eq(personas.ownerId, ownerId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError(404, ERROR_CODES.NOT_FOUND, M.notFound, field);
  return row;
}

/** The default first, then by name. */
export async function listPersonas(db: Executor, ownerId: string): Promise<Persona[]> {
  const rows = await db
    .select()
    .from(personas)
    .where(eq(personas.ownerId, ownerId))
    .orderBy(desc(personas.isDefault), sql`lower(${personas.name})`, asc(personas.createdAt));
  return rows.map(personaView);
}

/**
 * One user's persona changes, one at a time: their user row is locked for the transaction, so
 * that "the first persona is the default" and "deleting the default promotes another" hold when
 * two tabs change personas at once (the unique index alone would answer one of them with a 500).
 */
async function lockOwner(tx: Executor, ownerId: string) {
  // 'no key update': a lock for us, without blocking the user's inserts elsewhere (chats, the ledger) that check the row exists.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
}

async function clearDefault(tx: Executor, ownerId: string) {
  await tx
    .update(personas)
    .set({ isDefault: false })
    .where(and(eq(personas.ownerId, ownerId), eq(personas.isDefault, true)));
}

export async function createPersona(db: Executor, ownerId: string, body: Required<Omit<PersonaBody, 'avatarUrl'>>): Promise<PersonaRow> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const [count] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(personas)
      .where(eq(personas.ownerId, ownerId));
    const n = count?.n ?? 0;
    if (n >= PERSONA_LIMITS.perUser) throw badRequest(M.tooMany);
    const isDefault = n === 0 || body.isDefault;
    if (isDefault) await clearDefault(tx, ownerId);
    const [row] = await tx.insert(personas).values({ ownerId, name: body.name, description: body.description, isDefault }).returning();
    return row!;
  });
}

/** The persona changed; answers it with the avatar file it no longer shows (to delete), if any. */
export async function updatePersona(
  db: Executor,
  id: string,
  ownerId: string,
  patch: PersonaPatch,
): Promise<{ row: PersonaRow; droppedAvatar: string | null }> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    // Its row too: an avatar upload finishing meanwhile must not be dropped without its file.
    const current = await requirePersona(tx, id, ownerId, undefined, true);
    if (patch.isDefault === false && current.isDefault) throw badRequest(M.defaultRequired, 'isDefault');
    if (patch.isDefault === true && !current.isDefault) await clearDefault(tx, ownerId);
    const [row] = await tx
      .update(personas)
      .set({
        ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.isDefault === true ? { isDefault: true } : {}),
        ...(patch.avatarUrl === null ? { avatarUrl: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(personas.id, current.id))
      .returning();
    return { row: row!, droppedAvatar: patch.avatarUrl === null ? current.avatarUrl : null };
  });
}

/** Deletes a persona; the default's place goes to the oldest one left. Answers its avatar file (to delete). */
export async function deletePersona(db: Executor, id: string, ownerId: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, ownerId);
    const current = await requirePersona(tx, id, ownerId);
    await tx.delete(personas).where(eq(personas.id, current.id));
    if (current.isDefault) {
      const [next] = await tx
        .select({ id: personas.id })
        .from(personas)
        .where(and(eq(personas.ownerId, ownerId), ne(personas.id, current.id)))
        .orderBy(asc(personas.createdAt), asc(personas.id))
        .limit(1);
      if (next) await tx.update(personas).set({ isDefault: true }).where(eq(personas.id, next.id));
    }
    return current.avatarUrl;
  });
}

/** Sets an uploaded avatar; answers the one it replaces (to delete). 404 if the persona went meanwhile. */
export async function setPersonaAvatar(db: Executor, id: string, ownerId: string, url: string): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ avatarUrl: personas.avatarUrl })
      .from(personas)
      .where(and(eq(personas.id, id), eq(personas.ownerId, ownerId)))
      .for('update');
    if (!current) throw notFound(M.notFound);
    await tx.update(personas).set({ avatarUrl: url, updatedAt: new Date() }).where(eq(personas.id, id));
    return current.avatarUrl;
  });
}

/** Who the user is in a chat: the persona's name and description as the prompt uses them. */
export interface Speaker {
  name: string;
  description: string;
}

/**
 * A chat's persona as one SQL expression (a reply's hot path reads it with the chat): the chat's
 * own persona, else its owner's default, as `{name, description}` JSON, or null without one.
 * The owner is checked too: a chat never speaks as another user's persona.
 */
export const chatPersonaSql = (chat: { userId: AnyColumn; personaId: AnyColumn }) => sql<Speaker | null>`(
  select json_build_object('name', p.name, 'description', p.description) from ${personas} p
  where p.owner_id = ${chat.userId} and (p.id = ${chat.personaId} or (${chat.personaId} is null and p.is_default))
  limit 1)`;

/**
 * Sets a chat's persona to one of its owner's, in one statement (a persona deleted meanwhile is
 * simply not found). Answers whether the persona was the owner's.
 */
export async function setChatPersona(db: Executor, chatId: string, ownerId: string, personaId: string | null): Promise<boolean> {
  if (personaId === null) {
    await db.update(chats).set({ personaId: null }).where(eq(chats.id, chatId));
    return true;
  }
  const updated = await db
    .update(chats)
    .set({ personaId: sql`${personas.id}` })
    .from(personas)
    .where(and(eq(chats.id, chatId), eq(personas.id, personaId), eq(personas.ownerId, ownerId)))
    .returning({ id: chats.id });
  return updated.length > 0;
}

/** The user's default persona, or null: a new chat's greeting and the bot's preview speak to it. */
export async function defaultSpeaker(db: Executor, ownerId: string): Promise<Speaker | null> {
  const [row] = await db
    .select({ name: personas.name, description: personas.description })
    .from(personas)
    .where(and(eq(personas.ownerId, ownerId), eq(personas.isDefault, true)));
  return row ?? null;
}
