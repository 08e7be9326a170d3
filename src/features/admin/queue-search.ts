import { type AccountStatus, accountStatuses } from '@contract/admin';
import { type AgentApplicationStatus, agentApplicationStatuses } from '@contract/agent';
import type { DateRange } from '@contract/endpoint';
import { type KycSubmissionStatus, kycSubmissionStatuses } from '@contract/kyc';
import { type LedgerEntryKind, ledgerEntryKinds } from '@contract/ledger-desk';
import { type ManualStatus, manualStatuses, type WithdrawalStatus, withdrawalStatuses } from '@contract/money';
import { type WithdrawalMethod, withdrawalMethods } from '@contract/withdrawal';
import { periodProblem } from '../record/record-filters';

/**
 * The desk's filters, kept in the URL's search so a filtered queue can be reloaded and shared.
 * Absent means the default: the queues show what waits for a decision, oldest first. Only what the
 * contract's list calls accept is kept, so a hand-edited URL cannot make a call the server refuses.
 */

export const deskPageSize = 20;

interface PeriodSearch {
  from?: string;
  to?: string;
}

export interface PagedSearch extends PeriodSearch {
  page?: number;
}

export interface KycQueueSearch extends PagedSearch {
  status?: KycSubmissionStatus;
  keyword?: string;
}

export interface WithdrawalQueueSearch extends PagedSearch {
  status?: WithdrawalStatus;
  method?: WithdrawalMethod;
  keyword?: string;
}

export interface ManualDepositQueueSearch extends PagedSearch {
  status?: ManualStatus;
  keyword?: string;
}

export interface AgentApplicationQueueSearch extends PagedSearch {
  status?: AgentApplicationStatus;
  keyword?: string;
}

export interface PlayerSearch extends PagedSearch {
  status?: AccountStatus;
  keyword?: string;
}

export interface AgentTeamSearch extends PagedSearch {
  keyword?: string;
}

export interface LedgerSearch extends PagedSearch {
  kind?: LedgerEntryKind;
}

export interface AuditSearch extends PagedSearch {
  actorUserId?: number;
  subjectType?: string;
  subjectId?: string;
  action?: string;
}

export interface RoundSearch extends PagedSearch {
  keyword?: string;
  userId?: number;
  gameId?: number;
  machineId?: number;
  round?: string;
}

/** The daily profit report always covers a period: absent, the last 30 days. */
export interface GameProfitSearch {
  from?: string;
  to?: string;
  gameId?: number;
}

export const queueDefaults = {
  kyc: 'pendingReview',
  withdrawals: 'withdrawalReview',
  deposits: 'inProgress',
  agentApplications: 'pendingReview',
} as const satisfies {
  kyc: KycSubmissionStatus;
  withdrawals: WithdrawalStatus;
  deposits: ManualStatus;
  agentApplications: AgentApplicationStatus;
};

type RawSearch = Record<string, unknown>;

function oneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value);
}

/** Trimmed text up to `max` characters; blank reads as absent. The router reads `123` or `true` in a URL as a number or boolean: they count as text. */
function textOf(value: unknown, max: number): string | undefined {
  const text =
    typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : '';
  return text === '' ? undefined : text.slice(0, max);
}

function positiveIntegerOf(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 1 ? number : undefined;
}

function pagedOf(search: RawSearch): PagedSearch {
  const result: PagedSearch = {};
  const from = typeof search.from === 'string' ? search.from : null;
  const to = typeof search.to === 'string' ? search.to : null;
  if (from && to && periodProblem(from, to) === null) Object.assign(result, { from, to });
  const page = positiveIntegerOf(search.page);
  if (page && page > 1) result.page = page;
  return result;
}

/** Drops absent values, so URLs and query keys carry only what is set. */
function defined<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}

export function kycQueueSearchOf(search: RawSearch): KycQueueSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(kycSubmissionStatuses, search.status),
    keyword: textOf(search.keyword, 100),
  });
}

export function withdrawalQueueSearchOf(search: RawSearch): WithdrawalQueueSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(withdrawalStatuses, search.status),
    method: oneOf(withdrawalMethods, search.method),
    keyword: textOf(search.keyword, 100),
  });
}

export function manualDepositQueueSearchOf(search: RawSearch): ManualDepositQueueSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(manualStatuses, search.status),
    keyword: textOf(search.keyword, 100),
  });
}

export function agentApplicationQueueSearchOf(search: RawSearch): AgentApplicationQueueSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(agentApplicationStatuses, search.status),
    keyword: textOf(search.keyword, 100),
  });
}

export function playerSearchOf(search: RawSearch): PlayerSearch {
  return defined({
    ...pagedOf(search),
    status: oneOf(accountStatuses, search.status),
    keyword: textOf(search.keyword, 100),
  });
}

export function agentTeamSearchOf(search: RawSearch): AgentTeamSearch {
  return defined({ ...pagedOf(search), keyword: textOf(search.keyword, 100) });
}

export function ledgerSearchOf(search: RawSearch): LedgerSearch {
  return defined({ ...pagedOf(search), kind: oneOf(ledgerEntryKinds, search.kind) });
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

export function roundSearchOf(search: RawSearch): RoundSearch {
  const gameId = positiveIntegerOf(search.gameId);
  return defined({
    ...pagedOf(search),
    keyword: textOf(search.keyword, 100),
    userId: positiveIntegerOf(search.userId),
    gameId,
    // A machine belongs to one game: without the game the machine is not kept.
    machineId: gameId ? positiveIntegerOf(search.machineId) : undefined,
    round: textOf(search.round, 200),
  });
}

export function gameProfitSearchOf(search: RawSearch): GameProfitSearch {
  const { from, to } = pagedOf(search);
  return defined({ from, to, gameId: positiveIntegerOf(search.gameId) });
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
