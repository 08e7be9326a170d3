/**
 * Hanabi Light (docs/games.md §31): a light (甘デジ) machine at 1/99 with small jackpots; 確変 at
 * 1/20 loops until a jackpot falls to 30 spins of 時短.
 */
import type { PachinkoMachine } from '../engine/pachinko';
import { pachinkoTitle } from '../engine/pachinko-title';

const kakuhenDigits = [1, 3, 5, 7, 9];
const jitanDigits = [2, 4, 6, 8];

export const hanabiLightMachine: PachinkoMachine = {
  balls: [10, 20, 50, 100],
  lanes: { range: 10_000, start: 587, prize: 1_838 },
  prizePay: 3,
  jackpotPay: 200,
  roundJackpotCap: 25,
  modes: {
    normal: { odds: 99, spins: null },
    kakuhen: { odds: 20, spins: null },
    jitan: { odds: 99, spins: 30 },
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
  reach: { jackpot: [20, 55, 25], miss: [75, 23, 2] },
};

export const hanabiLightTitle = pachinkoTitle(
  {
    code: 'hanabi-light',
    name: 'Hanabi Light',
    names: {
      'ja-JP': '花火ライト',
      'en-US': 'Hanabi Light',
      'ko-KR': '하나비 라이트',
      'zh-CN': '烟花轻甜',
      'zh-TW': '煙花輕甜',
      'fil-PH': 'Hanabi Light',
      'vi-VN': 'Hanabi Light',
    },
    volatility: 'medium',
    rtpBasisPoints: 9598,
  },
  hanabiLightMachine,
);
