import type { Locale } from '@contract/locales';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExchangeRatioNotice } from '@/features/content/exchange-ratio-notice';
import { renderWithProviders, startI18nIn } from './render';

/** docs/requirements.md §1: the yen reading in English, Japanese and Korean text (Filipino follows English),
 * the RMB reading in Chinese and Vietnamese text. */
const expectedRatio: Record<Locale, RegExp> = {
  'en-US': /^1 yen = 1 game coin$/,
  'ja-JP': /^1円 = 1ゲームコイン$/,
  'ko-KR': /^1엔 = 1게임 코인$/,
  'fil-PH': /^1 yen = 1 game coin$/,
  'zh-CN': /^1人民币 = 20游戏币$/,
  'zh-TW': /^1人民幣 = 20遊戲幣$/,
  'vi-VN': /^1 Nhân dân tệ = 20 xu trò chơi$/,
};

describe('exchange-ratio notice', () => {
  for (const [lng, ratio] of Object.entries(expectedRatio) as [Locale, RegExp][]) {
    it(`reads the ${ratio.source.includes('20') ? 'RMB' : 'yen'} ratio in ${lng}`, async () => {
      await startI18nIn(lng);
      renderWithProviders(<ExchangeRatioNotice />);
      expect(screen.getByTestId('exchange-ratio').textContent).toMatch(ratio);
    });
  }

  it('tells how long a deposit takes to arrive', async () => {
    await startI18nIn('en-US');
    renderWithProviders(<ExchangeRatioNotice />);
    expect(screen.getByText(/within ten minutes/)).toBeInTheDocument();
  });
});
