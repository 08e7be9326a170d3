import { type AccountStatus, accountStatuses } from '@contract/admin';
import { type ReportDimension, reportDimensions } from '@contract/admin-reports';
import type { AgentApplicationStatus } from '@contract/agent';
import type { DateRange } from '@contract/endpoint';
import type { KycSubmissionStatus } from '@contract/kyc';
import type { ManualStatus, WithdrawalStatus } from '@contract/money';
import type { FamilyDeclarationStatus } from '@contract/protection-desk';
import { periodProblem } from '../record/record-filters';

/**
 * The desk's filters, kept in the URL's search so a filtered queue can be reloaded and shared.
 * Absent means the default: the queues show what waits for a decision, oldest first. Only what the
 * contract's list calls accept is kept, so a hand-edited URL cannot make a call the server refuses.
 * This module holds what every desk list shares and the desk's own lists (players, audit log); each
 * area keeps its lists' filters in its own desk-search.ts, built from the parsers here.
 */

export const deskPageSize = 20;

interface PeriodSearch {
  from?: string;
  to?: string;
}

export interface PagedSearch extends PeriodSearch {
  page?: number;
}

export interface PlayerSearch extends PagedSearch {
  status?: AccountStatus;
  keyword?: string;
}

export interface AuditSearch extends PagedSearch {
  actorUserId?: number;
  subjectType?: string;
  subjectId?: string;
  action?: string;
}

export const queueDefaults = {
  kyc: 'pendingReview',
  withdrawals: 'withdrawalReview',
  deposits: 'inProgress',
  agentApplications: 'pendingReview',
  familyDeclarations: 'pendingReview',
} as const satisfies {
  kyc: KycSubmissionStatus;
  withdrawals: WithdrawalStatus;
  deposits: ManualStatus;
  agentApplications: AgentApplicationStatus;
  familyDeclarations: FamilyDeclarationStatus;
};

export type RawSearch = Record<string, unknown>;

export function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value);
}

/** Trimmed text up to `max` characters; blank reads as absent. The router reads `123` or `true` in a URL as a number or boolean: they count as text. */
export function textOf(value: unknown, max: number): string | undefined {
  const text =
    typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : '';
  return text === '' ? undefined : text.slice(0, max);
}

export function positiveIntegerOf(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

export function pagedOf(search: RawSearch): PagedSearch {
  const result: PagedSearch = {};
  const from = typeof search.from === 'string' ? search.from : null;
  const to = typeof search.to === 'string' ? search.to : null;
  if (from && to && periodProblem(from, to) === null) Object.assign(result, { from, to });
  const page = positiveIntegerOf(search.page);
  if (page && page > 1) result.page = page;
  return result;
}

/** Drops absent values, so URLs and query keys carry only what is set. */
export function defined<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}

export function playerSearchOf(search: RawSearch): PlayerSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(accountStatuses, search.status),
    keyword: textOf(search.keyword, 100),
  });
}

export function auditSearchOf(search: RawSearch): AuditSearch {
  return defined({
    ...pagedOf(search),
    actorUserId: positiveIntegerOf(search.actorUserId),
    subjectType: textOf(search.subjectType, 50),
    subjectId: textOf(search.subjectId, 64),
    action: textOf(search.action, 100),
  });
}

/** Paging and period of a list call. */
export function pagingOf(search: PagedSearch): { pageNum: number; pageSize: number; period?: DateRange } {
  return {
    pageNum: search.page ?? 1,
    pageSize: deskPageSize,
    ...(search.from && search.to ? { period: { from: search.from, to: search.to } } : {}),
  };
}

/** How many pages a list of `total` rows has. */
export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / deskPageSize));
}

/** A report's breakdown and period; absent, by day over the last 30 days. */
export interface ReportSearch extends PeriodSearch {
  dimension?: ReportDimension;
}

export function reportSearchOf(search: RawSearch): ReportSearch {
  const { from, to } = pagedOf(search);
  return defined({ dimension: oneOf(reportDimensions, search.dimension), from, to });
}

/** Reconciliation's period; absent, the last 30 days. */
export type ReconciliationSearch = PeriodSearch;

export function reconciliationSearchOf(search: RawSearch): ReconciliationSearch {
  const { from, to } = pagedOf(search);
  return defined({ from, to });
}
