import { type DateRange, recordDayOf } from '@contract/endpoint';
import { depositStatuses, withdrawalStatuses } from '@contract/money';
import { defaultPeriod, periodProblem } from '../record/record-filters';

/**
 * The team pages' filters, kept in the URL's search like the record page's so a filtered view can be
 * reloaded and shared: the period (Japan-time days, docs/requirements.md §6.5), a member account,
 * a status on the money pages, and the page. Absent means the default.
 */
export interface TeamSearch {
  from?: string;
  to?: string;
  account?: string;
  status?: string;
  page?: number;
}

export const teamPageSize = 20;
const accountMaxLength = 50;

/** The members' yen orders and crypto deposits share one list, so its status filter has both. */
export const teamDepositStatuses: readonly string[] = depositStatuses;
export const teamWithdrawalStatuses: readonly string[] = withdrawalStatuses;

/** Keeps only what the URL may say: a valid period, an account text, a status the list has, a page above one. */
export function teamSearchOf(search: Record<string, unknown>, statuses: readonly string[] = []): TeamSearch {
  const result: TeamSearch = {};
  const from = typeof search.from === 'string' ? search.from : null;
  const to = typeof search.to === 'string' ? search.to : null;
  if (from && to && periodProblem(from, to) === null) Object.assign(result, { from, to });
  if (typeof search.account === 'string' && search.account.trim() !== '')
    result.account = search.account.trim().slice(0, accountMaxLength);
  if (typeof search.status === 'string' && statuses.includes(search.status)) result.status = search.status;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1) result.page = page;
  return result;
}

export interface TeamQuery {
  period: DateRange;
  account: string | undefined;
  status: string | undefined;
  pageNum: number;
  pageSize: number;
}

/** The team report opens on today, as the team's figures are read day by day; the money lists on the last 30 days, as the records do. */
export function teamQueryOf(search: TeamSearch, opensOn: 'today' | 'lastDays', now: Date = new Date()): TeamQuery {
  const today = recordDayOf(now);
  const fallback = opensOn === 'today' ? { from: today, to: today } : defaultPeriod();
  return {
    period: search.from && search.to ? { from: search.from, to: search.to } : fallback,
    account: search.account,
    status: search.status,
    pageNum: search.page ?? 1,
    pageSize: teamPageSize,
  };
}

/** The sub-agent of `/agent/team-report/{userId}`, or none for the agent's own team; a malformed id is none. */
export function teamUserIdOf(param: string | undefined): number | undefined {
  if (param === undefined || !/^[1-9][0-9]{0,9}$/.test(param)) return undefined;
  const id = Number(param);
  return id <= 2_147_483_647 ? id : undefined;
}

/**
 * The period of the agent's commission statements: the report's chosen period, else the last 30
 * days (the report opens on today, which is settled only tomorrow).
 */
export function commissionPeriodOf(search: TeamSearch, query: TeamQuery): DateRange {
  return search.from && search.to ? query.period : defaultPeriod();
}
