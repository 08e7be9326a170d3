import { adminAuditList, adminUserSearch } from '@contract/admin';
import { adminOperatorList } from '@contract/admin-operators';
import { adminOverview } from '@contract/admin-overview';
import { adminReconciliation } from '@contract/admin-reconciliation';
import { adminReport } from '@contract/admin-reports';
import { adminAgentApplicationList } from '@contract/agent-desk';
import { adminManualDepositList } from '@contract/deposit-desk';
import type { DateRange } from '@contract/endpoint';
import { adminKycList } from '@contract/kyc-desk';
import type { Locale } from '@contract/locales';
import { adminFamilyDeclarations } from '@contract/protection-desk';
import { adminWithdrawalList } from '@contract/withdrawal-desk';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { defaultPeriod } from '../record/record-filters';
import { operatorApi } from './operator-api';
import {
  type AuditSearch,
  type PlayerSearch,
  pagingOf,
  queueDefaults,
  type ReconciliationSearch,
  type ReportSearch,
} from './queue-search';

/** Every desk query starts with this key: signing out drops them all, a decision refetches them. */
export const deskQueryKey = ['admin'] as const;

/** Queues refresh on their own while open, so new requests show up without a reload. */
export const queueRefreshMs = 30_000;

/** What every desk list shares: the last page stays on screen while the next loads, and it refreshes while open. */
export const deskListDefaults = {
  placeholderData: keepPreviousData,
  refetchInterval: queueRefreshMs,
  staleTime: 0,
} as const;

export const playerSearchQueryOptions = (lng: Locale, search: PlayerSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'players', search],
    queryFn: () =>
      operatorApi.call(adminUserSearch, {
        ...pagingOf(search),
        ...(search.status ? { status: search.status } : {}),
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...deskListDefaults,
  });

/** One player by their user id, for the ledger page's heading; null when there is no such player. */
export const playerQueryOptions = (lng: Locale, userId: number) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'player', userId],
    queryFn: async () => (await operatorApi.call(adminUserSearch, { userId, pageNum: 1, pageSize: 1 })).list[0] ?? null,
    staleTime: 0,
  });

export const auditQueryOptions = (lng: Locale, search: AuditSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'audit', search],
    queryFn: () =>
      operatorApi.call(adminAuditList, {
        ...pagingOf(search),
        ...(search.actorUserId ? { actorUserId: search.actorUserId } : {}),
        ...(search.subjectType ? { subjectType: search.subjectType } : {}),
        ...(search.subjectId ? { subjectId: search.subjectId } : {}),
        ...(search.action ? { action: search.action } : {}),
      }),
    ...deskListDefaults,
  });

const firstOfOne = { pageNum: 1, pageSize: 1 };

/**
 * The queues the overview counts: each list's call, its total of items in the waiting status and,
 * as every queue lists the oldest first, when its first item came in.
 */
export const waitingQueues = [
  {
    key: 'kyc',
    to: '/admin/kyc',
    endpoint: adminKycList,
    count: () => operatorApi.call(adminKycList, { ...firstOfOne, status: queueDefaults.kyc }),
  },
  {
    key: 'withdrawals',
    to: '/admin/withdrawals',
    endpoint: adminWithdrawalList,
    count: () => operatorApi.call(adminWithdrawalList, { ...firstOfOne, status: queueDefaults.withdrawals }),
  },
  {
    key: 'deposits',
    to: '/admin/deposits',
    endpoint: adminManualDepositList,
    count: () => operatorApi.call(adminManualDepositList, { ...firstOfOne, status: queueDefaults.deposits }),
  },
  {
    key: 'agentApplications',
    to: '/admin/agent-applications',
    endpoint: adminAgentApplicationList,
    count: () =>
      operatorApi.call(adminAgentApplicationList, { ...firstOfOne, status: queueDefaults.agentApplications }),
  },
  {
    key: 'familyDeclarations',
    to: '/admin/family-declarations',
    endpoint: adminFamilyDeclarations,
    count: () => operatorApi.call(adminFamilyDeclarations, { ...firstOfOne, status: queueDefaults.familyDeclarations }),
  },
] as const;
export type WaitingQueue = (typeof waitingQueues)[number];

/** How many items wait in each of these queues (those the operator's roles reach) and since when, for the overview. */
export const waitingCountsQueryOptions = (lng: Locale, queues: readonly WaitingQueue[]) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'waiting', queues.map((queue) => queue.key)],
    queryFn: async () => {
      const totals = await Promise.all(
        queues.map(async (queue) => {
          const page = await queue.count();
          const oldest = page.list[0];
          const oldestAt = oldest ? ('submittedAt' in oldest ? oldest.submittedAt : oldest.createdAt) : null;
          return [queue.key, { waiting: page.total, oldestAt }] as const;
        }),
      );
      return Object.fromEntries(totals) as Partial<
        Record<WaitingQueue['key'], { waiting: number; oldestAt: string | null }>
      >;
    },
    refetchInterval: queueRefreshMs,
    staleTime: 0,
  });

export const operatorsQueryOptions = (lng: Locale, page: number) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'operators', page],
    queryFn: () => operatorApi.call(adminOperatorList, pagingOf({ page })),
    ...deskListDefaults,
  });

/** The business at a glance; it refreshes like the queues while the overview is open. */
export const overviewQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'overview'],
    queryFn: () => operatorApi.call(adminOverview, {}),
    refetchInterval: queueRefreshMs,
    staleTime: 0,
  });

/** A period's report or reconciliation: the search's period, else the last 30 days. */
export function reportPeriodOf(search: { from?: string; to?: string }): DateRange {
  return search.from && search.to ? { from: search.from, to: search.to } : defaultPeriod();
}

export const reportQueryOptions = (lng: Locale, search: ReportSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'report', search],
    queryFn: () =>
      operatorApi.call(adminReport, { dimension: search.dimension ?? 'day', period: reportPeriodOf(search) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const reconciliationQueryOptions = (lng: Locale, search: ReconciliationSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'reconciliation', search],
    queryFn: () => operatorApi.call(adminReconciliation, { period: reportPeriodOf(search) }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
