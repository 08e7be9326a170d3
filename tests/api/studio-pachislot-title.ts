/**
 * A small pachislot of the tests' own, written to the shape the studio plays (lever, stop,
 * settle, autoStops): a replay, a bell and a BIG, the BIG flag carried until aligned, then bonus
 * games. The studio's own titles replace it once their mathematics is in the catalogue.
 */
import type { PachislotPlayable } from '../../studio/pachislot-title';

const frames = 21;
/** Symbol strips: '7' is BIG's symbol, 'B' the bell, 'R' the replay, '-' a blank. */
export const testStrips = ['R-B-7--R-B--7-R-B---B', 'B-R-7-B--R-B-7-R--B-R', 'R-B--7-R-B---7-R-B-B-'].map((strip) =>
  strip.split(''),
);

/** Out of 65,536 per 設定: replay, bell, BIG; the rest is none. */
export const testWeights: Record<number, { replay: number; bell: number; big: number }> = {
  1: { replay: 8978, bell: 7000, big: 200 },
  2: { replay: 8978, bell: 7200, big: 220 },
  3: { replay: 8978, bell: 7400, big: 240 },
  4: { replay: 8978, bell: 7600, big: 260 },
  5: { replay: 8978, bell: 7800, big: 280 },
  6: { replay: 8978, bell: 8000, big: 300 },
};
export const testPays = { R: 3, B: 9, '7': 45 } as const;
export const testBonusGames = 8;

export interface TestState {
  carriedBig: boolean;
  bonusGames: number;
}
type Flag = 'replay' | 'bell' | 'big' | 'none';
export interface TestLottery {
  flag: Flag;
  big: boolean;
  bonus: boolean;
}

const symbolOf: Record<Flag, string | null> = { replay: 'R', bell: 'B', big: '7', none: null };

function target(lottery: TestLottery): string | null {
  if (lottery.bonus) return 'B';
  return symbolOf[lottery.flag] ?? (lottery.big ? '7' : null);
}

/** The first slip 0..4 that shows the granted symbol on the line, else the first that shows no 7. */
export function testStop(lottery: TestLottery, reel: number, pressFrame: number): number {
  const strip = testStrips[reel] ?? [];
  const at = (slip: number) => strip[(pressFrame + slip) % frames];
  const wanted = target(lottery);
  const slips = [0, 1, 2, 3, 4];
  const pulled = wanted === null ? undefined : slips.find((slip) => at(slip) === wanted);
  const slip = pulled ?? slips.find((candidate) => at(candidate) !== '7' || wanted === '7') ?? 0;
  return (pressFrame + slip) % frames;
}

export const testPachislot = (code: string): PachislotPlayable => ({
  code,
  kind: 'pachislot',
  mechanic: 'pachislot',
  name: 'Test Pachislot',
  names: {
    'ja-JP': 'テストスロット',
    'en-US': 'Test Pachislot',
    'ko-KR': 'Test Pachislot',
    'zh-CN': 'Test Pachislot',
    'zh-TW': 'Test Pachislot',
    'fil-PH': 'Test Pachislot',
    'vi-VN': 'Test Pachislot',
  },
  volatility: 'medium',
  rtpBasisPoints: 9700,
  rtpBasisPointsBySetting: [9700, 9850, 10000, 10300, 10650, 11000],
  stakes: [3],
  maxWinMultiplier: 15,
  initialState: { carriedBig: false, bonusGames: 0 } satisfies TestState,
  lever(state, setting, stream) {
    const { carriedBig, bonusGames } = state as TestState;
    const weights = testWeights[setting] ?? testWeights[1];
    const draw = stream.uniformInt(65_536);
    if (!weights) throw new RangeError('no weights');
    if (bonusGames > 0) return { flag: 'bell', big: false, bonus: true } satisfies TestLottery;
    const flag: Flag =
      draw < weights.replay
        ? 'replay'
        : draw < weights.replay + weights.bell
          ? 'bell'
          : draw < weights.replay + weights.bell + weights.big
            ? 'big'
            : 'none';
    return { flag, big: carriedBig || flag === 'big', bonus: false } satisfies TestLottery;
  },
  stop: (lottery, reel, pressFrame) => testStop(lottery as TestLottery, reel, pressFrame),
  settle(state, lottery, stops) {
    const { bonusGames } = state as TestState;
    const drawn = lottery as TestLottery;
    const line = stops.map((stop, reel) => testStrips[reel]?.[stop] ?? '-');
    const aligned = line.every((symbol) => symbol === line[0]) ? (line[0] ?? '-') : '-';
    const pay = aligned in testPays ? testPays[aligned as keyof typeof testPays] : 0;
    const bigAligned = aligned === '7';
    const next: TestState = {
      carriedBig: drawn.big && !bigAligned,
      bonusGames: bigAligned ? testBonusGames : Math.max(0, bonusGames - 1),
    };
    return { pay, state: next, outcome: { line, aligned, bonusGames: next.bonusGames, totalBet: 3, totalWin: pay } };
  },
  autoStops: () => 0,
});
