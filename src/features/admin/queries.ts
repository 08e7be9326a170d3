import { adminAuditList, adminUserSearch } from '@contract/admin';
import { adminAgentApplicationList, adminAgentTeam } from '@contract/agent-desk';
import { adminNoticeList } from '@contract/content-desk';
import { adminCryptoPairList } from '@contract/crypto-desk';
import { adminManualDepositList } from '@contract/deposit-desk';
import { adminGameList, adminGameProfitDaily, adminGameRoundDetail, adminGameRoundList } from '@contract/hall-desk';
import { adminKycList } from '@contract/kyc-desk';
import { adminUserLedger } from '@contract/ledger-desk';
import type { Locale } from '@contract/locales';
import { adminWithdrawalList } from '@contract/withdrawal-desk';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { defaultPeriod } from '../record/record-filters';
import { operatorApi } from './operator-api';
import {
  type AgentApplicationQueueSearch,
  type AgentTeamSearch,
  type AuditSearch,
  type GameProfitSearch,
  type KycQueueSearch,
  type LedgerSearch,
  type ManualDepositQueueSearch,
  type PlayerSearch,
  pagingOf,
  queueDefaults,
  type RoundSearch,
  type WithdrawalQueueSearch,
} from './queue-search';

/** Every desk query starts with this key: signing out drops them all, a decision refetches them. */
export const deskQueryKey = ['admin'] as const;

/** Queues refresh on their own while open, so new requests show up without a reload. */
export const queueRefreshMs = 30_000;

const listDefaults = { placeholderData: keepPreviousData, refetchInterval: queueRefreshMs, staleTime: 0 } as const;

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
    ...listDefaults,
    refetchInterval: kycQueueRefreshMs,
  });

/** Every crypto pair's terms: the desk reads each coin's decimals from them. They change rarely. */
export const cryptoPairsQueryOptions = () =>
  queryOptions({
    queryKey: [...deskQueryKey, 'cryptoPairs'],
    queryFn: () => operatorApi.call(adminCryptoPairList, {}),
    staleTime: 5 * 60_000,
  });

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
    ...listDefaults,
  });

export const manualDepositQueueQueryOptions = (lng: Locale, search: ManualDepositQueueSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'deposits', search],
    queryFn: () =>
      operatorApi.call(adminManualDepositList, {
        ...pagingOf(search),
        status: search.status ?? queueDefaults.deposits,
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...listDefaults,
  });

export const agentApplicationQueueQueryOptions = (lng: Locale, search: AgentApplicationQueueSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'agentApplications', search],
    queryFn: () =>
      operatorApi.call(adminAgentApplicationList, {
        ...pagingOf(search),
        status: search.status ?? queueDefaults.agentApplications,
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...listDefaults,
  });

export const playerSearchQueryOptions = (lng: Locale, search: PlayerSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'players', search],
    queryFn: () =>
      operatorApi.call(adminUserSearch, {
        ...pagingOf(search),
        ...(search.status ? { status: search.status } : {}),
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...listDefaults,
  });

/** One player by their user id, for the ledger page's heading; null when there is no such player. */
export const playerQueryOptions = (lng: Locale, userId: number) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'player', userId],
    queryFn: async () => (await operatorApi.call(adminUserSearch, { userId, pageNum: 1, pageSize: 1 })).list[0] ?? null,
    staleTime: 0,
  });

/** An agent's terms and direct members; refetched after the rate is set (every desk query is). */
export const agentTeamQueryOptions = (lng: Locale, userId: number, search: AgentTeamSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'agentTeam', userId, search],
    queryFn: () =>
      operatorApi.call(adminAgentTeam, {
        userId,
        ...pagingOf(search),
        ...(search.keyword ? { keyword: search.keyword } : {}),
      }),
    ...listDefaults,
  });

/** Reading a ledger is itself audited, so it does not poll. */
export const ledgerQueryOptions = (lng: Locale, userId: number, search: LedgerSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'ledger', userId, search],
    queryFn: () =>
      operatorApi.call(adminUserLedger, { userId, ...pagingOf(search), ...(search.kind ? { kind: search.kind } : {}) }),
    placeholderData: keepPreviousData,
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
    ...listDefaults,
  });

/** How many items wait in each queue, for the overview: the total of each list's first page of one. */
export const waitingCountsQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'waiting'],
    queryFn: async () => {
      const first = { pageNum: 1, pageSize: 1 };
      const [kyc, withdrawals, deposits, agentApplications] = await Promise.all([
        operatorApi.call(adminKycList, { ...first, status: queueDefaults.kyc }),
        operatorApi.call(adminWithdrawalList, { ...first, status: queueDefaults.withdrawals }),
        operatorApi.call(adminManualDepositList, { ...first, status: queueDefaults.deposits }),
        operatorApi.call(adminAgentApplicationList, { ...first, status: queueDefaults.agentApplications }),
      ]);
      return {
        kyc: kyc.total,
        withdrawals: withdrawals.total,
        deposits: deposits.total,
        agentApplications: agentApplications.total,
      };
    },
    refetchInterval: queueRefreshMs,
    staleTime: 0,
  });

export const roundListQueryOptions = (lng: Locale, search: RoundSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'rounds', search],
    queryFn: () =>
      operatorApi.call(adminGameRoundList, {
        ...pagingOf(search),
        ...(search.keyword ? { keyword: search.keyword } : {}),
        ...(search.userId ? { userId: search.userId } : {}),
        ...(search.gameId ? { gameId: search.gameId } : {}),
        ...(search.machineId ? { machineId: search.machineId } : {}),
        ...(search.round ? { round: search.round } : {}),
      }),
    ...listDefaults,
  });

export const roundDetailQueryOptions = (lng: Locale, id: number) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'round', id],
    queryFn: () => operatorApi.call(adminGameRoundDetail, { id }),
    staleTime: 0,
  });

/** The report's period: the search's, else the last 30 days. */
export function gameProfitPeriodOf(search: GameProfitSearch) {
  return search.from && search.to ? { from: search.from, to: search.to } : defaultPeriod();
}

export const gameProfitQueryOptions = (lng: Locale, search: GameProfitSearch) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'gameProfit', search],
    queryFn: () =>
      operatorApi.call(adminGameProfitDaily, {
        period: gameProfitPeriodOf(search),
        ...(search.gameId ? { gameId: search.gameId } : {}),
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const deskGamesQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'games'],
    queryFn: () => operatorApi.call(adminGameList, {}),
    staleTime: 0,
  });

export const deskNoticesQueryOptions = (lng: Locale) =>
  queryOptions({
    queryKey: [...deskQueryKey, lng, 'notices'],
    queryFn: () => operatorApi.call(adminNoticeList, { pageSize: 100 }),
    staleTime: 0,
  });
