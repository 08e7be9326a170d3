import { depositModes } from '@contract/deposit';
import { type DateRange, dateRange, maxDateRangeDays, recordDayOf } from '@contract/endpoint';
import { depositStatuses, withdrawalStatuses } from '@contract/money';
import { withdrawalMethods } from '@contract/withdrawal';
import dayjs from 'dayjs';
import * as v from 'valibot';

/**
 * The record page's filters: which list, the period, the type and status filters and the page, all
 * kept in the URL's search so a filtered list can be reloaded and shared. Absent means the default.
 * The period follows the contract's `dateRange`, so the form refuses what the server would.
 */

export const recordTabs = ['deposits', 'withdrawals', 'movements', 'games'] as const;
export type RecordTab = (typeof recordTabs)[number];

/**
 * The balance movements a player can filter by: the money pages' and the agent moves (named from the
 * player's side); other areas add theirs (shown by their name).
 */
export const movementKinds = [
  'deposit',
  'depositRefund',
  'withdrawal',
  'withdrawalRefund',
  'agentTransferIn',
  'agentTransferOut',
] as const;

/** The type filter of each list: deposit mode, withdrawal method, movement kind; games filter by name. */
export const typeFilters: Record<RecordTab, readonly string[]> = {
  deposits: depositModes,
  withdrawals: withdrawalMethods,
  movements: movementKinds,
  games: [],
};

export const statusFilters: Record<RecordTab, readonly string[]> = {
  deposits: depositStatuses,
  withdrawals: withdrawalStatuses,
  movements: [],
  games: [],
};

export const recordPageSize = 20;
/** The period a list shows until the player picks one: the last 30 days, today included. */
export const defaultPeriodDays = 30;

export interface RecordSearch {
  tab?: RecordTab;
  from?: string;
  to?: string;
  type?: string;
  status?: string;
  gameName?: string;
  page?: number;
}

const dayFormat = 'YYYY-MM-DD';

/** Today as record searches count days: in Japan time, whatever the browser's time zone. */
function recordToday(): dayjs.Dayjs {
  return dayjs(recordDayOf(new Date()));
}

export function defaultPeriod(today: dayjs.Dayjs = recordToday()): DateRange {
  return { from: today.subtract(defaultPeriodDays - 1, 'day').format(dayFormat), to: today.format(dayFormat) };
}

/** The reason a chosen period cannot be searched, as a `record` message key, or null when it can. */
export function periodProblem(
  from: string | null,
  to: string | null,
): { key: string; values: { days: number } } | null {
  if (!from || !to) return { key: 'filters.periodIncomplete', values: { days: maxDateRangeDays } };
  return v.is(dateRange, { from, to }) ? null : { key: 'filters.periodTooLong', values: { days: maxDateRangeDays } };
}

/** Keeps only what the URL may say: a known tab, a valid period, filters the tab has, a page above one. */
export function recordSearchOf(search: Record<string, unknown>): RecordSearch {
  const tab = recordTabs.find((candidate) => candidate === search.tab);
  const result: RecordSearch = {};
  if (tab && tab !== 'deposits') result.tab = tab;
  const current = tab ?? 'deposits';
  const from = typeof search.from === 'string' ? search.from : null;
  const to = typeof search.to === 'string' ? search.to : null;
  if (from && to && periodProblem(from, to) === null) Object.assign(result, { from, to });
  if (typeof search.type === 'string' && typeFilters[current].includes(search.type)) result.type = search.type;
  if (typeof search.status === 'string' && statusFilters[current].includes(search.status))
    result.status = search.status;
  if (current === 'games' && typeof search.gameName === 'string' && search.gameName.trim() !== '') {
    result.gameName = search.gameName.trim().slice(0, 50);
  }
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  return result;
}

export interface RecordQuery {
  tab: RecordTab;
  period: DateRange;
  type: string | undefined;
  status: string | undefined;
  gameName: string | undefined;
  pageNum: number;
  pageSize: number;
}

/** What the lists ask the server for, defaults filled in. */
export function recordQueryOf(search: RecordSearch, today?: dayjs.Dayjs): RecordQuery {
  return {
    tab: search.tab ?? 'deposits',
    period: search.from && search.to ? { from: search.from, to: search.to } : defaultPeriod(today),
    type: search.type,
    status: search.status,
    gameName: search.gameName,
    pageNum: search.page ?? 1,
    pageSize: recordPageSize,
  };
}
