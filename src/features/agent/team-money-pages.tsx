import { Badge, Card, Group, Select, Skeleton, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
import { AccountSearch, FigureGrid, RefreshButton, TeamPeriodInput, TeamTable } from './team-page-parts';
import { teamDepositsQueryOptions, teamWithdrawalsQueryOptions } from './team-queries';

interface TeamMoneyPageProps {
  search: TeamSearch;
  onSearchChange(next: TeamSearch): void;
}

const statusColors: Record<string, string> = {
  pendingPayment: 'yellow',
  paymentSuccessful: 'teal',
  refundInProcess: 'orange',
  refundSuccessful: 'gray',
  inProgress: 'yellow',
  successful: 'teal',
  failed: 'red',
  withdrawalReview: 'yellow',
  withdrawing: 'blue',
  withdrawalSuccessful: 'teal',
  withdrawalFailed: 'red',
};

function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('record');
  return (
    <Badge color={statusColors[status] ?? 'gray'} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
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
  // The status names are the records' own.
  const { t } = useTranslation(['agent-reports', 'record']);
  return (
    <Card withBorder radius="md" padding="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TeamPeriodInput query={query} onChange={onChange} />
        <AccountSearch value={query.account ?? ''} onApply={(account) => onChange({ account })} />
        <Select
          label={t('filters.status')}
          placeholder={t('filters.all')}
          data={statuses.map((value) => ({ value, label: t(`record:status.${value}`) }))}
          value={query.status ?? null}
          onChange={(value) => onChange({ status: value ?? undefined })}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
        <RefreshButton />
      </Group>
    </Card>
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

/** The members' deposits (docs/requirements.md §6.6). */
export function TeamRechargePage({ search, onSearchChange }: TeamMoneyPageProps) {
  const { t } = useTranslation('agent-reports');
  const isAgent = useIsAgent();
  const query = teamQueryOf(search, 'lastDays');
  const change = (patch: Partial<TeamSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  return (
    <PageFrame title={t('account:teamRecharge.title')} description={t('recharge.description')}>
      {isAgent && (
        <Stack gap="lg">
          <MoneyFilters query={query} statuses={teamDepositStatuses} onChange={change} />
          <TeamDeposits query={query} onPage={(page) => onSearchChange({ ...search, page })} />
        </Stack>
      )}
    </PageFrame>
  );
}

function TeamDeposits({ query, onPage }: { query: TeamQuery; onPage(page: number): void }) {
  const { t } = useTranslation('agent-reports');
  const result = useQuery(teamDepositsQueryOptions(currentLanguage(), query));
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!result.data) return <Skeleton h={240} radius="md" />;
  return (
    <Stack gap="md">
      <FigureGrid label={t('totals.title')} items={totalsItems(t, result.data.totals)} />
      <TeamTable
        label={t('recharge.list')}
        total={result.data.total}
        pageNum={query.pageNum}
        onPage={onPage}
        head={[
          t('columns.createdAt'),
          t('columns.account'),
          t('columns.orderSn'),
          t('columns.channel'),
          t('columns.coins'),
          t('columns.status'),
        ]}
        rows={result.data.list.map((order) => (
          <Table.Tr key={order.orderSn}>
            <Table.Td>{formatDateTime(order.createdAt)}</Table.Td>
            <Table.Td>{order.account}</Table.Td>
            <Table.Td ff="monospace">{order.orderSn}</Table.Td>
            <Table.Td>{order.channelName}</Table.Td>
            <Table.Td>{formatAmount(order.amount)}</Table.Td>
            <Table.Td>
              <StatusBadge status={order.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      />
    </Stack>
  );
}

/** The members' withdrawals (docs/requirements.md §6.6). */
export function TeamWithdrawPage({ search, onSearchChange }: TeamMoneyPageProps) {
  const { t } = useTranslation('agent-reports');
  const isAgent = useIsAgent();
  const query = teamQueryOf(search, 'lastDays');
  const change = (patch: Partial<TeamSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  return (
    <PageFrame title={t('account:teamWithdraw.title')} description={t('withdraw.description')}>
      {isAgent && (
        <Stack gap="lg">
          <MoneyFilters query={query} statuses={teamWithdrawalStatuses} onChange={change} />
          <TeamWithdrawals query={query} onPage={(page) => onSearchChange({ ...search, page })} />
        </Stack>
      )}
    </PageFrame>
  );
}

function TeamWithdrawals({ query, onPage }: { query: TeamQuery; onPage(page: number): void }) {
  const { t } = useTranslation('agent-reports');
  const result = useQuery(teamWithdrawalsQueryOptions(currentLanguage(), query));
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!result.data) return <Skeleton h={240} radius="md" />;
  return (
    <Stack gap="md">
      <FigureGrid label={t('totals.title')} items={totalsItems(t, result.data.totals)} />
      <TeamTable
        label={t('withdraw.list')}
        total={result.data.total}
        pageNum={query.pageNum}
        onPage={onPage}
        head={[
          t('columns.createdAt'),
          t('columns.account'),
          t('columns.orderSn'),
          t('columns.destination'),
          t('columns.coins'),
          t('columns.status'),
        ]}
        rows={result.data.list.map((withdrawal) => (
          <Table.Tr key={withdrawal.orderSn}>
            <Table.Td>{formatDateTime(withdrawal.createdAt)}</Table.Td>
            <Table.Td>{withdrawal.account}</Table.Td>
            <Table.Td ff="monospace">{withdrawal.orderSn}</Table.Td>
            <Table.Td>
              {withdrawal.method === 'bank'
                ? `${withdrawal.bankCard.bankName} ${withdrawal.bankCard.maskedCardNumber}`
                : `${withdrawal.coin} ${withdrawal.network}`}
            </Table.Td>
            <Table.Td>{formatAmount(withdrawal.amount)}</Table.Td>
            <Table.Td>
              <StatusBadge status={withdrawal.status} />
            </Table.Td>
          </Table.Tr>
        ))}
      />
    </Stack>
  );
}
