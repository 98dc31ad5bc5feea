import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/client';
import { bots } from '../../db/schema/bots';
import { chats } from '../../db/schema/chats';
import { importedItems } from '../../db/schema/imports';
import { lorebooks } from '../../db/schema/lorebooks';
import { personas } from '../../db/schema/personas';
import { digestOf } from './file-readers';

/** What a file became, by kind: the table and owner column that tell whether it still exists. */
export type ItemKind = 'character' | 'world' | 'persona' | 'chat' | 'groupChat';

const TARGETS: Record<ItemKind, { table: PgTable; id: AnyPgColumn; owner: AnyPgColumn }> = {
  character: { table: bots, id: bots.id, owner: bots.createdBy },
  world: { table: lorebooks, id: lorebooks.id, owner: lorebooks.ownerId },
  persona: { table: personas, id: personas.id, owner: personas.ownerId },
  chat: { table: chats, id: chats.id, owner: chats.userId },
  groupChat: { table: chats, id: chats.id, owner: chats.userId },
};

/** A file's key among a user's imported items: its kind and the digest of what it holds (file-readers.ts digestOf). */
export const keyOfDigest = (kind: ItemKind, digest: string) => `${kind}:${digest}`;
export const itemKey = (kind: ItemKind, content: Uint8Array | string) => keyOfDigest(kind, digestOf(content));

class AlreadyImported extends Error {}

/**
 * Makes what a file becomes once per user: when an earlier import already made it (and it still
 * exists: a deleted one is made again), answers that one; otherwise `make` runs in a transaction
 * with the claim of the key, so that two imports of the same folder at once make it once (the
 * second one's claim waits for the first's and finds it taken, and its work is rolled back).
 * The claim is a plain insert, then a check in a statement of its own: a condition inside the
 * insert's ON CONFLICT would read the tables as they were when the insert began, before the
 * first import committed, and both would think the key free.
 */
export async function makeOnce(
  db: Database,
  by: { userId: string; importId: string },
  kind: ItemKind,
  key: string,
  make: (tx: Executor) => Promise<string>,
  /** The keys the user had when the run began (itemKeys): a key not among them needs no lookup first. */
  known?: Set<string>,
): Promise<{ id: string; created: boolean }> {
  const { userId, importId } = by;
  const existing = known && !known.has(key) ? null : await findItem(db, userId, kind, key);
  // Made by this very import (an earlier attempt of its job): made, not found.
  if (existing) return { id: existing.id, created: existing.importId === importId };
  try {
    const id = await db.transaction(async (tx) => {
      const id = await make(tx);
      const claimed = await tx
        .insert(importedItems)
        .values({ userId, key, targetId: id, importId })
        .onConflictDoNothing()
        .returning({ id: importedItems.targetId });
      if (claimed.length === 0 && !(await takeOver(tx, { userId, importId }, kind, key, id))) throw new AlreadyImported();
      return id;
    });
    return { id, created: true };
  } catch (err) {
    if (!(err instanceof AlreadyImported)) throw err;
    const found = await findItem(db, userId, kind, key);
    if (!found) throw err;
    return { id: found.id, created: false };
  }
}

/**
 * makeOnce for many files in one transaction (a folder of thousands): `make` makes them all in a
 * few statements and answers their ids in order; their claims go in at once. A key that an
 * earlier import claimed is answered as found; one that another import claims meanwhile (or that
 * `make` was given twice) has what was made for it deleted again before the commit, and is answered
 * with the other's. Answers one outcome per item, in order.
 */
export async function makeMany<T extends { key: string }>(
  db: Database,
  by: { userId: string; importId: string },
  kind: ItemKind,
  items: T[],
  make: (tx: Executor, items: T[]) => Promise<string[]>,
  known?: Set<string>,
  /** Told, after the commit, the ids made and deleted again: what `make` stored outside the database (a portrait) can go too. */
  undone?: (ids: string[]) => Promise<void>,
): Promise<{ id: string; created: boolean }[]> {
  const out = new Array<{ id: string; created: boolean } | null>(items.length).fill(null);
  const fresh: number[] = [];
  for (const [i, item] of items.entries()) {
    const existing = known && !known.has(item.key) ? null : await findItem(db, by.userId, kind, item.key);
    if (existing) out[i] = { id: existing.id, created: existing.importId === by.importId };
    else fresh.push(i);
  }
  const lost: number[] = [];
  const undo: string[] = [];
  if (fresh.length > 0) {
    await db.transaction(async (tx) => {
      const ids = await make(
        tx,
        fresh.map((i) => items[i]!),
      );
      const claimed = new Set(
        (
          await tx
            .insert(importedItems)
            .values(fresh.map((i, n) => ({ userId: by.userId, key: items[i]!.key, targetId: ids[n]!, importId: by.importId })))
            .onConflictDoNothing()
            .returning({ targetId: importedItems.targetId })
        ).map((r) => r.targetId),
      );
      for (const [n, i] of fresh.entries()) {
        const id = ids[n]!;
        if (claimed.has(id) || (await takeOver(tx, by, kind, items[i]!.key, id))) out[i] = { id, created: true };
        else {
          undo.push(id);
          lost.push(i);
        }
      }
      if (undo.length > 0) {
        const { table, id } = TARGETS[kind];
        await tx.execute(sql`delete from ${table} where ${inArray(id, undo)}`);
      }
    });
  }
  if (undo.length > 0) await undone?.(undo);
  for (const i of lost) {
    const found = await findItem(db, by.userId, kind, items[i]!.key);
    if (!found) throw new Error(`an imported item vanished: ${kind}`);
    out[i] = { id: found.id, created: false };
  }
  return out as { id: string; created: boolean }[];
}

/**
 * The key is taken: by a thing that still exists (made meanwhile by another import: false), or by
 * one that is gone (the user deleted it: this one takes its place). A statement of its own, so it
 * sees what the other import committed while this one's claim waited for it.
 */
async function takeOver(tx: Executor, by: { userId: string; importId: string }, kind: ItemKind, key: string, id: string): Promise<boolean> {
  const { table, id: targetId } = TARGETS[kind];
  const [stale] = await queryRows<{ target: string }>(
    tx,
    sql`select ${importedItems.targetId} as target from ${importedItems}
        where ${importedItems.userId} = ${by.userId} and ${importedItems.key} = ${key}
          and not exists (select 1 from ${table} where ${targetId} = ${importedItems.targetId})`,
  );
  if (!stale) return false;
  // Only from that gone thing: another import taking it over at once changes target_id first, and this matches nothing.
  const rows = await tx
    .update(importedItems)
    .set({ targetId: id, importId: by.importId, createdAt: new Date() })
    .where(and(eq(importedItems.userId, by.userId), eq(importedItems.key, key), eq(importedItems.targetId, stale.target)))
    .returning({ key: importedItems.key });
  return rows.length > 0;
}

/** The thing an earlier import made of this file, while it exists and is still the user's. */
async function findItem(
  db: Executor,
  userId: string,
  kind: ItemKind,
  key: string,
): Promise<{ id: string; importId: string | null } | null> {
  const { table, id, owner } = TARGETS[kind];
  const [row] = await queryRows<{ id: string; importId: string | null }>(
    db,
    sql`select ${id} as id, ${importedItems.importId} as "importId" from ${importedItems}
        join ${table} on ${id} = ${importedItems.targetId} and ${owner} = ${userId}
        where ${importedItems.userId} = ${userId} and ${importedItems.key} = ${key}`,
  );
  return row ?? null;
}

/** The bots an import made (its characters), for the work that follows it. */
export async function botsOfImport(db: Executor, importId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select target_id as id from ${importedItems} where import_id = ${importId} and key like 'character:%'`,
  );
  return rows.map((r) => r.id);
}

/** Every key a user's imports have claimed (read once when a run begins). */
export async function itemKeys(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db.select({ key: importedItems.key }).from(importedItems).where(eq(importedItems.userId, userId));
  return new Set(rows.map((r) => r.key));
}
