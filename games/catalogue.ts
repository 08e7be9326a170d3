/**
 * The studio's own games (docs/games.md): each with its code, kind, stated RTP and the stakes a
 * round may take, in whole coins. Every machine (台) of a game runs the same math, so the RTP is
 * stated once per game; the tests check it against the exact value.
 */
import type { Locale } from '@contract/locales';
import { ballPrice, ballsPerRound, type PachinkoOutcome, playPachinkoRound } from './pachinko-fuji-rush';
import type { RoundSeeds } from './provably-fair';
import { betsPerLine, paylines, playSlotRound, type SlotOutcome } from './titles/sakura-sevens';

export type GameKind = 'slot' | 'pachinko';

export interface StudioGame {
  code: string;
  kind: GameKind;
  name: string;
  /** The name players read, per locale (the hall and the game page show it). */
  names: Readonly<Record<Locale, string>>;
  /** The stated return to player in hundredths of a percent: 9600 is 96.00 %. */
  rtpBasisPoints: number;
  /** What one round may cost, in coins. */
  stakes: readonly number[];
}

export const sakuraSevens: StudioGame = {
  code: 'sakura-sevens',
  kind: 'slot',
  name: 'Sakura Sevens',
  names: {
    'ja-JP': '桜セブンズ',
    'en-US': 'Sakura Sevens',
    'ko-KR': '사쿠라 세븐즈',
    'zh-CN': '樱花七星',
    'zh-TW': '櫻花七星',
    'fil-PH': 'Sakura Sevens',
    'vi-VN': 'Sakura Sevens',
  },
  rtpBasisPoints: 9600,
  stakes: betsPerLine.map((bet) => bet * paylines.length),
};

export const fujiRush: StudioGame = {
  code: 'fuji-rush',
  kind: 'pachinko',
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
  rtpBasisPoints: 9600,
  stakes: ballsPerRound.map((balls) => balls * ballPrice),
};

export const studioGames: readonly StudioGame[] = [sakuraSevens, fujiRush];

export function studioGame(code: string): StudioGame | undefined {
  return studioGames.find((game) => game.code === code);
}

export type RoundOutcome = { kind: 'slot'; outcome: SlotOutcome } | { kind: 'pachinko'; outcome: PachinkoOutcome };

/**
 * One round of a studio game for a stake in coins: the slot's stake is its bet per line times the
 * 20 lines, the pachinko's is its balls times the ball price. A stake not on offer is refused.
 */
export function playRound(game: StudioGame, seeds: RoundSeeds, stake: number): RoundOutcome {
  if (!game.stakes.includes(stake)) throw new RangeError(`${game.code} takes no stake of ${stake}`);
  if (game.kind === 'slot') return { kind: 'slot', outcome: playSlotRound(seeds, stake / paylines.length) };
  return { kind: 'pachinko', outcome: playPachinkoRound(seeds, stake / ballPrice) };
}
