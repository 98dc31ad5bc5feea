import argon2 from 'argon2';

export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
}

/** Hashes a password with argon2id. */
export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: cost.memoryCost, timeCost: cost.timeCost });
}

/** True when the password matches the hash; false for any malformed hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
