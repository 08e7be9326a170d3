import { Card, Group, Select, Skeleton, Stack, Table } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureGrid } from '@/components/figure-grid';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { PageFrame } from '@/components/page-frame';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useIsAgent } from '../session/use-session';
import { LoadFailed } from '../user/account-gates';
import {
  type TeamQuery,
  type TeamSearch,
  teamDepositStatuses,
  teamQueryOf,
  teamWithdrawalStatuses,
} from './team-filters';
import { AccountSearch, RefreshButton, TeamPeriodInput, TeamTable } from './team-page-parts';
import { teamDepositsQueryOptions, teamWithdrawalsQueryOptions } from './team-queries';

interface TeamMoneyPageProps {
  search: TeamSearch;
  onSearchChange(next: TeamSearch): void;
}

/** The filters of a money page: period, member account, status. */
function MoneyFilters({
  query,
  statuses,
  onChange,
}: {
  query: TeamQuery;
  statuses: readonly string[];
  onChange(patch: Partial<TeamSearch>): void;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TeamPeriodInput query={query} onChange={onChange} />
        <AccountSearch value={query.account ?? ''} onApply={(account) => onChange({ account })} />
        <StatusFilter
          key={query.status ?? ''}
          status={query.status}
          statuses={statuses}
          onChange={(status) => onChange({ status })}
        />
        <RefreshButton />
      </Group>
    </Card>
  );
}

/**
 * The status filter: a form of one field whose every change goes into the URL's search; it starts
 * again from the URL when that changes by other means (back, a shared link).
 */
function StatusFilter(props: {
  status: string | undefined;
  statuses: readonly string[];
  onChange(status: string | undefined): void;
}) {
  // The status names are the records' own.
  const { t } = useTranslation(['agent-reports', 'record']);
  const form = useForm({
    initialValues: { status: props.status ?? null },
    onValuesChange: ({ status }) => props.onChange(status ?? undefined),
  });
  return (
    <Select
      label={t('filters.status')}
      placeholder={t('filters.all')}
      data={props.statuses.map((value) => ({ value, label: t(`record:status.${value}`) }))}
      {...form.getInputProps('status')}
      clearable
      w={{ base: '100%', xs: 200 }}
    />
  );
}

type GroupTotals = Record<string, { count: number; amount: number }>;

/** Each status group's count and coins; completed money first (docs/requirements.md §6.6). */
function totalsItems(t: (key: string, values?: Record<string, unknown>) => string, totals: GroupTotals) {
  return Object.entries(totals).map(([group, { count, amount }]): [string, string] => [
    t(`totals.${group}`),
    t('countAndCoins', { count, amount: formatAmount(amount) }),
  ]);
}

/** A money page: its filters, then the list they select; an agent's only. */
function TeamMoneyPage({
  search,
  onSearchChange,
  title,
  description,
  statuses,
  list,
}: TeamMoneyPageProps & {
  title: string;
  description: string;
  statuses: readonly string[];
  list(query: TeamQuery, onPage: (page: number) => void): ReactNode;
}) {
  const isAgent = useIsAgent();
  const query = teamQueryOf(search, 'lastDays');
  const change = (patch: Partial<TeamSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  return (
    <PageFrame title={title} description={description}>
      {isAgent && (
        <Stack gap="lg">
          <MoneyFilters query={query} statuses={statuses} onChange={change} />
          {list(query, (page) => onSearchChange({ ...search, page }))}
        </Stack>
      )}
    </PageFrame>
  );
}

/** The totals by status group, then the page of orders. */
function MoneyList<TOrder extends { orderSn: string }>({
  result,
  label,
  query,
  onPage,
  detailColumn,
  cells,
}: {
  result: UseQueryResult<{ list: TOrder[]; total: number; totals: GroupTotals }>;
  label: string;
  query: TeamQuery;
  onPage(page: number): void;
  /** The heading of the column between the order number and the coins. */
  detailColumn: string;
  cells(order: TOrder): { detail: ReactNode; account: string; createdAt: string; amount: number; status: string };
}) {
  const { t } = useTranslation('agent-reports');
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!result.data) return <Skeleton h={240} radius="md" />;
  return (
    <Stack gap="md">
      <FigureGrid label={t('totals.title')} items={totalsItems(t, result.data.totals)} />
      <TeamTable
        label={label}
        total={result.data.total}
        pageNum={query.pageNum}
        onPage={onPage}
        head={[
          t('columns.createdAt'),
          t('columns.account'),
          t('columns.orderSn'),
          detailColumn,
          t('columns.coins'),
          t('columns.status'),
        ]}
        rows={result.data.list.map((order) => {
          const cell = cells(order);
          return (
            <Table.Tr key={order.orderSn}>
              <Table.Td>{formatDateTime(cell.createdAt)}</Table.Td>
              <Table.Td>{cell.account}</Table.Td>
              <Table.Td ff="monospace">{order.orderSn}</Table.Td>
              <Table.Td>{cell.detail}</Table.Td>
              <Table.Td>{formatAmount(cell.amount)}</Table.Td>
              <Table.Td>
                <OrderStatusBadge status={cell.status} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      />
    </Stack>
  );
}

/** The members' deposits (docs/requirements.md §6.6). */
export function TeamRechargePage(props: TeamMoneyPageProps) {
  const { t } = useTranslation('agent-reports');
  return (
    <TeamMoneyPage
      {...props}
      title={t('account:teamRecharge.title')}
      description={t('recharge.description')}
      statuses={teamDepositStatuses}
      list={(query, onPage) => <TeamDeposits query={query} onPage={onPage} />}
    />
  );
}

function TeamDeposits({ query, onPage }: { query: TeamQuery; onPage(page: number): void }) {
  const { t } = useTranslation('agent-reports');
  return (
    <MoneyList
      result={useQuery(teamDepositsQueryOptions(currentLanguage(), query))}
      label={t('recharge.list')}
      query={query}
      onPage={onPage}
      detailColumn={t('columns.channel')}
      cells={(order) => ({ ...order, detail: order.channelName })}
    />
  );
}

/** The members' withdrawals (docs/requirements.md §6.6). */
export function TeamWithdrawPage(props: TeamMoneyPageProps) {
  const { t } = useTranslation('agent-reports');
  return (
    <TeamMoneyPage
      {...props}
      title={t('account:teamWithdraw.title')}
      description={t('withdraw.description')}
      statuses={teamWithdrawalStatuses}
      list={(query, onPage) => <TeamWithdrawals query={query} onPage={onPage} />}
    />
  );
}

function TeamWithdrawals({ query, onPage }: { query: TeamQuery; onPage(page: number): void }) {
  const { t } = useTranslation('agent-reports');
  return (
    <MoneyList
      result={useQuery(teamWithdrawalsQueryOptions(currentLanguage(), query))}
      label={t('withdraw.list')}
      query={query}
      onPage={onPage}
      detailColumn={t('columns.destination')}
      cells={(withdrawal) => ({
        ...withdrawal,
        detail:
          withdrawal.method === 'bank'
            ? `${withdrawal.bankCard.bankName} ${withdrawal.bankCard.maskedCardNumber}`
            : `${withdrawal.coin} ${withdrawal.network}`,
      })}
    />
  );
}
