import { maxDateRangeDays } from '@contract/endpoint';
import type { BalanceMovement } from '@contract/record';
import { ActionIcon, Anchor, Card, Group, type TableTdProps, Tabs, Tooltip } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChoiceField,
  FilterForm,
  PeriodField,
  type PickedPeriod,
  pickedOf,
  SearchField,
  useFilterForm,
} from '@/components/filter-form';
import { OrderStatusBadge } from '@/components/order-status-badge';
import { PageFrame } from '@/components/page-frame';
import { type PagedRecords, RecordTable } from '@/components/record-table';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { CryptoDepositChannel, CryptoWithdrawalDetails } from '../crypto/crypto-records';
import { LoadFailed } from '../user/account-gates';
import { MovementDetail, movementKindLabel, signedCoins } from './movement-detail';
import {
  depositRecordsQueryOptions,
  gameRecordsQueryOptions,
  gameTotalsQueryOptions,
  movementRecordsQueryOptions,
  withdrawalRecordsQueryOptions,
} from './queries';
import {
  type RecordQuery,
  type RecordSearch,
  type RecordTab,
  recordQueryOf,
  recordTabs,
  statusFilters,
  typeFilters,
} from './record-filters';

/** The records page: deposits, withdrawals, balance movements and game rounds, filtered and paged. */
export function RecordPage({
  search,
  onSearchChange,
}: {
  search: RecordSearch;
  onSearchChange(next: RecordSearch): void;
}) {
  const { t } = useTranslation('record');
  const query = recordQueryOf(search);
  const change = (patch: Partial<RecordSearch>) => onSearchChange({ ...search, page: undefined, ...patch });

  return (
    <PageFrame title={t('account:record.title')} description={t('description')}>
      <Tabs
        value={query.tab}
        onChange={(tab) => tab && onSearchChange({ tab: tab as RecordTab, from: search.from, to: search.to })}
      >
        <Tabs.List>
          {recordTabs.map((tab) => (
            <Tabs.Tab key={tab} value={tab}>
              {t(`tabs.${tab}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <RecordFilters query={query} onChange={change} />
      {query.tab === 'deposits' && (
        <DepositRecords query={query} onPage={(page) => onSearchChange({ ...search, page })} />
      )}
      {query.tab === 'withdrawals' && (
        <WithdrawalRecords query={query} onPage={(page) => onSearchChange({ ...search, page })} />
      )}
      {query.tab === 'movements' && (
        <MovementRecords query={query} onPage={(page) => onSearchChange({ ...search, page })} />
      )}
      {query.tab === 'games' && <GameRecords query={query} onPage={(page) => onSearchChange({ ...search, page })} />}
    </PageFrame>
  );
}

/** The list's filters as one form, made again when the search it shows changes (another tab, a filter applied). */
function RecordFilters({ query, onChange }: { query: RecordQuery; onChange(patch: Partial<RecordSearch>): void }) {
  const shown = [query.tab, query.period.from, query.period.to, query.type, query.status, query.gameName];
  return <RecordFilterForm key={shown.join('|')} query={query} onChange={onChange} />;
}

function RecordFilterForm({ query, onChange }: { query: RecordQuery; onChange(patch: Partial<RecordSearch>): void }) {
  const { t } = useTranslation('record');
  const queryClient = useQueryClient();
  const types = typeFilters[query.tab];
  const statuses = statusFilters[query.tab];
  const form = useFilterForm<{ period: PickedPeriod; type: string | null; status: string | null; gameName: string }>({
    period: pickedOf(query.period.from, query.period.to),
    type: query.type ?? null,
    status: query.status ?? null,
    gameName: query.gameName ?? '',
  });

  return (
    <Card withBorder radius="md" padding="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <FilterForm
          form={form}
          namespace="record"
          onApply={({ period: [from, to], type, status, gameName }) =>
            onChange({
              ...(from && to ? { from, to } : {}),
              type: type ?? undefined,
              status: status ?? undefined,
              gameName: gameName.trim() === '' ? undefined : gameName.trim(),
            })
          }
        >
          <PeriodField
            label={t('filters.period')}
            description={t('filters.periodHint', { days: maxDateRangeDays })}
            miw={260}
          />
          {types.length > 0 && (
            <ChoiceField
              name="type"
              label={t('filters.type')}
              placeholder={t('filters.all')}
              data={types.map((value) => ({ value, label: t(`types.${query.tab}.${value}`) }))}
              w={180}
            />
          )}
          {statuses.length > 0 && (
            <ChoiceField
              name="status"
              label={t('filters.status')}
              placeholder={t('filters.all')}
              data={statuses.map((value) => ({ value, label: t(`status.${value}`) }))}
              w={200}
            />
          )}
          {query.tab === 'games' && (
            <SearchField name="gameName" label={t('filters.gameName')} maxLength={50} w={200} />
          )}
        </FilterForm>
        <Tooltip label={t('filters.refresh')}>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label={t('filters.refresh')}
            onClick={() => void queryClient.invalidateQueries({ queryKey: ['record'] })}
          >
            ↻
          </ActionIcon>
        </Tooltip>
      </Group>
    </Card>
  );
}

/** A tab's records, with the page's texts and paging. */
function RecordList<TData extends PagedRecords>({
  query,
  ...table
}: Pick<
  Parameters<typeof RecordTable<TData>>[0],
  'result' | 'totals' | 'columns' | 'rowKey' | 'onRowClick' | 'onPage'
> & { query: RecordQuery }) {
  const { t } = useTranslation('record');
  return (
    <RecordTable
      {...table}
      label={t(`tabs.${query.tab}`)}
      totalsLabel={t('totals.title')}
      empty={t('empty')}
      pageNum={query.pageNum}
      pageSize={query.pageSize}
      loadFailed={(retry) => <LoadFailed onRetry={retry} />}
    />
  );
}

const monospace = (): TableTdProps => ({ ff: 'monospace' });
/** A gain in green, a loss in red. */
const signed = (amount: number): TableTdProps => ({ c: amount < 0 ? 'red' : 'teal', fw: 600 });

/** Yen orders and crypto deposits in one list, with one total over every page (docs/requirements.md §5.12). */
function DepositRecords({ query, onPage }: { query: RecordQuery; onPage(page: number): void }) {
  const { t } = useTranslation('record');
  const result = useQuery(depositRecordsQueryOptions(currentLanguage(), query));
  return (
    <RecordList
      result={result}
      query={query}
      onPage={onPage}
      totals={(data) => [
        [t('totals.count'), formatAmount(data.total)],
        [t('totals.deposited'), t('coins', { amount: formatAmount(data.totals.completed.amount) })],
        [t('totals.pending'), t('coins', { amount: formatAmount(data.totals.pending.amount) })],
        [t('totals.refunded'), t('coins', { amount: formatAmount(data.totals.refunded.amount) })],
        [t('totals.failed'), t('coins', { amount: formatAmount(data.totals.failed.amount) })],
      ]}
      rowKey={(order) => order.orderSn}
      columns={[
        { header: t('columns.createdAt'), cell: (order) => formatDateTime(order.createdAt) },
        { header: t('columns.orderSn'), cell: (order) => order.orderSn, td: monospace },
        {
          header: t('columns.channel'),
          cell: (order) => (order.mode === 'crypto' ? <CryptoDepositChannel deposit={order} /> : order.channelName),
        },
        { header: t('columns.coins'), cell: (order) => formatAmount(order.amount) },
        { header: t('columns.fee'), cell: (order) => formatAmount(order.fee) },
        { header: t('columns.status'), cell: (order) => <OrderStatusBadge status={order.status} /> },
        {
          header: t('columns.note'),
          cell: (order) =>
            order.status === 'pendingPayment' || order.status === 'inProgress' ? (
              <AnchorLink to="/user/finance/deposit" search={{ orderSn: order.orderSn }} size="sm">
                {t('howToPay')}
              </AnchorLink>
            ) : (
              (order.failureReason ?? '')
            ),
        },
      ]}
    />
  );
}

function WithdrawalRecords({ query, onPage }: { query: RecordQuery; onPage(page: number): void }) {
  const { t } = useTranslation('record');
  const result = useQuery(withdrawalRecordsQueryOptions(currentLanguage(), query));
  return (
    <RecordList
      result={result}
      query={query}
      onPage={onPage}
      totals={(data) => [
        [t('totals.count'), formatAmount(data.total)],
        [t('totals.withdrawn'), t('coins', { amount: formatAmount(data.totals.completed.amount) })],
        [t('totals.pending'), t('coins', { amount: formatAmount(data.totals.pending.amount) })],
        [t('totals.failed'), t('coins', { amount: formatAmount(data.totals.failed.amount) })],
      ]}
      rowKey={(withdrawal) => withdrawal.orderSn}
      columns={[
        { header: t('columns.createdAt'), cell: (withdrawal) => formatDateTime(withdrawal.createdAt) },
        { header: t('columns.orderSn'), cell: (withdrawal) => withdrawal.orderSn, td: monospace },
        {
          header: t('columns.destination'),
          cell: (withdrawal) =>
            withdrawal.method === 'bank' ? (
              `${withdrawal.bankCard.bankName} ${withdrawal.bankCard.maskedCardNumber}`
            ) : (
              <CryptoWithdrawalDetails withdrawal={withdrawal} />
            ),
        },
        { header: t('columns.coins'), cell: (withdrawal) => formatAmount(withdrawal.amount) },
        { header: t('columns.status'), cell: (withdrawal) => <OrderStatusBadge status={withdrawal.status} /> },
        { header: t('columns.note'), cell: (withdrawal) => withdrawal.failureReason ?? '' },
      ]}
    />
  );
}

function MovementRecords({ query, onPage }: { query: RecordQuery; onPage(page: number): void }) {
  const { t } = useTranslation('record');
  const result = useQuery(movementRecordsQueryOptions(currentLanguage(), query));
  const [opened, setOpened] = useState<BalanceMovement | null>(null);
  return (
    <>
      <RecordList
        result={result}
        query={query}
        onPage={onPage}
        totals={(data) => [
          [t('totals.count'), formatAmount(data.total)],
          [t('totals.credited'), t('coins', { amount: formatAmount(data.credited) })],
          [t('totals.debited'), t('coins', { amount: formatAmount(data.debited) })],
        ]}
        rowKey={(movement) => movement.id}
        onRowClick={setOpened}
        columns={[
          { header: t('columns.createdAt'), cell: (movement) => formatDateTime(movement.createdAt) },
          {
            header: t('columns.kind'),
            cell: (movement) => (
              // The row opens its detail by pointer; this button is the way in by keyboard.
              <Anchor
                component="button"
                type="button"
                size="sm"
                aria-haspopup="dialog"
                onClick={(event) => {
                  event.stopPropagation();
                  setOpened(movement);
                }}
              >
                {movementKindLabel(t, movement.kind)}
              </Anchor>
            ),
          },
          {
            header: t('columns.change'),
            cell: (movement) => signedCoins(movement.amount),
            td: (movement) => signed(movement.amount),
          },
          { header: t('columns.balanceAfter'), cell: (movement) => formatAmount(movement.balanceAfter) },
          { header: t('columns.reference'), cell: (movement) => movement.reference, td: monospace },
        ]}
      />
      <MovementDetail movement={opened} onClose={() => setOpened(null)} />
    </>
  );
}

/** The provider's page in the reader's language (the studio's pages read `lang`). */
function inLanguage(href: string, language: string): string {
  const url = new URL(href, window.location.origin);
  url.searchParams.set('lang', language);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}

function GameRecords({ query, onPage }: { query: RecordQuery; onPage(page: number): void }) {
  const { t } = useTranslation('record');
  const lng = currentLanguage();
  const result = useQuery(gameRecordsQueryOptions(lng, query));
  const totals = useQuery(gameTotalsQueryOptions(lng, query));
  return (
    <RecordList
      result={result}
      query={query}
      onPage={onPage}
      totals={(data) => {
        const sums = totals.data;
        return [
          [t('totals.rounds'), formatAmount(sums?.recordCount ?? data.total)],
          [t('totals.bet'), sums ? formatAmount(sums.totalBet) : '…'],
          [t('totals.win'), sums ? formatAmount(sums.totalWin) : '…'],
          [t('totals.profitLoss'), sums ? formatAmount(sums.totalProfitLoss) : '…'],
        ];
      }}
      rowKey={(round) => round.id}
      columns={[
        { header: t('columns.playedAt'), cell: (round) => formatDateTime(round.playedAt) },
        { header: t('columns.game'), cell: (round) => round.gameName },
        { header: t('columns.machine'), cell: (round) => round.machineId, td: monospace },
        { header: t('columns.bet'), cell: (round) => formatAmount(round.betAmount) },
        { header: t('columns.win'), cell: (round) => formatAmount(round.winAmount) },
        {
          header: t('columns.profitLoss'),
          cell: (round) => formatAmount(round.profitLoss),
          td: (round) => signed(round.profitLoss),
        },
        {
          header: t('columns.proof'),
          cell: (round) =>
            round.verifyUrl && (
              <Anchor href={inLanguage(round.verifyUrl, lng)} target="_blank" rel="noopener" size="sm">
                {t('verifyRound')}
              </Anchor>
            ),
        },
      ]}
    />
  );
}
