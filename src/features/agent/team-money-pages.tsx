import { isMovementOrderStatus } from '@contract/record';
import { Card, Group, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { PageFrame } from '@/components/page-frame';
import { RecordTable } from '@/components/record-table';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { CryptoDepositChannel } from '../crypto/crypto-records';
import { useIsAgent } from '../session/use-session';
import { LoadFailed } from '../user/account-gates';
import {
  type TeamQuery,
  type TeamSearch,
  teamDepositStatuses,
  teamPageSize,
  teamQueryOf,
  teamWithdrawalStatuses,
} from './team-filters';
import { AccountSearch, RefreshButton, TeamPeriodInput } from './team-page-parts';
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

/** What every order of the members shows, whatever it is: a deposit's channel, a withdrawal's destination. */
interface TeamOrder {
  orderSn: string;
  account: string;
  createdAt: string;
  amount: number;
  status: string;
}

/** The totals by status group, then the page of orders. */
function MoneyList<TOrder extends TeamOrder>({
  result,
  label,
  query,
  onPage,
  detailColumn,
  detail,
}: {
  result: UseQueryResult<{ list: TOrder[]; total: number; totals: GroupTotals }>;
  label: string;
  query: TeamQuery;
  onPage(page: number): void;
  /** The heading of the column between the order number and the coins. */
  detailColumn: string;
  detail(order: TOrder): ReactNode;
}) {
  const { t } = useTranslation('agent-reports');
  return (
    <RecordTable
      result={result}
      label={label}
      totalsLabel={t('totals.title')}
      totals={(data) => totalsItems(t, data.totals)}
      rowKey={(order) => order.orderSn}
      columns={[
        { header: t('columns.createdAt'), cell: (order) => formatDateTime(order.createdAt) },
        { header: t('columns.account'), cell: (order) => order.account },
        { header: t('columns.orderSn'), cell: (order) => order.orderSn, td: () => ({ ff: 'monospace' }) },
        { header: detailColumn, cell: detail },
        { header: t('columns.coins'), cell: (order) => formatAmount(order.amount) },
        {
          header: t('columns.status'),
          cell: (order) => isMovementOrderStatus(order.status) && <OrderStatusBadge status={order.status} />,
        },
      ]}
      empty={t('empty')}
      pageNum={query.pageNum}
      pageSize={teamPageSize}
      onPage={onPage}
      loadFailed={(retry) => <LoadFailed onRetry={retry} />}
    />
  );
}

/** The members' deposits, yen orders and crypto deposits in one list (docs/requirements.md §6.6). */
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
      detail={(order) => (order.mode === 'crypto' ? <CryptoDepositChannel deposit={order} /> : order.channelName)}
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
      detail={(withdrawal) =>
        withdrawal.method === 'bank'
          ? `${withdrawal.bankCard.bankName} ${withdrawal.bankCard.maskedCardNumber}`
          : `${withdrawal.coin} ${withdrawal.network}`
      }
    />
  );
}
