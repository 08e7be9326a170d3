import { gameHall } from '@contract/hall';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Seats change as other players come and go: the hall reads them again while it is open. */
const hallRefreshMs = 15_000;

export const hallQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: ['game-hall', lng],
    queryFn: () => api.call(gameHall, {}),
    refetchInterval: hallRefreshMs,
  });
