import { typedAmountValue } from '@contract/money';
import { type Withdrawal, type WithdrawalLimits, withdrawForm } from '@contract/withdrawal';
import {
  selectRequestCards,
  selectRequestRefusals,
  selectRequestSending,
  selectRequestSent,
  startingCardId,
} from '@machines/money-request.machine';
import { type OrderFollowActor, selectFollowedOrder, selectOrderSettled } from '@machines/order-follow.machine';
import {
  canCancelWithdrawal,
  keepsPayPassword,
  selectCancelRefusal,
  selectWithdrawalFollower,
  selectWithdrawBalance,
  selectWithdrawCancelling,
  selectWithdrawLimits,
  selectWithdrawRequest,
  selectWithdrawStage,
  type withdrawMachine,
  withdrawQuote,
  type withdrawRequest,
} from '@machines/withdrawal.machine';
import { Alert, Button, Card, Group, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { AnchorLink } from '@/components/router-links';
import { useFormError } from '@/lib/form-error';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { inspection } from '@/lib/inspector';
import { CancelRequest } from '../money/cancel-request';
import { MoneyRequestView } from '../money/money-request-view';
import { OrderDetails } from '../money/order-details';
import { OrderFollowing } from '../money/order-following';
import { useAccountRefresh } from '../user/use-account-refresh';
import { withdrawLogic } from './withdrawal-flow';

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
  const formError = useFormError('finance');
  const { form, cards, balance, limits, busy } = useWithdrawForm(request);

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        aria-label={t('withdraw.formTitle')}
        onSubmit={form.onSubmit((body) => request.send({ type: 'form.submit', body }))}
      >
        <Stack gap="md">
          <Text>
            {t('withdraw.balance')}{' '}
            <Text span fw={800} data-testid="withdraw-balance">
              {t('units.coinsAmount', { amount: formatAmount(balance) })}
            </Text>
          </Text>
          <WithdrawAmount form={form} balance={balance} limits={limits} busy={busy} />
          <Select
            label={t('withdraw.fields.bankCard')}
            data={cards.map((card) => ({ value: String(card.id), label: `${card.bankName} ${card.maskedCardNumber}` }))}
            {...form.getInputProps('bankCardId')}
            error={formError(form.errors.bankCardId)}
            disabled={busy}
            allowDeselect={false}
          />
          <PasswordInput
            label={t('withdraw.fields.payPassword')}
            {...form.getInputProps('payPassword')}
            error={formError(form.errors.payPassword)}
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

/** The form on the contract's rules for the player's balance, cards and limits, with the server's refusals on its fields. */
function useWithdrawForm(request: WithdrawRequestActor) {
  const cards = useSelector(request, selectRequestCards);
  const balance = useSelector(request, selectWithdrawBalance);
  const sent = useSelector(request, selectRequestSent);
  const refusals = useSelector(request, selectRequestRefusals);
  const busy = useSelector(request, selectRequestSending);
  const limits = useSelector(request, selectWithdrawLimits);
  const schema = useMemo(
    () =>
      withdrawForm(
        limits ?? { minAmount: 0, maxAmount: 0 },
        balance,
        cards.map((card) => card.id),
      ),
    [limits, balance, cards],
  );
  // One resolver while the rules stand, so the form's setters stay the same between renders.
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  // After an interruption the form starts from what was sent, the payment password typed again.
  const cardId = sent?.bankCardId ?? startingCardId(cards);
  const form = useForm({
    initialValues: {
      amount: sent ? String(sent.amount) : '',
      bankCardId: cardId === null ? null : String(cardId),
      payPassword: '',
    },
    validate,
    transformValues: (values) => v.parse(schema, values),
  });
  const { setErrors, setFieldValue } = form;
  // The server's sentence shows on its field until the player changes that field; the payment
  // password is typed again unless only other fields were refused.
  useEffect(() => {
    if (!keepsPayPassword(refusals)) setFieldValue('payPassword', '');
    setErrors(refusals);
  }, [refusals, setErrors, setFieldValue]);
  return { form, cards, balance, limits, busy };
}

type WithdrawFormState = ReturnType<typeof useWithdrawForm>['form'];

/** The amount with the limits and fee rate, a button for the whole balance, and what would be paid out. */
function WithdrawAmount({
  form,
  balance,
  limits,
  busy,
}: {
  form: WithdrawFormState;
  balance: number;
  limits: WithdrawalLimits | null;
  busy: boolean;
}) {
  const { t } = useTranslation('finance');
  const formError = useFormError('finance');
  const typed = typedAmountValue(form.values.amount);
  const quote = limits && typed !== null ? withdrawQuote(typed, limits) : null;
  const percent = new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 2 });
  return (
    <>
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
        {...form.getInputProps('amount')}
        error={formError(form.errors.amount, {
          min: limits?.minAmount ?? 0,
          max: limits?.maxAmount ?? 0,
          balance,
        })}
        disabled={busy}
        rightSection={
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => form.setFieldValue('amount', String(balance))}
            disabled={busy}
          >
            {t('withdraw.all')}
          </Button>
        }
        rightSectionWidth={72}
        maxLength={12}
      />
      {quote && !form.errors.amount && (
        <Text size="sm" aria-live="polite" data-testid="withdraw-quote">
          {t('withdraw.quote', { fee: formatAmount(quote.fee), paidOut: formatAmount(quote.payoutYen) })}
        </Text>
      )}
    </>
  );
}

const statusColors = {
  withdrawalReview: 'yellow',
  withdrawing: 'blue',
  withdrawalSuccessful: 'teal',
  withdrawalFailed: 'red',
  withdrawalCancelled: 'gray',
} as const;

function FollowedWithdrawal({ withdraw }: { withdraw: WithdrawActor }) {
  const follower = useSelector(withdraw, selectWithdrawalFollower);
  return follower ? <WithdrawalProgress withdraw={withdraw} follower={follower} /> : null;
}

/** withdrawalReview, withdrawing, withdrawalSuccessful, withdrawalFailed and withdrawalCancelled: where the request stands. */
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
  const cancelling = useSelector(withdraw, selectWithdrawCancelling);
  const cancelRefusal = useSelector(withdraw, selectCancelRefusal);
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
        <CancelRequest
          cancellable={canCancelWithdrawal(withdrawal)}
          cancelling={cancelling}
          refusal={cancelRefusal}
          onCancel={() => withdraw.send({ type: 'withdraw.cancel' })}
        />
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
