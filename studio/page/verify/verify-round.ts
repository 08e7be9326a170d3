/**
 * Recomputing a round in the browser (docs/games.md §1): the same games/ code the studio plays with,
 * from the revealed server seed, the client seed, the nonce, the game and the stake. The stored round
 * is proven when its draw and win are what the seeds give, and the seed is the one committed to.
 */
import type { StudioRound } from '@contract/studio';
import {
  type GameKind,
  playRound,
  type RoundOutcome,
  type StudioGame,
  studioGame,
  studioGames,
} from '@games/catalogue';
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
  | { ok: true; game: StudioGame; commitment: string; outcome: RoundOutcome; win: number };

/** The studio's game of a proof: by the catalogue's code, or by the kind of what was drawn when the wallet names it otherwise. */
export function gameFor(code: string, kind: GameKind): StudioGame | undefined {
  return studioGame(code) ?? studioGames.find((game) => game.kind === kind);
}

export function recomputeRound(values: VerifyValues): Recomputation {
  const game = studioGame(values.gameCode);
  const nonce = Number(values.nonce);
  const stake = Number(values.stake);
  const invalid: VerifyField[] = [];
  if (!isServerSeed(values.serverSeed)) invalid.push('serverSeed');
  if (!isClientSeed(values.clientSeed)) invalid.push('clientSeed');
  if (values.nonce.trim() === '' || !Number.isSafeInteger(nonce) || nonce < 0) invalid.push('nonce');
  if (!game) invalid.push('gameCode');
  else if (!game.stakes.includes(stake)) invalid.push('stake');
  if (!game || invalid.length > 0) return { ok: false, invalid };
  const outcome = playRound(game, { serverSeed: values.serverSeed, clientSeed: values.clientSeed, nonce }, stake);
  return {
    ok: true,
    game,
    commitment: serverSeedCommitment(values.serverSeed),
    outcome,
    win: outcome.outcome.totalWin,
  };
}

/** Whether the stored round drew what the seeds draw, and (unless it was rolled back, winning nothing) won what they pay. */
export function matchesStored(outcome: RoundOutcome, round: StudioRound): boolean {
  const winMatches = round.status === 'rolledBack' ? round.win === 0 : round.win === outcome.outcome.totalWin;
  if (outcome.kind === 'slot') {
    return (
      winMatches &&
      round.drawn.kind === 'slot' &&
      round.drawn.stops.length === outcome.outcome.stops.length &&
      round.drawn.stops.every((stop, reel) => stop === outcome.outcome.stops[reel])
    );
  }
  if (round.drawn.kind !== 'pachinko' || round.drawn.balls.length !== outcome.outcome.balls.length) return false;
  const drawnBalls = round.drawn.balls;
  return (
    winMatches &&
    outcome.outcome.balls.every((ball, index) => {
      const stored = drawnBalls[index];
      return (
        stored !== undefined &&
        stored.lane === ball.lane &&
        stored.pocket === ball.pocket &&
        stored.lottery === ball.lottery &&
        stored.jackpots === ball.jackpots &&
        stored.win === ball.win &&
        (stored.rushDraws ?? []).join() === (ball.rushDraws ?? []).join()
      );
    })
  );
}
