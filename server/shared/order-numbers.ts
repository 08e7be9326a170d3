import { createHash, randomInt } from 'node:crypto';

const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** An order number: a letter for its kind, the UTC day, and ten random characters (50 bits). */
export function newOrderSn(kind: 'D' | 'W', now: Date): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const random = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${kind}${day}${random}`;
}

/** What a request asked for, to tell a retry (same hash) from a reused key (another hash). */
export function requestHash(values: readonly (string | number)[]): string {
  return createHash('sha256').update(JSON.stringify(values)).digest('hex');
}
