import { withdrawalStatuses } from '@contract/money';
import { withdrawalMethods } from '@contract/withdrawal';
import type { WithdrawalReviewItem } from '@contract/withdrawal-desk';
import { Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatCoinAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { ChoiceFilter, DeskTable, PlayerCell, StatusBadge } from '../admin/desk-list';
import { useOperatorSession } from '../admin/operator-session';
import { deskQueryKey } from '../admin/queries';
import { PlayerFilter, QueuePage, type QueuePageProps, StatusFilter } from '../admin/queue-page';
import { queueDefaults } from '../admin/queue-search';
import { ReviewControls } from '../admin/review-controls';
import { CryptoLines } from '../crypto/crypto-records';
import { cryptoPairsQueryOptions } from '../crypto/desk-queries';
import { withdrawalQueueQueryOptions } from './desk-queries';
import { approvalStepOf, withdrawalDecision } from './desk-review-flow';
import { RiskCell } from './desk-risk';
import type { WithdrawalQueueSearch } from './desk-search';

/**
 * Withdrawals, oldest first. Approving posts the held coins and starts the payout; rejecting voids
 * the hold, so the coins are back in the player's balance, and the player reads the reason.
 */
export function WithdrawalQueuePage(props: QueuePageProps<WithdrawalQueueSearch>) {
  const { t } = useTranslation('admin');
  const result = useQuery(withdrawalQueueQueryOptions(currentLanguage(), props.search));
  return (
    <QueuePage
      {...props}
      title={t('withdrawals.title')}
      description={t('withdrawals.description')}
      result={result}
      filters={(change) => (
        <>
          <StatusFilter
            value={props.search.status}
            options={withdrawalStatuses}
            standard={queueDefaults.withdrawals}
            onChange={(status) => change({ status })}
          />
          <ChoiceFilter
            label={t('filters.method')}
            placeholder={t('filters.all')}
            value={props.search.method}
            options={withdrawalMethods}
            optionLabel={(method) => t(`withdrawals.methods.${method}`)}
            onChange={(method) => change({ method })}
          />
          <PlayerFilter value={props.search.keyword} onApply={(keyword) => change({ keyword })} />
        </>
      )}
      periodLabel={t('filters.requested')}
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
            t('columns.risk'),
            t('columns.decision'),
          ]}
          minWidth={1120}
        >
          {data.list.map((withdrawal) => (
            <WithdrawalRow key={withdrawal.orderSn} withdrawal={withdrawal} />
          ))}
        </DeskTable>
      )}
    </QueuePage>
  );
}

type CryptoReviewItem = Extract<WithdrawalReviewItem, { method: 'crypto' }>;

/**
 * A crypto withdrawal's chain details in whole coins, by the decimals of its pair; in base units
 * while the pairs load or for a pair no longer listed, so an amount is never shown wrong.
 */
function DeskCryptoLines({ withdrawal }: { withdrawal: CryptoReviewItem }) {
  const { t } = useTranslation('admin');
  const pairs = useQuery(cryptoPairsQueryOptions());
  const decimals = pairs.data?.find(
    (pair) => pair.coin === withdrawal.coin && pair.network === withdrawal.network,
  )?.decimals;
  const coins = (units: string) =>
    decimals === undefined
      ? t('crypto:baseUnits', { units })
      : `${formatCoinAmount(units, decimals)} ${withdrawal.coin}`;
  return <CryptoLines withdrawal={withdrawal} coins={coins} />;
}

function WithdrawalRow({ withdrawal }: { withdrawal: WithdrawalReviewItem }) {
  const { t } = useTranslation('admin');
  // A crypto payout goes to an address on a network, not to a bank account: the dialog says where.
  const approvalOf = (item: WithdrawalReviewItem) =>
    item.method === 'crypto'
      ? t('review.withdrawal.approveCryptoMessage', { coin: item.coin, network: item.network, address: item.address })
      : t('review.withdrawal.approveBankMessage', {
          bank: item.bankCard.bankName,
          card: item.bankCard.maskedCardNumber,
        });
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(withdrawal.createdAt)}</Table.Td>
      <Table.Td ff="monospace">{withdrawal.orderSn}</Table.Td>
      <Table.Td>
        <PlayerCell user={withdrawal.user} />
      </Table.Td>
      <Table.Td>
        {withdrawal.method === 'bank' ? (
          <span data-user-content>{`${withdrawal.bankCard.bankName} ${withdrawal.bankCard.maskedCardNumber}`}</span>
        ) : (
          <DeskCryptoLines withdrawal={withdrawal} />
        )}
      </Table.Td>
      <Table.Td>{formatAmount(withdrawal.amount)}</Table.Td>
      <Table.Td>{formatAmount(withdrawal.fee)}</Table.Td>
      <Table.Td>
        <StatusBadge status={withdrawal.status} />
      </Table.Td>
      <Table.Td>{withdrawal.status === 'withdrawalReview' && <RiskCell withdrawal={withdrawal} />}</Table.Td>
      <Table.Td>
        {withdrawal.status === 'withdrawalReview' ? (
          <WithdrawalDecision withdrawal={withdrawal} approveMessage={approvalOf(withdrawal)} />
        ) : (
          <Text size="sm">
            {withdrawal.failureReason ?? (withdrawal.completedAt ? formatDateTime(withdrawal.completedAt) : '')}
          </Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The decision on a withdrawal in review, at its approval step: under four eyes the first approval
 * has its own wording, and the operator who gave it waits for a different one (and may still reject).
 */
function WithdrawalDecision({
  withdrawal,
  approveMessage,
}: {
  withdrawal: WithdrawalReviewItem;
  approveMessage: string;
}) {
  const { t } = useTranslation('admin');
  const operator = useOperatorSession();
  const queryClient = useQueryClient();
  const step = approvalStepOf(withdrawal.approval, operator?.userId);
  const first = withdrawal.approval.first;
  return (
    <Stack gap={4}>
      {first && step !== 'single' && (
        <Text size="xs" c="dimmed">
          {step === 'awaitingOther'
            ? t('withdrawals.approval.waitingSecond')
            : t('withdrawals.approval.firstBy', { account: first.account, at: formatDateTime(first.at) })}
        </Text>
      )}
      <ReviewControls
        key={step}
        kind={step === 'first' ? 'withdrawalFirst' : 'withdrawal'}
        subject={withdrawal.orderSn}
        send={withdrawalDecision(
          withdrawal.orderSn,
          step === 'first',
          () => void queryClient.invalidateQueries({ queryKey: deskQueryKey }),
        )}
        approveMessage={step === 'first' ? undefined : approveMessage}
        canApprove={step !== 'awaitingOther'}
      />
    </Stack>
  );
}
