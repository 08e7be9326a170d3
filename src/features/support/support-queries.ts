import type { Locale } from '@contract/locales';
import { supportInfoQuery } from '@contract/support';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The app links and support channels the operator set; the hours come in the reader's language. */
export const supportInfoQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: ['support-info', lng],
    queryFn: () => api.call(supportInfoQuery, {}),
    staleTime: 60_000,
  });
