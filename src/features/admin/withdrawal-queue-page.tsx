import type { WithdrawalReviewItem } from '@contract/admin';
import { withdrawalMethods } from '@contract/draw';
import { withdrawalStatuses } from '@contract/money';
import { Stack, Table, Text } from '@mantine/core';
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
import { withdrawalQueueQueryOptions } from './queries';
import { queueDefaults, type WithdrawalQueueSearch } from './queue-search';
import { ReviewControls } from './review-controls';
import { withdrawalDecision } from './review-flow';

/**
 * Withdrawals, oldest first. Approving posts the held coins and starts the payout; rejecting voids
 * the hold, so the coins are back in the player's balance, and the player reads the reason.
 */
export function WithdrawalQueuePage({
  search,
  onSearchChange,
}: {
  search: WithdrawalQueueSearch;
  onSearchChange(next: WithdrawalQueueSearch): void;
}) {
  const { t } = useTranslation('admin');
  const result = useQuery(withdrawalQueueQueryOptions(currentLanguage(), search));
  const change = (patch: Partial<WithdrawalQueueSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  return (
    <DeskPage title={t('withdrawals.title')} description={t('withdrawals.description')}>
      <FilterBar>
        <ChoiceFilter
          label={t('filters.status')}
          value={search.status ?? queueDefaults.withdrawals}
          options={withdrawalStatuses}
          optionLabel={(status) => t(`status.${status}`)}
          onChange={(status) => change({ status: status === queueDefaults.withdrawals ? undefined : status })}
          clearable={false}
        />
        <ChoiceFilter
          label={t('filters.method')}
          placeholder={t('filters.all')}
          value={search.method}
          options={withdrawalMethods}
          optionLabel={(method) => t(`withdrawals.methods.${method}`)}
          onChange={(method) => change({ method })}
        />
        <TextFilter
          label={t('filters.player')}
          value={search.keyword}
          onApply={(keyword) => change({ keyword })}
          maxLength={100}
        />
        <PeriodFilter label={t('filters.requested')} from={search.from} to={search.to} onChange={change} />
      </FilterBar>
      <DeskList
        result={result}
        page={search.page ?? 1}
        onPage={(page) => onSearchChange({ ...search, page })}
        label={t('withdrawals.title')}
      >
        {(data) => (
          <DeskTable
            label={t('withdrawals.title')}
            head={[
              t('columns.requestedAt'),
              t('columns.orderSn'),
              t('columns.player'),
              t('columns.destination'),
              t('columns.coins'),
              t('columns.fee'),
              t('columns.status'),
              t('columns.decision'),
            ]}
            minWidth={960}
          >
            {data.list.map((withdrawal) => (
              <WithdrawalRow key={withdrawal.orderSn} withdrawal={withdrawal} />
            ))}
          </DeskTable>
        )}
      </DeskList>
    </DeskPage>
  );
}

function WithdrawalRow({ withdrawal }: { withdrawal: WithdrawalReviewItem }) {
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(withdrawal.createdAt)}</Table.Td>
      <Table.Td ff="monospace">{withdrawal.orderSn}</Table.Td>
      <Table.Td>
        <PlayerCell user={withdrawal.user} />
      </Table.Td>
      <Table.Td>
        {withdrawal.method === 'bank' ? (
          `${withdrawal.bankCard.bankName} ${withdrawal.bankCard.maskedCardNumber}`
        ) : (
          <Stack gap={0}>
            <Text size="sm">{`${withdrawal.coin} ${withdrawal.network}`}</Text>
            <Text size="xs" ff="monospace" c="dimmed">
              {withdrawal.address}
            </Text>
          </Stack>
        )}
      </Table.Td>
      <Table.Td>{formatAmount(withdrawal.amount)}</Table.Td>
      <Table.Td>{formatAmount(withdrawal.fee)}</Table.Td>
      <Table.Td>
        <StatusBadge status={withdrawal.status} />
      </Table.Td>
      <Table.Td>
        {withdrawal.status === 'withdrawalReview' ? (
          <ReviewControls
            kind="withdrawal"
            subject={withdrawal.orderSn}
            send={withdrawalDecision(withdrawal.orderSn)}
          />
        ) : (
          <Text size="sm">
            {withdrawal.failureReason ?? (withdrawal.completedAt ? formatDateTime(withdrawal.completedAt) : '')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
