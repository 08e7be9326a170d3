import type { ManualDepositItem } from '@contract/admin';
import { manualStatuses } from '@contract/money';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import {
  ChoiceFilter,
  DeskList,
  DeskPage,
  DeskTable,
  FilterBar,
  PeriodFilter,
  PlayerCell,
  StatusBadge,
  TextFilter,
} from './desk-list';
import { manualDepositQueueQueryOptions } from './queries';
import { type ManualDepositQueueSearch, queueDefaults } from './queue-search';
import { ReviewControls } from './review-controls';
import { manualDepositDecision } from './review-flow';

/**
 * Bank transfers the players say they made, oldest first. The operator matches each with the bank
 * statement (the transfer note is the order number) and confirms the yen that arrived, which buys the
 * coins once; a transfer that never came is marked failed with a reason, and nothing is credited.
 */
export function ManualDepositQueuePage({
  search,
  onSearchChange,
}: {
  search: ManualDepositQueueSearch;
  onSearchChange(next: ManualDepositQueueSearch): void;
}) {
  const { t } = useTranslation('admin');
  const result = useQuery(manualDepositQueueQueryOptions(currentLanguage(), search));
  const change = (patch: Partial<ManualDepositQueueSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  return (
    <DeskPage title={t('deposits.title')} description={t('deposits.description')}>
      <FilterBar>
        <ChoiceFilter
          label={t('filters.status')}
          value={search.status ?? queueDefaults.deposits}
          options={manualStatuses}
          optionLabel={(status) => t(`status.${status}`)}
          onChange={(status) => change({ status: status === queueDefaults.deposits ? undefined : status })}
          clearable={false}
        />
        <TextFilter
          label={t('filters.player')}
          value={search.keyword}
          onApply={(keyword) => change({ keyword })}
          maxLength={100}
        />
        <PeriodFilter label={t('filters.ordered')} from={search.from} to={search.to} onChange={change} />
      </FilterBar>
      <DeskList
        result={result}
        page={search.page ?? 1}
        onPage={(page) => onSearchChange({ ...search, page })}
        label={t('deposits.title')}
      >
        {(data) => (
          <DeskTable
            label={t('deposits.title')}
            head={[
              t('columns.orderedAt'),
              t('columns.orderSn'),
              t('columns.player'),
              t('columns.payerName'),
              t('columns.channel'),
              t('columns.coins'),
              t('columns.fee'),
              t('columns.status'),
              t('columns.decision'),
            ]}
            minWidth={1020}
          >
            {data.list.map((order) => (
              <ManualDepositRow key={order.orderSn} order={order} />
            ))}
          </DeskTable>
        )}
      </DeskList>
    </DeskPage>
  );
}

function ManualDepositRow({ order }: { order: ManualDepositItem }) {
  const { t } = useTranslation('admin');
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(order.createdAt)}</Table.Td>
      <Table.Td ff="monospace">{order.orderSn}</Table.Td>
      <Table.Td>
        <PlayerCell user={order.user} />
      </Table.Td>
      <Table.Td>{order.payerName}</Table.Td>
      <Table.Td>{order.channelName}</Table.Td>
      <Table.Td>{formatAmount(order.amount)}</Table.Td>
      <Table.Td>{formatAmount(order.fee)}</Table.Td>
      <Table.Td>
        <StatusBadge status={order.status} />
      </Table.Td>
      <Table.Td>
        {order.status === 'inProgress' ? (
          <ReviewControls
            kind="deposit"
            subject={order.orderSn}
            send={manualDepositDecision(order.orderSn)}
            asksAmount
            amountHint={t('deposits.amountHint', {
              yen: formatAmount(order.yenAmount),
              coins: formatAmount(order.amount + order.fee),
              payer: order.payerName,
            })}
          />
        ) : (
          <Text size="sm">{order.paidAt ? formatDateTime(order.paidAt) : (order.failureReason ?? '')}</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
