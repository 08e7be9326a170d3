import type { ExchangeRatio } from '@contract/deposit';
import type { Locale } from '@contract/locales';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { exchangeRatiosQueryOptions } from '@/components/exchange-ratios';
import { ExchangeRatioNotice } from '@/features/content/exchange-ratio-notice';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

/**
 * docs/requirements.md §1.3: the ratio of each currency the site takes deposits in, as the server
 * states it, in every language (by default yen only, so no page speaks of another currency).
 */
const yenOnly: ExchangeRatio[] = [{ currency: 'JPY', coinsPerUnit: 1 }];
const expectedRatio: Record<Locale, string> = {
  'en-US': '1 Japanese yen = 1 game coin',
  'ja-JP': '1円 = 1ゲームコイン',
  'ko-KR': '1 일본 엔화 = 1게임 코인',
  'fil-PH': '1 Japanese yen = 1 game coin',
  'zh-CN': '1日元 = 1游戏币',
  'zh-TW': '1 日圓 = 1遊戲幣',
  'vi-VN': '1 yên Nhật = 1 xu trò chơi',
};

function renderNotice(ratios: ExchangeRatio[]) {
  renderPlayerView(<ExchangeRatioNotice />, {
    seed: (queryClient) => queryClient.setQueryData(exchangeRatiosQueryOptions().queryKey, ratios),
  });
}

describe('exchange-ratio notice', () => {
  for (const [lng, ratio] of Object.entries(expectedRatio) as [Locale, string][]) {
    it(`states the yen ratio in ${lng}`, async () => {
      await startI18nIn(lng);
      renderNotice(yenOnly);
      expect(await screen.findByTestId('exchange-ratio')).toHaveTextContent(ratio);
    });
  }

  it('states each configured currency with its own ratio', async () => {
    await startI18nIn('en-US');
    renderNotice([
      { currency: 'JPY', coinsPerUnit: 2 },
      { currency: 'CNY', coinsPerUnit: 20 },
    ]);
    expect(await screen.findByTestId('exchange-ratio')).toHaveTextContent(
      '1 Japanese yen = 2 game coins / 1 Chinese yuan = 20 game coins',
    );
  });

  it('tells how long a deposit takes to arrive', async () => {
    await startI18nIn('en-US');
    renderNotice(yenOnly);
    expect(await screen.findByText(/within ten minutes/)).toBeInTheDocument();
  });
});
