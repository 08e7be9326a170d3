import type { Locale } from '@contract/locales';
import { adminWithdrawalList } from '@contract/withdrawal-desk';
import { adminPayoutRuleList, adminWithdrawalRisk } from '@contract/withdrawal-risk';
import { queryOptions } from '@tanstack/react-query';
import { operatorApi } from '../admin/operator-api';
import { deskListDefaults, deskQueryKey } from '../admin/queries';
import { pagingOf, queueDefaults } from '../admin/queue-search';
import type { WithdrawalQueueSearch } from './desk-search';

export const withdrawalQueueQueryOptions = (lng: Locale, search: WithdrawalQueueSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'withdrawals', search],
    queryFn: () =>
      operatorApi.call(adminWithdrawalList, {
        ...pagingOf(search),
        status: search.status ?? queueDefaults.withdrawals,
        ...(search.method ? { method: search.method } : {}),
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...deskListDefaults,
  });

/** One withdrawal's risk, read when the operator opens it. */
export const withdrawalRiskQueryOptions = (lng: Locale, orderSn: string) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'withdrawalRisk', orderSn],
    queryFn: () => operatorApi.call(adminWithdrawalRisk, { orderSn }),
    staleTime: 0,
  });

export const payoutRulesQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'payoutRules'],
    queryFn: () => operatorApi.call(adminPayoutRuleList, {}),
    staleTime: 0,
  });
