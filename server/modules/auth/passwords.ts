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

/** A hashing share refused a computation: its slots and its queue were full, or the wait ran out. */
export class HashingBusy extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('every hashing slot of this share is taken');
  }
}

export interface HashingShareRule {
  /** Computations at once. */
  slots: number;
  /** Computations waiting for a slot; the next one is refused at once. */
  queueLimit: number;
  /** The longest a computation waits for a slot before it is refused. */
  maxWaitMs: number;
}

/**
 * Slots of their own for one kind of hash computation, taken in turn, with a bounded queue and a
 * bounded wait: past either, the computation is refused (HashingBusy) without having run.
 */
export function createHashingShare(rule: HashingShareRule) {
  let running = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];
  const retryAfterSeconds = Math.ceil(rule.maxWaitMs / 1000);
  const handOver = () => {
    running -= 1;
    const next = waiting.shift();
    if (!next) return;
    clearTimeout(next.timer);
    running += 1;
    next.start();
  };
  return <T>(computation: () => Promise<T>): Promise<T> => {
    const started = () => Promise.resolve().then(computation).finally(handOver);
    if (running < rule.slots) {
      running += 1;
      return started();
    }
    if (waiting.length >= rule.queueLimit) return Promise.reject(new HashingBusy(retryAfterSeconds));
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        start: () => void started().then(resolve, reject),
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new HashingBusy(retryAfterSeconds));
        }, rule.maxWaitMs),
      };
      waiting.push(waiter);
    });
  };
}

/**
 * An old platform's password checks (bcrypt, scrypt, argon2 of its own parameters) never take the
 * turns above, which sign-ins and pay passwords wait for: they run one at a time, in a share of
 * their own, with a few more waiting at most 10 s; the rest are refused. So a flood of them costs
 * the portal's own checks one pool thread's share of the cores at most, never a place in their
 * queue, and at most one such check's memory (up to 1 GiB) is held at a time.
 */
export const legacyHashingRule: HashingShareRule = { slots: 1, queueLimit: 8, maxWaitMs: 10_000 };
export const inLegacyHashingShare = createHashingShare(legacyHashingRule);

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
