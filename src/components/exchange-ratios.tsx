import { type ExchangeRatio, exchangeRatiosQuery } from '@contract/deposit';
import { Text, type TextProps } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';

export const exchangeRatiosQueryOptions = () =>
  queryOptions({
    queryKey: ['content', 'exchangeRatios'],
    queryFn: () => api.call(exchangeRatiosQuery, {}, { silent: true }),
    staleTime: 5 * 60_000,
  });

/** "1 Japanese yen = 1 game coin", the currency named in the reader's language. */
function ratioText(t: (key: string, values: Record<string, unknown>) => string, ratio: ExchangeRatio): string {
  const money = new Intl.NumberFormat(currentLanguage(), {
    style: 'currency',
    currency: ratio.currency,
    currencyDisplay: 'name',
    maximumFractionDigits: 0,
  }).format(1);
  return t('home:exchange.ratioOf', { money, count: ratio.coinsPerUnit });
}

/**
 * The ratio of each currency the site takes deposits in, as the server is configured: the same
 * sentence in every language, so no page can state a currency the forms do not take.
 */
export function ExchangeRatios(props: TextProps) {
  const { t } = useTranslation('home');
  const ratios = useQuery(exchangeRatiosQueryOptions());
  return (
    <Text {...props} data-testid="exchange-ratio">
      {/* A blank line until the ratios arrive, so the page below does not jump when they do. */}
      {(ratios.data ?? []).map((ratio) => ratioText(t, ratio)).join(' / ') || '\u00a0'}
    </Text>
  );
}
