import {
  agentCommissionList,
  teamMemberReportPage,
  teamRechargePage,
  teamStatisticsQuery,
  teamWithdrawalPage,
} from '@contract/agent';
import type { DateRange } from '@contract/endpoint';
import type { Locale } from '@contract/locales';
import type { DepositStatus, WithdrawalStatus } from '@contract/money';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { type TeamQuery, teamPageSize } from './team-filters';

/** Team figures move while the page is open (deposits, rounds); they refresh like the records. */
const teamRefreshMs = 15_000;

const listDefaults = { placeholderData: keepPreviousData, refetchInterval: teamRefreshMs, staleTime: 0 } as const;

function listBody(query: TeamQuery) {
  return {
    pageNum: query.pageNum,
    pageSize: query.pageSize,
    period: query.period,
    ...(query.account ? { account: query.account } : {}),
  };
}

const ofTeam = (userId: number | undefined) => (userId === undefined ? {} : { userId });

export const teamStatisticsQueryOptions = (lng: Locale, userId: number | undefined, query: TeamQuery) =>
  queryOptions({
    queryKey: ['agent-team', lng, 'statistics', userId ?? null, query.period],
    queryFn: () => api.call(teamStatisticsQuery, { ...ofTeam(userId), period: query.period }),
    refetchInterval: teamRefreshMs,
    staleTime: 0,
  });

export const teamMemberReportsQueryOptions = (lng: Locale, userId: number | undefined, query: TeamQuery) =>
  queryOptions({
    queryKey: ['agent-team', lng, 'members', userId ?? null, query],
    queryFn: () => api.call(teamMemberReportPage, { ...listBody(query), ...ofTeam(userId) }),
    ...listDefaults,
  });

export const teamDepositsQueryOptions = (lng: Locale, query: TeamQuery) =>
  queryOptions({
    queryKey: ['agent-team', lng, 'deposits', query],
    queryFn: () =>
      api.call(teamRechargePage, {
        ...listBody(query),
        ...(query.status ? { status: query.status as DepositStatus } : {}),
      }),
    ...listDefaults,
  });

export const teamWithdrawalsQueryOptions = (lng: Locale, query: TeamQuery) =>
  queryOptions({
    queryKey: ['agent-team', lng, 'withdrawals', query],
    queryFn: () =>
      api.call(teamWithdrawalPage, {
        ...listBody(query),
        ...(query.status ? { status: query.status as WithdrawalStatus } : {}),
      }),
    ...listDefaults,
  });

/** The agent's commission statements over a period, a page at a time. */
export const commissionQueryOptions = (lng: Locale, period: DateRange, pageNum: number) =>
  queryOptions({
    queryKey: ['agent-team', lng, 'commission', period, pageNum],
    queryFn: () => api.call(agentCommissionList, { pageNum, pageSize: teamPageSize, period }),
    ...listDefaults,
  });
