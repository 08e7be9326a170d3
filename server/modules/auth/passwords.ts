import { availableParallelism } from 'node:os';
import { passwordMaxLength, passwordMinLength } from '@contract/auth';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import pLimit from 'p-limit';

/**
 * At most one argon2id computation per core, plus one; the others wait their turn here. Each one is
 * 19 MiB of memory-bound work: running many more at once than there are cores makes none finish
 * sooner, only adds context switches and cache misses, takes the cores from the event loop that
 * serves every other call, and can hold every pool thread that file and DNS work also need. The
 * extra one runs on a pool thread of its own and shares the cores with the others, so a core never
 * idles after a computation finishes while the busy event loop has yet to hand over the next one
 * (5-8 % of the two cores idle under sign-in load without it, see bench/README.md).
 */
export const argon2InFlightLimit = availableParallelism() + 1;
const hashing = pLimit(argon2InFlightLimit);

/**
 * Argon2id at the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP recommendation). The
 * hash string carries its parameters, so raising them later keeps old hashes verifiable.
 */
export function hashSecret(secret: string): Promise<string> {
  return hashing(() => hash(secret));
}

const timingDecoyHash = hash('timing decoy for accounts without a password');

export async function verifySecret(storedHash: string | null, secret: string): Promise<boolean> {
  if (storedHash === null) {
    // Same cost and the same wait as a real check, so the answer time does not tell which accounts exist.
    const decoy = await timingDecoyHash;
    await hashing(() => verify(decoy, secret)).catch(() => false);
    return false;
  }
  return hashing(() => verify(storedHash, secret)).catch(() => false);
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
