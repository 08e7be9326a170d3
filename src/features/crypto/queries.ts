import { cryptoAssetQuery, cryptoDepositList, depositAddressQuery } from '@contract/crypto';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/* Under `finance`, so what refreshes the balance after money moved refreshes these too. */

/** How often the deposit page asks for its deposits' confirmations (docs/requirements.md §5.14). */
const confirmationsPollMs = 5_000;

/** The pairs the hall accepts, with limits, fees and rates. */
export const cryptoAssetsQueryOptions = () =>
  queryOptions({
    queryKey: ['finance', 'crypto', 'assets'],
    queryFn: () => api.call(cryptoAssetQuery, {}),
    staleTime: 0,
  });

/** The player's own deposit address for one pair, created on first request. */
export const depositAddressQueryOptions = (coin: string, network: string) =>
  queryOptions({
    queryKey: ['finance', 'crypto', 'address', coin, network],
    queryFn: () => api.call(depositAddressQuery, { coin, network }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The player's latest crypto deposits with their confirmations so far, polled while the page is open. */
export const cryptoDepositsQueryOptions = () =>
  queryOptions({
    queryKey: ['finance', 'crypto', 'deposits'],
    // Quiet: a failed poll is simply tried again on the next one, not a toast every 5 s.
    queryFn: () => api.call(cryptoDepositList, { pageNum: 1, pageSize: 10 }, { silent: true }),
    refetchInterval: confirmationsPollMs,
    staleTime: 0,
  });
