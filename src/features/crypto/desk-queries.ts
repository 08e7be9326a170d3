import { adminCryptoPairList } from '@contract/crypto-desk';
import { queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';

/** Every crypto pair's terms: the desk reads each coin's decimals from them. They change rarely. */
export const cryptoPairsQueryOptions = () =>
  queryOptions({
    queryKey: [...deskQueryKey, 'cryptoPairs'],
    queryFn: () => operatorApi.call(adminCryptoPairList, {}),
    staleTime: 5 * 60_000,
  });
