import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordMaxLength, passwordMinLength } from '../../../contract/auth';

/**
 * Argon2id at the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP recommendation). The
 * hash string carries its parameters, so raising them later keeps old hashes verifiable.
 */
export function hashSecret(secret: string): Promise<string> {
  return hash(secret);
}

const timingDecoyHash = hash('timing decoy for accounts without a password');

export async function verifySecret(storedHash: string | null, secret: string): Promise<boolean> {
  if (storedHash === null) {
    // Same cost as a real check, so the answer time does not tell which accounts exist.
    await verify(await timingDecoyHash, secret).catch(() => false);
    return false;
  }
  return verify(storedHash, secret).catch(() => false);
}

const commonPasswords = new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));

export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooCommon';

/** The server's password policy: 8 to 128 characters, not one of the most common passwords. */
export function passwordProblem(password: string): PasswordProblem | null {
  const characters = [...password].length;
  if (characters < passwordMinLength) return 'tooShort';
  if (characters > passwordMaxLength) return 'tooLong';
  if (commonPasswords.has(password.toLowerCase())) return 'tooCommon';
  return null;
}
