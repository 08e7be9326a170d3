import { cryptoAssetQuery, cryptoDepositList, depositAddressQuery } from '@contract/crypto';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/* Under `finance`, so what refreshes the balance after money moved refreshes these too. */

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

/** Every crypto deposits query: the push channel fetches them again when a deposit moves on. */
export const cryptoDepositsQueryKey = ['finance', 'crypto', 'deposits'] as const;

/**
 * The player's latest crypto deposits with their confirmations so far. Not polled: the push
 * channel says when one is seen or moves on (docs/requirements.md §5.14).
 */
export const cryptoDepositsQueryOptions = () =>
  queryOptions({
    queryKey: cryptoDepositsQueryKey,
    // Quiet: a failed fetch is tried again at the next push, not a toast each time.
    queryFn: () => api.call(cryptoDepositList, { pageNum: 1, pageSize: 10 }, { silent: true }),
    staleTime: 0,
  });
