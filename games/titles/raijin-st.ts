/**
 * Raijin ST (docs/games.md §30): a 1/319 machine whose rush is ST, 130 spins at 1/99 renewed by
 * every jackpot inside it; half the jackpots from normal mode give 100 spins of 時短 first.
 */
import type { PachinkoMachine } from '../engine/pachinko';
import { pachinkoTitle } from '../engine/pachinko-title';

const allDigits = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export const raijinStMachine: PachinkoMachine = {
  balls: [10, 20, 50, 100],
  lanes: { range: 10_000, start: 227, prize: 1_838 },
  prizePay: 3,
  jackpotPay: 2_000,
  roundJackpotCap: 20,
  modes: {
    normal: { odds: 319, spins: null },
    st: { odds: 99, spins: 130 },
    jitan: { odds: 319, spins: 100 },
  },
  transitions: [
    { from: 'normal', on: 'jackpot', to: 'st', weight: 50, digits: [1, 3, 5, 7, 9] },
    { from: 'normal', on: 'jackpot', to: 'jitan', weight: 50, digits: [2, 4, 6, 8] },
    { from: 'st', on: 'jackpot', to: 'st', weight: 1, digits: allDigits },
    { from: 'st', on: 'spinsOut', to: 'normal' },
    { from: 'jitan', on: 'jackpot', to: 'st', weight: 1, digits: allDigits },
    { from: 'jitan', on: 'spinsOut', to: 'normal' },
  ],
  reach: { jackpot: [15, 55, 30], miss: [85, 14, 1] },
};

export const raijinStTitle = pachinkoTitle(
  {
    code: 'raijin-st',
    name: 'Raijin ST',
    names: {
      'ja-JP': '雷神ST',
      'en-US': 'Raijin ST',
      'ko-KR': '라이진 ST',
      'zh-CN': '雷神ST',
      'zh-TW': '雷神ST',
      'fil-PH': 'Raijin ST',
      'vi-VN': 'Raijin ST',
    },
    volatility: 'veryHigh',
    rtpBasisPoints: 9599,
  },
  raijinStMachine,
);
