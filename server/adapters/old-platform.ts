import { scrypt, timingSafeEqual } from 'node:crypto';
import { verify as verifyArgon2 } from '@node-rs/argon2';
import { parseOptions, verify as verifyBcrypt } from '@node-rs/bcrypt';
import type { Database } from '@server/db/client';
import { legacyAccounts } from '@server/db/schema/account-transfer';
import { createHashingShare, type HashingShareRule } from '@server/shared/hashing-share';
import { eq, sql } from 'drizzle-orm';

/** An account of the old platform as the move needs it (docs/requirements.md §17). */
export interface OldAccount {
  /** As the old platform spells it. */
  account: string;
  email: string;
  /** Digits only. */
  cardNumbers: readonly string[];
  /** Yen. */
  balance: bigint;
}

/**
 * The old platform the balances move from. The account moving service
 * takes one as an argument; the embedded default reads the accounts the operator imported.
 */
export interface OldPlatform {
  /** Null when the old platform has no account of that name (matched without regard to case). */
  findAccount(account: string): Promise<OldAccount | null>;
  /** Throws HashingBusy (shared/hashing-share.ts) when the checks cannot be run now: the move answers 429. */
  verifyPassword(account: string, password: string): Promise<boolean>;
}

export function createEmbeddedOldPlatform(db: Database): OldPlatform {
  const byName = async (account: string) => {
    const [row] = await db
      .select()
      .from(legacyAccounts)
      .where(eq(sql`lower(${legacyAccounts.account})`, account.toLowerCase()));
    return row ?? null;
  };
  return {
    async findAccount(account) {
      const row = await byName(account);
      return row
        ? { account: row.account, email: row.email, cardNumbers: row.cardNumbers, balance: row.balance }
        : null;
    },
    async verifyPassword(account, password) {
      const row = await byName(account);
      return row ? verifyLegacyPassword(row.passwordHash, password) : false;
    },
  };
}

/**
 * The password hash formats an import accepts (docs/requirements.md §17.3): argon2 in its PHC
 * string (`$argon2id$…`, `$argon2i$…`, `$argon2d$…`), scrypt in the PHC-style string that
 * passlib writes (`$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<digest>`, adapted base64) and bcrypt
 * in its modular crypt string (`$2a$`, `$2b$` or `$2y$`, two-digit cost, 22 salt and 31 digest
 * characters).
 */
export type LegacyHashScheme = 'argon2' | 'scrypt' | 'bcrypt';

/** Why an import refuses a hash: a format not accepted, or parameters that make one check too costly. */
export type LegacyHashProblem = 'unsupportedHash' | 'hashTooCostly';

const argon2Pattern = /^\$argon2(?:id|i|d)\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$[A-Za-z0-9+/.]+\$[A-Za-z0-9+/.]+$/;
const scryptPattern = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/.]+)\$([A-Za-z0-9+/.]+)$/;
/**
 * `$2y$` (PHP) and `$2b$` (OpenBSD) name the same algorithm, and `$2a$` is verified as it too.
 * @node-rs/bcrypt verifies all three prefixes as written (a `$2y$` hash PHP made included), so hashes
 * are kept as exported, not rewritten to `$2b$`. `$2x$` (PHP's label for hashes made with its old
 * sign-extension bug) is refused: the library does not compute that variant, so it could never match.
 */
const bcryptPattern = /^\$2[aby]\$(\d{2})\$[./A-Za-z0-9]{53}$/;

/**
 * The most one check may cost; a hash above it is refused at import and never computed. The
 * largest accepted check takes a core for about a second (scrypt's for a few) and up to 1 GiB of
 * memory (scrypt; argon2 256 MiB), in the old platform's own share of hashing (auth/passwords.ts).
 */
const legacyHashCaps = {
  /** KiB of memory; passes; lanes (run one after another by the library); memory × passes. */
  argon2: { memoryKiB: 256 * 1024, passes: 16, lanes: 16, memoryPassesKiB: 1024 * 1024 },
  /** log2 N, and the memory (128 · N · r bytes) and work (N · r · p) of ln=20, r=8, p=1. */
  scrypt: { logN: 20, memoryBytes: 2 ** 30, work: 2 ** 23 },
  /** Cost 14 is four times the common 12. */
  bcrypt: { cost: 14 },
};
const minBcryptCost = 4;

/** The library refuses non-canonical salt and digest endings at verification; refused at import too. */
function bcryptReadable(hash: string): boolean {
  try {
    parseOptions(hash);
    return true;
  } catch {
    return false;
  }
}

function argon2Problem(memoryKiB: number, passes: number, lanes: number): LegacyHashProblem | null {
  // Argon2 needs at least one pass and lane, and 8 KiB of memory per lane: such a hash never matches.
  if (passes < 1 || lanes < 1 || memoryKiB < 8 * lanes) return 'unsupportedHash';
  const caps = legacyHashCaps.argon2;
  const costly =
    memoryKiB > caps.memoryKiB ||
    passes > caps.passes ||
    lanes > caps.lanes ||
    memoryKiB * passes > caps.memoryPassesKiB;
  return costly ? 'hashTooCostly' : null;
}

function scryptProblem(logN: number, blockSize: number, parallelism: number): LegacyHashProblem | null {
  if (logN < 1 || blockSize < 1 || parallelism < 1) return 'unsupportedHash';
  const caps = legacyHashCaps.scrypt;
  const cost = 2 ** logN;
  const costly =
    logN > caps.logN || 128 * cost * blockSize > caps.memoryBytes || cost * blockSize * parallelism > caps.work;
  return costly ? 'hashTooCostly' : null;
}

function bcryptProblem(hash: string, cost: number): LegacyHashProblem | null {
  if (cost < minBcryptCost || !bcryptReadable(hash)) return 'unsupportedHash';
  return cost > legacyHashCaps.bcrypt.cost ? 'hashTooCostly' : null;
}

/** The scheme of an accepted hash, or why it is refused. */
export function readLegacyHash(hash: string): { scheme: LegacyHashScheme } | { problem: LegacyHashProblem } {
  const outcome = (scheme: LegacyHashScheme, problem: LegacyHashProblem | null) => (problem ? { problem } : { scheme });
  const argon2 = argon2Pattern.exec(hash);
  if (argon2) return outcome('argon2', argon2Problem(Number(argon2[1]), Number(argon2[2]), Number(argon2[3])));
  const scrypt = scryptPattern.exec(hash);
  if (scrypt) return outcome('scrypt', scryptProblem(Number(scrypt[1]), Number(scrypt[2]), Number(scrypt[3])));
  const bcrypt = bcryptPattern.exec(hash);
  if (bcrypt) return outcome('bcrypt', bcryptProblem(hash, Number(bcrypt[1])));
  return { problem: 'unsupportedHash' };
}

function adaptedBase64(text: string): Buffer {
  return Buffer.from(text.replaceAll('.', '+'), 'base64');
}

function verifyScrypt(hash: string, password: string): Promise<boolean> {
  const parts = scryptPattern.exec(hash);
  if (!parts) return Promise.resolve(false);
  const [, logN, r, p, salt, digest] = parts as unknown as [string, string, string, string, string, string];
  const expected = adaptedBase64(digest);
  const cost = 2 ** Number(logN);
  const blockSize = Number(r);
  return new Promise((resolve) => {
    scrypt(
      password,
      adaptedBase64(salt),
      expected.length,
      { N: cost, r: blockSize, p: Number(p), maxmem: 256 * cost * blockSize },
      (error, derived) => resolve(!error && derived.length === expected.length && timingSafeEqual(derived, expected)),
    );
  });
}

/**
 * An old platform's password checks (bcrypt, scrypt, argon2 of its own parameters) never take the
 * turns of the portal's own hashing (auth/passwords.ts), which sign-ins and pay passwords wait for:
 * they run one at a time, in a share of their own, with a few more waiting at most 10 s; the rest
 * are refused. So a flood of them costs the portal's own checks one pool thread's share of the
 * cores at most, never a place in their queue, and at most one such check's memory (up to 1 GiB)
 * is held at a time.
 */
export const legacyHashingRule: HashingShareRule = { slots: 1, queueLimit: 8, maxWaitMs: 10_000 };
export const inLegacyHashingShare = createHashingShare(legacyHashingRule);

/**
 * Checks a password against a stored hash of the old platform, in the old platform's own share of
 * hashing (above): throws HashingBusy when that share refuses it. A hash above the caps (one
 * imported before they were set) is never computed and matches nothing.
 */
export function verifyLegacyPassword(hash: string, password: string): Promise<boolean> {
  const read = readLegacyHash(hash);
  if ('problem' in read) return Promise.resolve(false);
  switch (read.scheme) {
    case 'argon2':
      return inLegacyHashingShare(() => verifyArgon2(hash, password).catch(() => false));
    case 'scrypt':
      return inLegacyHashingShare(() => verifyScrypt(hash, password));
    case 'bcrypt':
      // Like the old platform's own check, bcrypt reads only the first 72 bytes of the password.
      return inLegacyHashingShare(() => verifyBcrypt(password, hash).catch(() => false));
  }
}
