/**
 * Fuji Rush as a title of the engine: the pachinko field of games/pachinko-fuji-rush.ts, a round of
 * balls launched one after another. The stake is the balls times the ball price.
 */
import * as v from 'valibot';
import type { Title } from '../engine/title';
import {
  ballPrice,
  ballsPerRound,
  jackpotPay,
  maxJackpotsPerBall,
  type PachinkoOutcome,
  playPachinkoRound,
} from '../pachinko-fuji-rush';
import type { RoundSeeds } from '../provably-fair';

const coins = v.pipe(v.number(), v.safeInteger(), v.minValue(0));

const ball = v.object({
  lane: v.number(),
  pocket: v.picklist(['start', 'prize', 'out']),
  lottery: v.optional(v.number()),
  rushDraws: v.optional(v.array(v.number())),
  jackpots: v.number(),
  win: coins,
});

const outcome: v.GenericSchema<PachinkoOutcome> = v.object({
  balls: v.array(ball),
  totalBet: coins,
  jackpots: v.number(),
  totalWin: coins,
});

export const fujiRush: Title<PachinkoOutcome> = {
  code: 'fuji-rush',
  kind: 'pachinko',
  mechanic: 'pachinko',
  name: 'Fuji Rush',
  names: {
    'ja-JP': '富士ラッシュ',
    'en-US': 'Fuji Rush',
    'ko-KR': '후지 러시',
    'zh-CN': '富士冲刺',
    'zh-TW': '富士衝刺',
    'fil-PH': 'Fuji Rush',
    'vi-VN': 'Fuji Rush',
  },
  volatility: 'high',
  rtpBasisPoints: 9600,
  stakes: ballsPerRound.map((balls) => balls * ballPrice),
  // Every ball a full rush: the most a round can bring per coin of stake.
  maxWinMultiplier: (maxJackpotsPerBall * jackpotPay) / ballPrice,
  play(seeds: RoundSeeds, stake: number): PachinkoOutcome {
    if (!this.stakes.includes(stake)) throw new RangeError(`fuji-rush takes no stake of ${stake}`);
    return playPachinkoRound(seeds, stake / ballPrice);
  },
  outcome,
};
