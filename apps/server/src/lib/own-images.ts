import { isOwnImagePath } from '@app/shared/bots/validation';

export { isOwnImagePath };

/** The field that carries a picture in every answer (bots, users, personas, a group chat's speaker). */
export const AVATAR_KEY = 'avatarUrl';

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * `value` with every `avatarUrl` that is not one of our own paths made null, as for a bot without
 * an avatar; the same reference when there is none (nothing is copied then), else copies of the
 * objects on the way to each one. The one pass that every JSON answer and streamed event goes
 * through (plugins/own-images.ts, chats/sse.ts), so that no answer hands out an outside picture.
 */
export function withoutOutsideAvatars<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const clean = withoutOutsideAvatars(item);
      if (clean !== item) (out ??= value.slice())[i] = clean;
    }
    return (out ?? value) as T;
  }
  if (!isPlainObject(value)) return value;
  let out: Record<string, unknown> | null = null;
  for (const key in value) {
    const item = value[key];
    const clean = key === AVATAR_KEY && typeof item === 'string' ? (isOwnImagePath(item) ? item : null) : withoutOutsideAvatars(item);
    if (clean !== item) (out ??= { ...value })[key] = clean;
  }
  return (out ?? value) as T;
}
