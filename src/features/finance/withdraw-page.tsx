import type { Withdrawal } from '@contract/draw';
import { selectRequestCards, selectRequestSending, selectRequestValues } from '@machines/money-request.machine';
import { type OrderFollowActor, selectFollowedOrder, selectOrderSettled } from '@machines/order-follow.machine';
import {
  selectWithdrawalFollower,
  selectWithdrawBalance,
  selectWithdrawLimits,
  selectWithdrawMessages,
  selectWithdrawQuote,
  selectWithdrawRequest,
  selectWithdrawStage,
  type withdrawMachine,
  type withdrawRequest,
} from '@machines/withdraw.machine';
import { Alert, Button, Card, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { AnchorLink } from '@/components/router-links';
import { useFieldMessage } from '@/lib/field-message';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { inspection } from '@/lib/inspector';
import { useAccountRefresh } from '../user/use-account-refresh';
import { MoneyRequestView } from './money-request-view';
import { OrderDetails } from './order-details';
import { OrderFollowing } from './order-following';
import { withdrawLogic } from './withdraw-flow';

type WithdrawActor = ActorRefFrom<typeof withdrawMachine>;
type WithdrawRequestActor = ActorRefFrom<typeof withdrawRequest>;

export function WithdrawPage() {
  const { t } = useTranslation('finance');
  const queryClient = useQueryClient();
  const refresh = useAccountRefresh();
  const [logic] = useState(() => withdrawLogic({ queryClient, refresh }));
  const withdraw = useActorRef(logic, { ...inspection });
  return (
    <PageFrame title={t('account:withdraw.title')}>
      <WithdrawView withdraw={withdraw} />
    </PageFrame>
  );
}

/** One view per state of the withdraw machine. */
export function WithdrawView({ withdraw }: { withdraw: WithdrawActor }) {
  const stage = useSelector(withdraw, selectWithdrawStage);
  const request = useSelector(withdraw, selectWithdrawRequest);
  switch (stage) {
    case 'requesting':
      return <MoneyRequestView request={request} kind="withdraw" form={(front) => <WithdrawForm request={front} />} />;
    case 'following':
      return <FollowedWithdrawal withdraw={withdraw} />;
  }
}

function WithdrawForm({ request }: { request: WithdrawRequestActor }) {
  const { t } = useTranslation('finance');
  const message = useFieldMessage('finance');
  const cards = useSelector(request, selectRequestCards);
  const balance = useSelector(request, selectWithdrawBalance);
  const values = useSelector(request, selectRequestValues);
  const messages = useSelector(request, selectWithdrawMessages);
  const busy = useSelector(request, selectRequestSending);
  const limits = useSelector(request, selectWithdrawLimits);
  const quote = useSelector(request, selectWithdrawQuote);
  const percent = new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 2 });

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        aria-label={t('withdraw.formTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          request.send({ type: 'request.submit' });
        }}
      >
        <Stack gap="md">
          <Text>
            {t('withdraw.balance')}{' '}
            <Text span fw={800} data-testid="withdraw-balance">
              {t('units.coinsAmount', { amount: formatAmount(balance) })}
            </Text>
          </Text>
          <TextInput
            label={t('withdraw.fields.amount')}
            description={
              <>
                {limits &&
                  `${t('withdraw.limits', { min: formatAmount(limits.minAmount), max: formatAmount(limits.maxAmount) })} ${
                    limits.feeRateBasisPoints > 0
                      ? t('withdraw.feeRate', { rate: percent.format(limits.feeRateBasisPoints / 10_000) })
                      : t('withdraw.noFee')
                  } `}
                {t('withdraw.amountHint')}
              </>
            }
            inputMode="numeric"
            value={values.amount}
            onChange={(event) =>
              request.send({ type: 'field.changed', field: 'amount', value: event.currentTarget.value })
            }
            error={message(messages.amount)}
            disabled={busy}
            rightSection={
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => request.send({ type: 'field.changed', field: 'amount', value: String(balance) })}
                disabled={busy}
              >
                {t('withdraw.all')}
              </Button>
            }
            rightSectionWidth={72}
            maxLength={12}
          />
          {quote && !messages.amount && (
            <Text size="sm" aria-live="polite" data-testid="withdraw-quote">
              {t('withdraw.quote', { fee: formatAmount(quote.fee), paidOut: formatAmount(quote.payoutYen) })}
            </Text>
          )}
          <Select
            label={t('withdraw.fields.bankCard')}
            data={cards.map((card) => ({ value: String(card.id), label: `${card.bankName} ${card.maskedCardNumber}` }))}
            value={values.bankCardId === null ? null : String(values.bankCardId)}
            onChange={(value) =>
              value && request.send({ type: 'field.changed', field: 'bankCardId', value: Number(value) })
            }
            error={message(messages.bankCardId)}
            disabled={busy}
            allowDeselect={false}
          />
          <PasswordInput
            label={t('withdraw.fields.payPassword')}
            value={values.payPassword}
            onChange={(event) =>
              request.send({ type: 'field.changed', field: 'payPassword', value: event.currentTarget.value })
            }
            error={message(messages.payPassword)}
            disabled={busy}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
          />
          <Text size="xs" c="dimmed">
            {t('withdraw.irreversible')}
          </Text>
          <Button type="submit" loading={busy} size="md">
            {t('withdraw.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

const statusColors = {
  withdrawalReview: 'yellow',
  withdrawing: 'blue',
  withdrawalSuccessful: 'teal',
  withdrawalFailed: 'red',
} as const;

function FollowedWithdrawal({ withdraw }: { withdraw: WithdrawActor }) {
  const follower = useSelector(withdraw, selectWithdrawalFollower);
  return follower ? <WithdrawalProgress withdraw={withdraw} follower={follower} /> : null;
}

/** withdrawalReview, withdrawing, withdrawalSuccessful and withdrawalFailed: where the request stands. */
function WithdrawalProgress({
  withdraw,
  follower,
}: {
  withdraw: WithdrawActor;
  follower: OrderFollowActor<Withdrawal>;
}) {
  const { t } = useTranslation('finance');
  const withdrawal = useSelector(follower, selectFollowedOrder);
  const settled = useSelector(follower, selectOrderSettled);
  const rows: [string, string][] = [
    [t('orders.orderSn'), withdrawal.orderSn],
    [t('orders.coins'), t('units.coinsAmount', { amount: formatAmount(withdrawal.amount) })],
    [t('orders.createdAt'), formatDateTime(withdrawal.createdAt)],
  ];
  if (withdrawal.fee > 0)
    rows.push([t('orders.fee'), t('units.coinsAmount', { amount: formatAmount(withdrawal.fee) })]);
  if (withdrawal.method === 'bank')
    rows.push([t('orders.bankCard'), `${withdrawal.bankCard.bankName} ${withdrawal.bankCard.maskedCardNumber}`]);
  if (withdrawal.completedAt) rows.push([t('orders.completedAt'), formatDateTime(withdrawal.completedAt)]);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Alert color={statusColors[withdrawal.status]} title={t(`withdrawalStatus.${withdrawal.status}`)} role="status">
          {withdrawal.status === 'withdrawalFailed'
            ? t('withdraw.outcome.withdrawalFailed', { reason: withdrawal.failureReason ?? t('withdraw.noReason') })
            : t(`withdraw.outcome.${withdrawal.status}`)}
        </Alert>
        <OrderDetails rows={rows} />
        <OrderFollowing follower={follower} label={t('withdraw.following')} />
        <Group>
          {settled && (
            <Button size="sm" onClick={() => withdraw.send({ type: 'withdraw.again' })}>
              {t('withdraw.again')}
            </Button>
          )}
          <AnchorLink to="/user/record" search={{ tab: 'withdrawals' }} size="sm">
            {t('deposit.toRecords')}
          </AnchorLink>
        </Group>
      </Stack>
    </Card>
  );
}
