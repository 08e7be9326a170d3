import type { ManualDepositItem } from '@contract/deposit-desk';
import { manualStatuses } from '@contract/money';
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { DeskTable, PlayerCell, StatusBadge } from '../admin/desk-list';
import { PlayerFilter, QueuePage, type QueuePageProps, StatusFilter } from '../admin/queue-page';
import { queueDefaults } from '../admin/queue-search';
import { ReviewControls } from '../admin/review-controls';
import { manualDepositQueueQueryOptions } from './desk-queries';
import { manualDepositDecision } from './desk-review-flow';
import type { ManualDepositQueueSearch } from './desk-search';

/**
 * Bank transfers the players say they made, oldest first. The operator matches each with the bank
 * statement (the transfer note is the order number) and confirms the yen that arrived, which buys the
 * coins once; a transfer that never came is marked failed with a reason, and nothing is credited.
 */
export function ManualDepositQueuePage(props: QueuePageProps<ManualDepositQueueSearch>) {
  const { t } = useTranslation('admin');
  const result = useQuery(manualDepositQueueQueryOptions(currentLanguage(), props.search));
  return (
    <QueuePage
      {...props}
      title={t('deposits.title')}
      description={t('deposits.description')}
      result={result}
      filters={(change) => (
        <>
          <StatusFilter
            value={props.search.status}
            options={manualStatuses}
            standard={queueDefaults.deposits}
            onChange={(status) => change({ status })}
          />
          <PlayerFilter value={props.search.keyword} onApply={(keyword) => change({ keyword })} />
        </>
      )}
      periodLabel={t('filters.ordered')}
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
    </QueuePage>
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
      <Table.Td data-user-content>{order.payerName}</Table.Td>
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
