import { adminAuditList, adminUserSearch } from '@contract/admin';
import { adminAgentApplicationList } from '@contract/agent-desk';
import { adminManualDepositList } from '@contract/deposit-desk';
import { adminKycList } from '@contract/kyc-desk';
import type { Locale } from '@contract/locales';
import { adminFamilyDeclarations } from '@contract/protection-desk';
import { adminWithdrawalList } from '@contract/withdrawal-desk';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { operatorApi } from './operator-api';
import { type AuditSearch, type PlayerSearch, pagingOf, queueDefaults } from './queue-search';

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

/** How many items wait in each queue, for the overview: the total of each list's first page of one. */
export const waitingCountsQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'waiting'],
    queryFn: async () => {
      const first = { pageNum: 1, pageSize: 1 };
      const [kyc, withdrawals, deposits, agentApplications, familyDeclarations] = await Promise.all([
        operatorApi.call(adminKycList, { ...first, status: queueDefaults.kyc }),
        operatorApi.call(adminWithdrawalList, { ...first, status: queueDefaults.withdrawals }),
        operatorApi.call(adminManualDepositList, { ...first, status: queueDefaults.deposits }),
        operatorApi.call(adminAgentApplicationList, { ...first, status: queueDefaults.agentApplications }),
        operatorApi.call(adminFamilyDeclarations, { ...first, status: queueDefaults.familyDeclarations }),
      ]);
      return {
        kyc: kyc.total,
        withdrawals: withdrawals.total,
        deposits: deposits.total,
        agentApplications: agentApplications.total,
        familyDeclarations: familyDeclarations.total,
      };
    },
    refetchInterval: queueRefreshMs,
    staleTime: 0,
  });
