/**
 * Fuji Rush (docs/games.md §3): a 1/319 machine whose jackpots loop through 確変 at 1/39 until a
 * jackpot falls to 時短, 100 spins at normal odds that may still bring the rush back.
 */
import type { PachinkoMachine } from '../engine/pachinko';
import { pachinkoTitle } from '../engine/pachinko-title';

export const ballsPerRound: readonly number[] = [10, 20, 50, 100];
const kakuhenDigits = [1, 3, 5, 7, 9];
const jitanDigits = [2, 4, 6, 8];

export const fujiRushMachine: PachinkoMachine = {
  balls: ballsPerRound,
  lanes: { range: 10_000, start: 367, prize: 1_836 },
  prizePay: 3,
  jackpotPay: 1_024,
  roundJackpotCap: 20,
  modes: {
    normal: { odds: 319, spins: null },
    kakuhen: { odds: 39, spins: null },
    jitan: { odds: 319, spins: 100 },
  },
  transitions: [
    { from: 'normal', on: 'jackpot', to: 'kakuhen', weight: 50, digits: kakuhenDigits },
    { from: 'normal', on: 'jackpot', to: 'jitan', weight: 50, digits: jitanDigits },
    { from: 'kakuhen', on: 'jackpot', to: 'kakuhen', weight: 65, digits: kakuhenDigits },
    { from: 'kakuhen', on: 'jackpot', to: 'jitan', weight: 35, digits: jitanDigits },
    { from: 'jitan', on: 'jackpot', to: 'kakuhen', weight: 65, digits: kakuhenDigits },
    { from: 'jitan', on: 'jackpot', to: 'jitan', weight: 35, digits: jitanDigits },
    { from: 'jitan', on: 'spinsOut', to: 'normal' },
  ],
  reach: { jackpot: [10, 60, 30], miss: [80, 19, 1] },
};

export const fujiRushTitle = pachinkoTitle(
  {
    code: 'fuji-rush',
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
  },
  fujiRushMachine,
);
