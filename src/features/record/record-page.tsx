import { maxDateRangeDays } from '@contract/endpoint';
import type { BalanceMovement } from '@contract/record';
import {
  ActionIcon,
  Anchor,
  Card,
  Center,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureGrid } from '@/components/figure-grid';
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
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { CryptoDeposits, CryptoWithdrawalDetails } from '../crypto/crypto-records';
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
  pageCountOf,
  type RecordQuery,
  type RecordSearch,
  type RecordTab,
  recordQueryOf,
  recordTabs,
  statusFilters,
  typeFilters,
} from './record-filters';
import classes from './record-page.module.css';

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
        <>
          <DepositRecords query={query} onPage={(page) => onSearchChange({ ...search, page })} />
          <CryptoDeposits />
        </>
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

function RecordList<T extends { total: number }>({
  result,
  query,
  onPage,
  totals,
  head,
  rows,
}: {
  result: UseQueryResult<T>;
  query: RecordQuery;
  onPage(page: number): void;
  totals(data: T): [string, string][];
  head: string[];
  rows(data: T): ReactNode[];
}) {
  const { t } = useTranslation('record');
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!result.data) return <Skeleton h={240} radius="md" />;
  const body = rows(result.data);
  return (
    <Stack gap="md">
      <FigureGrid label={t('totals.title')} items={totals(result.data)} />
      {body.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed" ta="center">
            {t('empty')}
          </Text>
        </Card>
      ) : (
        <Table.ScrollContainer
          minWidth="var(--records-min-width)"
          className={classes.records}
          style={Object.fromEntries(
            head.map((label, index) => [`--record-column-${index + 1}`, JSON.stringify(label)]),
          )}
        >
          <Table striped highlightOnHover aria-label={t(`tabs.${query.tab}`)}>
            <Table.Thead>
              <Table.Tr>
                {head.map((label) => (
                  <Table.Th key={label}>{label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{body}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {result.data.total > query.pageSize && (
        <Center>
          <Pagination total={pageCountOf(result.data.total)} value={query.pageNum} onChange={onPage} />
        </Center>
      )}
    </Stack>
  );
}

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
      head={[
        t('columns.createdAt'),
        t('columns.orderSn'),
        t('columns.channel'),
        t('columns.coins'),
        t('columns.fee'),
        t('columns.status'),
        t('columns.note'),
      ]}
      rows={(data) =>
        data.list.map((order) => (
          <Table.Tr key={order.orderSn}>
            <Table.Td>{formatDateTime(order.createdAt)}</Table.Td>
            <Table.Td ff="monospace">{order.orderSn}</Table.Td>
            <Table.Td>{order.channelName}</Table.Td>
            <Table.Td>{formatAmount(order.amount)}</Table.Td>
            <Table.Td>{formatAmount(order.fee)}</Table.Td>
            <Table.Td>
              <OrderStatusBadge status={order.status} />
            </Table.Td>
            <Table.Td>
              {order.status === 'pendingPayment' || order.status === 'inProgress' ? (
                <AnchorLink to="/user/finance/deposit" search={{ orderSn: order.orderSn }} size="sm">
                  {t('howToPay')}
                </AnchorLink>
              ) : (
                (order.failureReason ?? '')
              )}
            </Table.Td>
          </Table.Tr>
        ))
      }
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
      head={[
        t('columns.createdAt'),
        t('columns.orderSn'),
        t('columns.destination'),
        t('columns.coins'),
        t('columns.status'),
        t('columns.note'),
      ]}
      rows={(data) =>
        data.list.map((withdrawal) => (
          <Table.Tr key={withdrawal.orderSn}>
            <Table.Td>{formatDateTime(withdrawal.createdAt)}</Table.Td>
            <Table.Td ff="monospace">{withdrawal.orderSn}</Table.Td>
            <Table.Td>
              {withdrawal.method === 'bank' ? (
                `${withdrawal.bankCard.bankName} ${withdrawal.bankCard.maskedCardNumber}`
              ) : (
                <CryptoWithdrawalDetails withdrawal={withdrawal} />
              )}
            </Table.Td>
            <Table.Td>{formatAmount(withdrawal.amount)}</Table.Td>
            <Table.Td>
              <OrderStatusBadge status={withdrawal.status} />
            </Table.Td>
            <Table.Td>{withdrawal.failureReason ?? ''}</Table.Td>
          </Table.Tr>
        ))
      }
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
        head={[
          t('columns.createdAt'),
          t('columns.kind'),
          t('columns.change'),
          t('columns.balanceAfter'),
          t('columns.reference'),
        ]}
        rows={(data) =>
          data.list.map((movement) => (
            <Table.Tr key={movement.id} onClick={() => setOpened(movement)}>
              <Table.Td>{formatDateTime(movement.createdAt)}</Table.Td>
              <Table.Td>
                {/* The row opens its detail by pointer; this button is the way in by keyboard. */}
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
              </Table.Td>
              <Table.Td c={movement.amount < 0 ? 'red' : 'teal'} fw={600}>
                {signedCoins(movement.amount)}
              </Table.Td>
              <Table.Td>{formatAmount(movement.balanceAfter)}</Table.Td>
              <Table.Td ff="monospace">{movement.reference}</Table.Td>
            </Table.Tr>
          ))
        }
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
      head={[
        t('columns.playedAt'),
        t('columns.game'),
        t('columns.machine'),
        t('columns.bet'),
        t('columns.win'),
        t('columns.profitLoss'),
        t('columns.proof'),
      ]}
      rows={(data) =>
        data.list.map((round) => (
          <Table.Tr key={round.id}>
            <Table.Td>{formatDateTime(round.playedAt)}</Table.Td>
            <Table.Td>{round.gameName}</Table.Td>
            <Table.Td ff="monospace">{round.machineId}</Table.Td>
            <Table.Td>{formatAmount(round.betAmount)}</Table.Td>
            <Table.Td>{formatAmount(round.winAmount)}</Table.Td>
            <Table.Td c={round.profitLoss < 0 ? 'red' : 'teal'} fw={600}>
              {formatAmount(round.profitLoss)}
            </Table.Td>
            <Table.Td>
              {round.verifyUrl && (
                <Anchor href={inLanguage(round.verifyUrl, lng)} target="_blank" rel="noopener" size="sm">
                  {t('verifyRound')}
                </Anchor>
              )}
            </Table.Td>
          </Table.Tr>
        ))
      }
    />
  );
}
