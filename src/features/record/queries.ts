import { type DepositMode, payOrderList } from '@contract/deposit';
import type { Locale } from '@contract/locales';
import type { DepositStatus, WithdrawalStatus } from '@contract/money';
import { balanceMovementQuery, gameRecordCount, gameRecordQuery } from '@contract/record';
import { type WithdrawalMethod, withdrawalList } from '@contract/withdrawal';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { RecordQuery } from './record-filters';

/** Lists refresh on their own while the page is open, so status changes show without a reload. */
export const recordRefreshMs = 15_000;

const listDefaults = { placeholderData: keepPreviousData, refetchInterval: recordRefreshMs, staleTime: 0 } as const;

function paging(query: RecordQuery) {
  return { pageNum: query.pageNum, pageSize: query.pageSize, period: query.period };
}

export const depositRecordsQueryOptions = (lng: Locale, query: RecordQuery) =>
  queryOptions({
    queryKey: ['record', lng, 'deposits', query],
    queryFn: () =>
      api.call(payOrderList, {
        ...paging(query),
        ...(query.type ? { mode: query.type as DepositMode } : {}),
        ...(query.status ? { status: query.status as DepositStatus } : {}),
      }),
    ...listDefaults,
  });

export const withdrawalRecordsQueryOptions = (lng: Locale, query: RecordQuery) =>
  queryOptions({
    queryKey: ['record', lng, 'withdrawals', query],
    queryFn: () =>
      api.call(withdrawalList, {
        ...paging(query),
        ...(query.type ? { method: query.type as WithdrawalMethod } : {}),
        ...(query.status ? { status: query.status as WithdrawalStatus } : {}),
      }),
    ...listDefaults,
  });

export const movementRecordsQueryOptions = (lng: Locale, query: RecordQuery) =>
  queryOptions({
    queryKey: ['record', lng, 'movements', query],
    queryFn: () => api.call(balanceMovementQuery, { ...paging(query), ...(query.type ? { kind: query.type } : {}) }),
    ...listDefaults,
  });

export const gameRecordsQueryOptions = (lng: Locale, query: RecordQuery) =>
  queryOptions({
    queryKey: ['record', lng, 'games', query],
    queryFn: () =>
      api.call(gameRecordQuery, { ...paging(query), ...(query.gameName ? { gameName: query.gameName } : {}) }),
    ...listDefaults,
  });

export const gameTotalsQueryOptions = (lng: Locale, query: RecordQuery) =>
  queryOptions({
    queryKey: ['record', lng, 'gameTotals', query.period, query.gameName],
    queryFn: () =>
      api.call(gameRecordCount, { period: query.period, ...(query.gameName ? { gameName: query.gameName } : {}) }),
    refetchInterval: recordRefreshMs,
    staleTime: 0,
  });
