import { createFileRoute } from '@tanstack/react-router';
import { exchangeRatiosQueryOptions } from '@/components/exchange-ratios';
import { HomePage } from '@/features/content/home-page';
import { homeSectionQueries } from '@/features/content/queries';
import { currentLanguage } from '@/lib/i18n';

export const Route = createFileRoute('/_home/')({
  // Started here, not awaited: the sections' data loads while the page's code does.
  loader: ({ context }) => {
    const { queryClient } = context;
    const queries = homeSectionQueries(currentLanguage());
    void queryClient.prefetchQuery(queries.popular);
    void queryClient.prefetchQuery(queries.latest);
    void queryClient.prefetchQuery(queries.notices);
    void queryClient.prefetchQuery(exchangeRatiosQueryOptions());
  },
  component: HomePage,
});
