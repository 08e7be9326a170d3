import { type DepositOrder, depositOrderForm } from '@contract/deposit';
import { typedAmountValue } from '@contract/money';
import {
  type depositMachine,
  depositQuote,
  type depositRequest,
  selectDepositChannels,
  selectDepositFollower,
  selectDepositRequest,
  selectDepositStage,
  selectOrderExpiresAt,
  selectPaymentInstructions,
} from '@machines/deposit.machine';
import {
  selectRequestCards,
  selectRequestRefusals,
  selectRequestSending,
  selectRequestSent,
  startingCardId,
} from '@machines/money-request.machine';
import { type OrderFollowActor, selectFollowedOrder } from '@machines/order-follow.machine';
import { Alert, Button, Card, Group, SegmentedControl, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { ExchangeRatios } from '@/components/exchange-ratios';
import { PageFrame } from '@/components/page-frame';
import { AnchorLink } from '@/components/router-links';
import { useFormError } from '@/lib/form-error';
import { formatAmount, formatDateTime } from '@/lib/format';
import { inspection } from '@/lib/inspector';
import { MoneyRequestView } from '../money/money-request-view';
import { OrderDetails } from '../money/order-details';
import { OrderFollowing } from '../money/order-following';
import { useAccountRefresh } from '../user/use-account-refresh';
import { depositLogic } from './deposit-flow';

type DepositActor = ActorRefFrom<typeof depositMachine>;
type DepositRequestActor = ActorRefFrom<typeof depositRequest>;
type DepositFollower = OrderFollowActor<DepositOrder>;

function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener');
}

/** The deposit page; `orderSn` is set when the provider's checkout page sends the player back. */
export function DepositPage({ orderSn }: { orderSn?: string }) {
  const { t } = useTranslation('finance');
  const queryClient = useQueryClient();
  const refresh = useAccountRefresh();
  const [logic] = useState(() => depositLogic({ queryClient, refresh, openWindow: openInNewTab }));
  const deposit = useActorRef(logic, { ...inspection, input: { orderSn: orderSn ?? null } });
  return (
    <PageFrame title={t('account:deposit.title')}>
      <DepositView deposit={deposit} />
    </PageFrame>
  );
}

/** One view per state of the deposit machine. */
export function DepositView({ deposit }: { deposit: DepositActor }) {
  const stage = useSelector(deposit, selectDepositStage);
  const request = useSelector(deposit, selectDepositRequest);
  switch (stage) {
    case 'starting':
    case 'resumingOrder':
      return <Skeleton h={300} radius="md" />;
    case 'requesting':
      return <MoneyRequestView request={request} kind="deposit" form={(front) => <DepositForm request={front} />} />;
    case 'following':
      return <FollowedDeposit deposit={deposit} />;
  }
}

/** The order being followed: one view per status. */
function FollowedDeposit({ deposit }: { deposit: DepositActor }) {
  const follower = useSelector(deposit, selectDepositFollower);
  return follower ? <OrderStatusView deposit={deposit} follower={follower} /> : null;
}

function OrderStatusView({ deposit, follower }: { deposit: DepositActor; follower: DepositFollower }) {
  const order = useSelector(follower, selectFollowedOrder);
  switch (order.status) {
    case 'pendingPayment':
      return <PendingPayment deposit={deposit} follower={follower} order={order} />;
    case 'inProgress':
      return <BankTransferInProgress deposit={deposit} follower={follower} order={order} />;
    default:
      return <OrderOutcome deposit={deposit} follower={follower} order={order} />;
  }
}

/** The ratio, and the ten-minute promise only where it holds: automatic channels (a bank transfer waits for an operator). */
function DepositNotices({ automatic }: { automatic: boolean }) {
  const { t } = useTranslation('finance');
  return (
    <Alert color="blue" variant="light" title={t('deposit.noticeTitle')}>
      <Stack gap={4}>
        <ExchangeRatios size="sm" fw={700} />
        {automatic && <Text size="sm">{t('home:exchange.depositTip')}</Text>}
      </Stack>
    </Alert>
  );
}

function DepositForm({ request }: { request: DepositRequestActor }) {
  const { t } = useTranslation('finance');
  const formError = useFormError('finance');
  const channels = useSelector(request, selectDepositChannels);
  const cards = useSelector(request, selectRequestCards);
  const sent = useSelector(request, selectRequestSent);
  const refusals = useSelector(request, selectRequestRefusals);
  const busy = useSelector(request, selectRequestSending);
  const schema = useMemo(
    () =>
      depositOrderForm(
        channels,
        cards.map((card) => card.id),
      ),
    [channels, cards],
  );
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  // After an interruption the form starts from what was sent; a new deposit from the first channel and the default card.
  const cardId = sent?.bankCardId ?? startingCardId(cards);
  const form = useForm({
    initialValues: {
      channelId: sent?.channelId ?? channels[0]?.id ?? '',
      amount: sent ? String(sent.amount) : '',
      bankCardId: cardId === null ? null : String(cardId),
    },
    validate,
    transformValues: (values) => v.parse(schema, values),
  });
  const { setErrors } = form;
  // The server's sentence shows on its field until the player changes that field.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  const channel = channels.find((item) => item.id === form.values.channelId) ?? null;
  const typed = typedAmountValue(form.values.amount);
  const quote = typed !== null && channel ? depositQuote(typed, channel) : null;
  const limits = { min: channel?.minAmount ?? 0, max: channel?.maxAmount ?? 0 };

  return (
    <Stack gap="lg">
      <DepositNotices automatic={channel?.mode === 'automatic'} />
      <Card withBorder radius="md" padding="lg">
        <form
          noValidate
          aria-label={t('deposit.formTitle')}
          onSubmit={form.onSubmit((body) => request.send({ type: 'form.submit', body }))}
        >
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="deposit-channel-label">
                {t('deposit.fields.channel')}
              </Text>
              <SegmentedControl
                aria-labelledby="deposit-channel-label"
                data={channels.map((item) => ({ value: item.id, label: item.name }))}
                {...form.getInputProps('channelId')}
                disabled={busy}
                fullWidth
              />
              {channel && (
                <Text size="xs" c="dimmed">
                  {t(`deposit.mode.${channel.mode}`)}{' '}
                  {t('deposit.limits', { min: formatAmount(channel.minAmount), max: formatAmount(channel.maxAmount) })}
                </Text>
              )}
            </Stack>
            <TextInput
              label={t('deposit.fields.amount')}
              inputMode="numeric"
              {...form.getInputProps('amount')}
              error={formError(form.errors.amount, limits)}
              disabled={busy}
              rightSection={<Text size="sm">{t('units.yen')}</Text>}
              rightSectionWidth={48}
              maxLength={12}
            />
            {channel && channel.presetAmounts.length > 0 && (
              <Group gap="xs" aria-label={t('deposit.presets')} role="group">
                {channel.presetAmounts.map((amount) => (
                  <Button
                    key={amount}
                    size="xs"
                    variant={form.values.amount === String(amount) ? 'filled' : 'light'}
                    onClick={() => form.setFieldValue('amount', String(amount))}
                    disabled={busy}
                  >
                    {t('units.yenAmount', { amount: formatAmount(amount) })}
                  </Button>
                ))}
              </Group>
            )}
            <Card bg="gray.0" padding="sm" radius="sm" aria-live="polite">
              {quote ? (
                <Stack gap={2}>
                  <Text size="sm">
                    {t('deposit.quote.coins', { amount: formatAmount(quote.amount), coins: formatAmount(quote.coins) })}
                  </Text>
                  {quote.fee > 0 && <Text size="sm">{t('deposit.quote.fee', { fee: formatAmount(quote.fee) })}</Text>}
                  <Text fw={700} data-testid="deposit-credited">
                    {t('deposit.quote.credited', { coins: formatAmount(quote.credited) })}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('deposit.quote.empty')}
                </Text>
              )}
            </Card>
            <Select
              label={t('deposit.fields.bankCard')}
              description={t('deposit.bankCardHint')}
              data={cards.map((card) => ({
                value: String(card.id),
                label: `${card.bankName} ${card.maskedCardNumber}`,
              }))}
              {...form.getInputProps('bankCardId')}
              error={formError(form.errors.bankCardId) ?? formError(form.errors.channelId)}
              disabled={busy}
              allowDeselect={false}
            />
            <Button type="submit" loading={busy} size="md">
              {t('deposit.submit')}
            </Button>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

function useOrderRows(order: DepositOrder): [string, string][] {
  const { t } = useTranslation('finance');
  return [
    [t('orders.orderSn'), order.orderSn],
    [t('orders.channel'), order.channelName],
    [t('orders.coins'), t('units.coinsAmount', { amount: formatAmount(order.amount) })],
    [t('orders.createdAt'), formatDateTime(order.createdAt)],
  ];
}

function NewDepositButton({ deposit, variant = 'default' }: { deposit: DepositActor; variant?: 'default' | 'filled' }) {
  const { t } = useTranslation('finance');
  return (
    <Button size="sm" variant={variant} onClick={() => deposit.send({ type: 'deposit.again' })}>
      {t('deposit.again')}
    </Button>
  );
}

interface OrderViewProps {
  deposit: DepositActor;
  follower: DepositFollower;
  order: DepositOrder;
}

function Following({ follower }: { follower: DepositFollower }) {
  const { t } = useTranslation('finance');
  return <OrderFollowing follower={follower} label={t('deposit.following')} />;
}

function PendingPayment({ deposit, follower, order }: OrderViewProps) {
  const { t } = useTranslation('finance');
  const instructions = useSelector(deposit, selectPaymentInstructions);
  const expiresAt = useSelector(deposit, selectOrderExpiresAt);
  const rows = useOrderRows(order);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Alert color="yellow" title={t('depositStatus.pendingPayment')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('deposit.pending.message')}</Text>
            {expiresAt && <Text size="sm">{t('deposit.pending.expiresAt', { time: formatDateTime(expiresAt) })}</Text>}
            {instructions?.kind === 'redirect' && (
              <Button component="a" href={instructions.url} target="_blank" rel="noopener">
                {t('deposit.pending.openCheckout')}
              </Button>
            )}
          </Stack>
        </Alert>
        <OrderDetails rows={rows} />
        <Following follower={follower} />
        <Group>
          <NewDepositButton deposit={deposit} />
        </Group>
      </Stack>
    </Card>
  );
}

function BankTransferInProgress({ deposit, follower, order }: OrderViewProps) {
  const { t } = useTranslation('finance');
  const instructions = useSelector(deposit, selectPaymentInstructions);
  const expiresAt = useSelector(deposit, selectOrderExpiresAt);
  const rows = useOrderRows(order);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Alert color="yellow" title={t('depositStatus.inProgress')}>
          <Text size="sm">{t('deposit.transfer.message')}</Text>
          {expiresAt && <Text size="sm">{t('deposit.pending.expiresAt', { time: formatDateTime(expiresAt) })}</Text>}
        </Alert>
        {instructions?.kind === 'bankTransfer' && (
          <Card bg="gray.0" radius="sm" padding="md" aria-label={t('deposit.transfer.title')}>
            <OrderDetails
              rows={[
                [t('deposit.transfer.bank'), instructions.bankName],
                [t('deposit.transfer.branch'), `${instructions.branchName} (${instructions.branchCode})`],
                [t('deposit.transfer.account'), `${instructions.accountType} ${instructions.accountNumber}`],
                [t('deposit.transfer.holder'), instructions.accountHolder],
                [t('deposit.transfer.note'), instructions.transferNote],
              ]}
            />
          </Card>
        )}
        <OrderDetails rows={rows} />
        <Following follower={follower} />
        <Group>
          <NewDepositButton deposit={deposit} />
        </Group>
      </Stack>
    </Card>
  );
}

/** paymentSuccessful, refundInProcess, refundSuccessful, successful and failed: the order's outcome. */
function OrderOutcome({ deposit, follower, order }: OrderViewProps) {
  const { t } = useTranslation('finance');
  const rows = useOrderRows(order);
  const good = order.status === 'paymentSuccessful' || order.status === 'successful';
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Alert
          color={good ? 'teal' : order.status === 'failed' ? 'red' : 'orange'}
          title={t(`depositStatus.${order.status}`)}
          role="status"
        >
          {t(`deposit.outcome.${order.status}`, { coins: formatAmount(order.amount) })}
          {order.failureReason && <Text size="sm">{t('deposit.failureReason', { reason: order.failureReason })}</Text>}
        </Alert>
        <OrderDetails rows={rows} />
        <Following follower={follower} />
        <Group>
          <NewDepositButton deposit={deposit} variant="filled" />
          <AnchorLink to="/user/record" search={{ tab: 'deposits' }} size="sm">
            {t('deposit.toRecords')}
          </AnchorLink>
        </Group>
      </Stack>
    </Card>
  );
}
