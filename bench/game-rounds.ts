/**
 * The games figure: a million rounds of each studio title through its own `play`, on a
 * fresh server seed and nonces 0, 1, 2, …, as the studio server will play them, and each pachislot's
 * games at every 設定. It reports the observed RTP and hit frequency with 95 % confidence intervals
 * beside the exact values.
 */
import { randomBytes } from 'node:crypto';
import { coinsPerGame, initialState, lever, type PachislotTitle, type Setting, settle } from '@games/engine/pachislot';
import { framesPerReel, stopsFor } from '@games/engine/pachislot-reels';
import type { Title } from '@games/engine/title';
import { DrawStream, serverSeedFromBytes } from '@games/provably-fair';

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

/** Games per batch: a pachislot's games are not independent (a bonus runs over many), its batches nearly are. */
const pachislotBatches = 100;

/**
 * Games of a pachislot machine at a 設定, as the studio plays them: one machine's state carried from
 * game to game, each game's lever drawn from its own nonce's stream, and the three presses at
 * uniform frames from the same stream (no 目押し), the press model whose exact figures it is held to.
 * The interval is by batch means, since a game's return depends on the games before it.
 */
export function simulatePachislot(title: PachislotTitle, setting: Setting, games: number): GameSimulation {
  const serverSeed = serverSeedFromBytes(randomBytes(32));
  const clientSeed = 'bench';
  const started = performance.now();
  const perBatch = Math.floor(games / pachislotBatches);
  const batchRtps: number[] = [];
  const batchHits: number[] = [];
  let state = initialState();
  let nonce = 0;
  for (let batch = 0; batch < pachislotBatches; batch += 1) {
    let won = 0;
    let hits = 0;
    for (let game = 0; game < perBatch; game += 1) {
      const stream = new DrawStream({ serverSeed, clientSeed, nonce });
      nonce += 1;
      const result = lever(title.machine, state, setting, stream);
      const presses = [0, 1, 2].map(() => stream.uniformInt(framesPerReel));
      const step = settle(title.machine, result, stopsFor(title.machine.strips, result.granted, presses));
      state = step.state;
      won += step.outcome.totalWin;
      if (step.outcome.totalWin > 0) hits += 1;
    }
    batchRtps.push(won / coinsPerGame / perBatch);
    batchHits.push(hits / perBatch);
  }
  return {
    rounds: perBatch * pachislotBatches,
    stake: coinsPerGame,
    serverSeed,
    clientSeed,
    rtp: batchInterval(batchRtps),
    hit: batchInterval(batchHits),
    seconds: (performance.now() - started) / 1000,
  };
}

function batchInterval(values: readonly number[]): Interval {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / (values.length - 1);
  const half = z95 * Math.sqrt(variance / values.length);
  return { value: mean, low: mean - half, high: mean + half };
}
