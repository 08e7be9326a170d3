/**
 * Recomputing a round in the browser (docs/games.md §1): the title's own `play`, the code the studio
 * plays with, from the revealed server seed, the client seed, the nonce and the stake. The stored
 * round is proven when its outcome is, deeply, what the seeds give, its win what they pay, and the
 * seed the one committed to.
 */
import type { StudioRound } from '@contract/studio';
import { roundTitle } from '@games/catalogue';
import type { RoundResult, Title } from '@games/engine/title';
import { isClientSeed, isServerSeed, serverSeedCommitment } from '@games/provably-fair';

export interface VerifyValues {
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  gameCode: string;
  stake: string;
}

export type VerifyField = keyof VerifyValues;

export type Recomputation =
  | { ok: false; invalid: VerifyField[] }
  | { ok: true; title: Title; commitment: string; outcome: RoundResult; win: number };

export function recomputeRound(values: VerifyValues): Recomputation {
  const title = roundTitle(values.gameCode);
  const nonce = Number(values.nonce);
  const stake = Number(values.stake);
  const invalid: VerifyField[] = [];
  if (!isServerSeed(values.serverSeed)) invalid.push('serverSeed');
  if (!isClientSeed(values.clientSeed)) invalid.push('clientSeed');
  if (values.nonce.trim() === '' || !Number.isSafeInteger(nonce) || nonce < 0) invalid.push('nonce');
  if (!title) invalid.push('gameCode');
  else if (!title.stakes.includes(stake)) invalid.push('stake');
  if (!title || invalid.length > 0) return { ok: false, invalid };
  const outcome = title.play({ serverSeed: values.serverSeed, clientSeed: values.clientSeed, nonce }, stake);
  return { ok: true, title, commitment: serverSeedCommitment(values.serverSeed), outcome, win: outcome.totalWin };
}

/** Two JSON values alike: the same numbers, strings and nulls, in arrays of the same order and objects of the same keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  const aKeys = Object.keys(a);
  const bRecord = b as Record<string, unknown>;
  return (
    aKeys.length === Object.keys(b).length &&
    aKeys.every((key) => key in bRecord && sameJson((a as Record<string, unknown>)[key], bRecord[key]))
  );
}

/**
 * Whether the stored round is the outcome the seeds give, as the studio sent it (JSON), and won what
 * it pays; a rolled-back round won nothing.
 */
export function matchesStored(outcome: RoundResult, round: StudioRound): boolean {
  const winMatches = round.status === 'rolledBack' ? round.win === 0 : round.win === outcome.totalWin;
  return winMatches && sameJson(JSON.parse(JSON.stringify(outcome)), round.outcome);
}
