import type { DepositOrder } from '@contract/deposit';
import {
  type depositMachine,
  selectDepositFollower,
  selectDepositRequest,
  selectDepositStage,
  selectOpenOrder,
  selectOrderExpiresAt,
  selectPaymentInstructions,
} from '@machines/deposit.machine';
import { type OrderFollowActor, selectFollowedOrder } from '@machines/order-follow.machine';
import { Alert, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { inspection } from '@/lib/inspector';
import { MoneyRequestView } from '../money/money-request-view';
import { OrderDetails } from '../money/order-details';
import { OrderFollowing } from '../money/order-following';
import { useAccountRefresh } from '../user/use-account-refresh';
import { depositLogic } from './deposit-flow';
import { DepositForm } from './deposit-form';
import { BankTransferDetails } from './transfer-instructions';

type DepositActor = ActorRefFrom<typeof depositMachine>;
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
    case 'findingOpenOrder':
      return <Skeleton h={300} radius="md" />;
    case 'offeringOpenOrder':
    case 'cancellingOpenOrder':
      return <OpenOrderOffer deposit={deposit} cancelling={stage === 'cancellingOpenOrder'} />;
    case 'requesting':
      return <MoneyRequestView request={request} kind="deposit" form={(front) => <DepositForm request={front} />} />;
    case 'following':
      return <FollowedDeposit deposit={deposit} />;
  }
}

/** The order the player left open: its facts, and the choice to go on paying it or to drop it. */
function OpenOrderOffer({ deposit, cancelling }: { deposit: DepositActor; cancelling: boolean }) {
  const { t } = useTranslation('finance');
  const order = useSelector(deposit, selectOpenOrder);
  const instructions = useSelector(deposit, selectPaymentInstructions);
  const expiresAt = useSelector(deposit, selectOrderExpiresAt);
  if (!order) return null;
  const rows: [string, string][] = [
    [t('orders.orderSn'), order.orderSn],
    [t('orders.channel'), order.channelName],
    [t('orders.coins'), t('units.coinsAmount', { amount: formatAmount(order.amount) })],
    [t('orders.createdAt'), formatDateTime(order.createdAt)],
  ];
  if (instructions?.kind === 'bankTransfer')
    rows.unshift([
      t('deposit.transfer.amount'),
      t('units.yenAmount', { amount: formatAmount(instructions.yenAmount) }),
    ]);
  return (
    <Card withBorder radius="md" padding="lg" data-testid="deposit-open-order">
      <Stack gap="md">
        <Alert color="yellow" title={t('deposit.openOrder.title')}>
          <Text size="sm">{t('deposit.openOrder.message')}</Text>
          {expiresAt && <Text size="sm">{t('deposit.pending.expiresAt', { time: formatDateTime(expiresAt) })}</Text>}
        </Alert>
        <OrderDetails rows={rows} />
        <Text size="xs" c="dimmed">
          {t('deposit.openOrder.cancelHint')}
        </Text>
        <Group>
          <Button onClick={() => deposit.send({ type: 'openOrder.continue' })} disabled={cancelling}>
            {t('deposit.openOrder.continue')}
          </Button>
          <Button
            variant="light"
            color="red"
            loading={cancelling}
            onClick={() => deposit.send({ type: 'openOrder.cancel' })}
          >
            {t('deposit.openOrder.cancel')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
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
        {/* The order waits for the player's transfer, not for the product: the title says whose move it is. */}
        <Alert color="yellow" title={t('deposit.transfer.waiting')}>
          <Text size="sm">{t('deposit.transfer.message')}</Text>
          {expiresAt && <Text size="sm">{t('deposit.pending.expiresAt', { time: formatDateTime(expiresAt) })}</Text>}
        </Alert>
        {instructions?.kind === 'bankTransfer' && <BankTransferDetails instructions={instructions} />}
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
