import { scrypt, timingSafeEqual } from 'node:crypto';
import type { Database } from '@server/db/client';
import { legacyAccounts } from '@server/db/schema/account-transfer';
import { verifySecret } from '@server/modules/auth/passwords';
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
 * string (`$argon2id$…`, `$argon2i$…`, `$argon2d$…`) and scrypt in the PHC-style string that
 * passlib writes (`$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<digest>`, adapted base64).
 */
export type LegacyHashScheme = 'argon2' | 'scrypt';

const argon2Pattern = /^\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/.]+\$[A-Za-z0-9+/.]+$/;
const scryptPattern = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/.]+)\$([A-Za-z0-9+/.]+)$/;
/** Above this cost one check would hold a core and the memory for too long: such rows are refused. */
const maxScryptLogN = 20;

export function legacyHashScheme(hash: string): LegacyHashScheme | null {
  if (argon2Pattern.test(hash)) return 'argon2';
  const scryptParts = scryptPattern.exec(hash);
  if (scryptParts && Number(scryptParts[1]) >= 1 && Number(scryptParts[1]) <= maxScryptLogN) return 'scrypt';
  return null;
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

export function verifyLegacyPassword(hash: string, password: string): Promise<boolean> {
  switch (legacyHashScheme(hash)) {
    case 'argon2':
      return verifySecret(hash, password);
    case 'scrypt':
      return verifyScrypt(hash, password);
    case null:
      return Promise.resolve(false);
  }
}
