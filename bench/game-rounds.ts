/**
 * The games figure: a million rounds of each studio title through its own `play`, on a
 * fresh server seed and nonces 0, 1, 2, …, as the studio server will play them. It reports the
 * observed RTP and hit frequency with 95 % confidence intervals beside the exact values.
 */
import { randomBytes } from 'node:crypto';
import type { Title } from '@games/engine/title';
import { serverSeedFromBytes } from '@games/provably-fair';

export interface Interval {
  value: number;
  low: number;
  high: number;
}

export interface GameSimulation {
  rounds: number;
  stake: number;
  serverSeed: string;
  clientSeed: string;
  /** Total won ÷ total staked. */
  rtp: Interval;
  /** Share of rounds that won anything. */
  hit: Interval;
  seconds: number;
}

const z95 = 1.959964;

export function simulateGame(title: Title, stake: number, rounds: number): GameSimulation {
  const serverSeed = serverSeedFromBytes(randomBytes(32));
  const clientSeed = 'bench';
  const started = performance.now();
  let won = 0;
  let sumOfSquares = 0;
  let hits = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    const outcome = title.play({ serverSeed, clientSeed, nonce }, stake);
    won += outcome.totalWin;
    sumOfSquares += (outcome.totalWin / stake) ** 2;
    if (outcome.totalWin > 0) hits += 1;
  }
  const mean = won / stake / rounds;
  // Each round's return (win ÷ stake) is one independent sample; the interval is mean ± z · s / √n.
  const variance = (sumOfSquares - rounds * mean * mean) / (rounds - 1);
  const rtpHalf = z95 * Math.sqrt(variance / rounds);
  const hitRate = hits / rounds;
  const hitHalf = z95 * Math.sqrt((hitRate * (1 - hitRate)) / rounds);
  return {
    rounds,
    stake,
    serverSeed,
    clientSeed,
    rtp: { value: mean, low: mean - rtpHalf, high: mean + rtpHalf },
    hit: { value: hitRate, low: hitRate - hitHalf, high: hitRate + hitHalf },
    seconds: (performance.now() - started) / 1000,
  };
}
