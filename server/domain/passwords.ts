import argon2 from 'argon2';

export const MIN_PASSWORD_LENGTH = 12;

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

// Verifying against a real hash for unknown accounts keeps the response time the same,
// so timing does not reveal which e-mail addresses exist.
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (!hash) {
    decoyHash ??= hashPassword('decoy-password-never-matches');
    await argon2.verify(await decoyHash, password);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
