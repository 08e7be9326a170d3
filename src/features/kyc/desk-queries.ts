import { adminKycList } from '@contract/kyc-desk';
import type { Locale } from '@contract/locales';
import { queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskListDefaults, deskQueryKey } from '../admin/queries';
import { pagingOf, queueDefaults } from '../admin/queue-search';
import type { KycQueueSearch } from './desk-search';

/**
 * Every answer of the identity queue carries new photo links (they expire after 15 minutes), so the
 * browser downloads the photos again each time: that queue refreshes less often, well within the
 * links' lifetime.
 */
const kycQueueRefreshMs = 5 * 60_000;

export const kycQueueQueryOptions = (lng: Locale, search: KycQueueSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'kyc', search],
    queryFn: () =>
      operatorApi.call(adminKycList, {
        ...pagingOf(search),
        status: search.status ?? queueDefaults.kyc,
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...deskListDefaults,
    refetchInterval: kycQueueRefreshMs,
  });
