import type { CryptoAssetTerms } from '@contract/crypto';
import {
  type CryptoWithdrawal,
  type CryptoWithdrawFormActor,
  cryptoAddressForm,
  cryptoAmountForm,
  cryptoPayPasswordForm,
  type cryptoWithdrawMachine,
  type cryptoWithdrawRequest,
  selectAddress,
  selectAddressCheck,
  selectAddressRefusal,
  selectAmountQuote,
  selectBalance,
  selectChosenTerms,
  selectCryptoCancelRefusal,
  selectCryptoWithdrawalFollower,
  selectCryptoWithdrawCancelling,
  selectCryptoWithdrawForm,
  selectCryptoWithdrawRequest,
  selectCryptoWithdrawStage,
  selectCryptoWithdrawStep,
  selectMaxAmount,
  selectPayableAssets,
  selectRefusal,
  selectTypedAmount,
  selectTypedQuote,
  termsOf,
} from '@machines/crypto-withdrawal.machine';
import { selectRequestSending } from '@machines/money-request.machine';
import { type OrderFollowActor, selectFollowedOrder, selectOrderSettled } from '@machines/order-follow.machine';
import { canCancelWithdrawal } from '@machines/withdrawal.machine';
import { Alert, Button, Card, Group, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatCoinAmount, formatDateTime } from '@/lib/format';
import { inspection } from '@/lib/inspector';
import { CancelRequest } from '../money/cancel-request';
import { MoneyRequestView } from '../money/money-request-view';
import { OrderDetails } from '../money/order-details';
import { OrderFollowing } from '../money/order-following';
import { useAccountRefresh } from '../user/use-account-refresh';
import { cryptoWithdrawLogic } from './crypto-withdrawal-flow';
import { cryptoAssetsQueryOptions } from './queries';

type CryptoWithdrawActor = ActorRefFrom<typeof cryptoWithdrawMachine>;
type CryptoWithdrawRequestActor = ActorRefFrom<typeof cryptoWithdrawRequest>;

export function CryptoWithdrawPage() {
  const { t } = useTranslation('crypto');
  const queryClient = useQueryClient();
  const refresh = useAccountRefresh();
  const [logic] = useState(() => cryptoWithdrawLogic({ queryClient, refresh }));
  const withdraw = useActorRef(logic, { ...inspection });
  return (
    <PageFrame title={t('account:cryptoWithdraw.title')} description={t('withdraw.lead')}>
      <CryptoWithdrawView withdraw={withdraw} />
    </PageFrame>
  );
}

/** One view per state of the crypto withdraw machine. */
export function CryptoWithdrawView({ withdraw }: { withdraw: CryptoWithdrawActor }) {
  const stage = useSelector(withdraw, selectCryptoWithdrawStage);
  const request = useSelector(withdraw, selectCryptoWithdrawRequest);
  switch (stage) {
    case 'requesting':
      return (
        <MoneyRequestView
          request={request}
          kind="cryptoWithdraw"
          form={(front) => <CryptoWithdrawForm request={front} />}
        />
      );
    case 'following':
      return <FollowedWithdrawal withdraw={withdraw} />;
  }
}

/** One view per step of the request's form; the password step stays, disabled, while the request is sent. */
function CryptoWithdrawForm({ request }: { request: CryptoWithdrawRequestActor }) {
  const form = useSelector(request, selectCryptoWithdrawForm);
  const busy = useSelector(request, selectRequestSending);
  return form ? <CryptoWithdrawSteps form={form} busy={busy} /> : null;
}

function CryptoWithdrawSteps({ form, busy }: { form: CryptoWithdrawFormActor; busy: boolean }) {
  const step = useSelector(form, selectCryptoWithdrawStep);
  switch (step) {
    case 'choosingPair':
      return <PairChoice flow={form} />;
    case 'enteringAddress':
      return <AddressStep flow={form} />;
    case 'enteringAmount':
      return <AmountStep flow={form} />;
    case 'confirming':
      return <PasswordStep flow={form} busy={busy} />;
  }
}

/** The pair's name as the pages write it: "USDT · TRC20". */
function pairLabel(pair: { coin: string; network: string }) {
  return `${pair.coin} · ${pair.network}`;
}

function StepCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function PairChoice({ flow }: { flow: CryptoWithdrawFormActor }) {
  const { t } = useTranslation('crypto');
  const assets = useSelector(flow, selectPayableAssets);
  const balance = useSelector(flow, selectBalance);
  return (
    <StepCard title={t('withdraw.pair.title')}>
      <Text>
        {t('withdraw.balance')}{' '}
        <Text span fw={800} data-testid="crypto-withdraw-balance">
          {t('coins', { amount: formatAmount(balance) })}
        </Text>
      </Text>
      <Text size="sm" c="dimmed">
        {t('withdraw.pair.sameNetwork')}
      </Text>
      <Stack gap="xs" role="list" aria-label={t('withdraw.pair.title')}>
        {assets.map((asset) => (
          <Card key={`${asset.coin}-${asset.network}`} withBorder padding="sm" role="listitem">
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Text fw={700}>{pairLabel(asset)}</Text>
                <Text size="sm" c="dimmed">
                  {asset.name} · <Limits terms={asset} />
                </Text>
              </Stack>
              <Button
                onClick={() => flow.send({ type: 'pair.chosen', coin: asset.coin, network: asset.network })}
                aria-label={t('withdraw.pair.choose', { pair: pairLabel(asset) })}
              >
                {t('withdraw.pair.chooseShort')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </StepCard>
  );
}

/** The pair's minimum, maximum and fee, said before any amount is typed (docs/requirements.md §5.6). */
function Limits({ terms }: { terms: CryptoAssetTerms }) {
  const { t } = useTranslation('crypto');
  const coins = (units: string) => `${formatCoinAmount(units, terms.decimals)} ${terms.coin}`;
  return (
    <span data-testid="crypto-withdraw-limits">
      {t('withdraw.limits', {
        min: coins(terms.minWithdrawal),
        max: coins(terms.maxWithdrawal),
        fee: coins(terms.withdrawalFee),
      })}
    </span>
  );
}

/** The pair (and the address, once given) above the later steps. */
function ChosenSoFar({ flow, withAddress }: { flow: CryptoWithdrawFormActor; withAddress: boolean }) {
  const { t } = useTranslation('crypto');
  const terms = useSelector(flow, selectChosenTerms);
  const address = useSelector(flow, selectAddress);
  if (!terms) return null;
  const rows: [string, string][] = [[t('fields.pair'), pairLabel(terms)]];
  if (withAddress) rows.push([t('fields.address'), address]);
  return <OrderDetails rows={rows} />;
}

function AddressStep({ flow }: { flow: CryptoWithdrawFormActor }) {
  const { t } = useTranslation('crypto');
  const check = useSelector(flow, selectAddressCheck);
  const refusal = useSelector(flow, selectAddressRefusal);
  const address = useSelector(flow, selectAddress);
  const form = useForm({
    mode: 'controlled',
    initialValues: { address },
    validate: schemaResolver(cryptoAddressForm, { sync: true }),
    onValuesChange: (values) => flow.send({ type: 'address.changed', address: values.address }),
  });
  const error = form.errors.address;
  return (
    <StepCard title={t('withdraw.address.title')}>
      <ChosenSoFar flow={flow} withAddress={false} />
      <form
        noValidate
        aria-label={t('withdraw.address.title')}
        onSubmit={form.onSubmit(() => flow.send({ type: 'address.confirm' }))}
      >
        <Stack gap="md">
          <TextInput
            label={t('fields.address')}
            description={t('withdraw.address.hint')}
            ff="monospace"
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            key={form.key('address')}
            {...form.getInputProps('address')}
            error={
              typeof error === 'string'
                ? t(error)
                : check === 'refused' && refusal
                  ? (refusal.message ?? t(`withdraw.address.refused.${refusal.reason}`))
                  : undefined
            }
          />
          <AddressCheckStatus flow={flow} />
          <Group>
            <Button variant="default" onClick={() => flow.send({ type: 'pair.change' })}>
              {t('withdraw.pair.change')}
            </Button>
            <Button type="submit" disabled={check !== 'accepted'}>
              {t('withdraw.next')}
            </Button>
          </Group>
        </Stack>
      </form>
    </StepCard>
  );
}

/** What the server's check of the address says so far. */
function AddressCheckStatus({ flow }: { flow: CryptoWithdrawFormActor }) {
  const { t } = useTranslation('crypto');
  const check = useSelector(flow, selectAddressCheck);
  switch (check) {
    case 'typing':
    case 'checking':
      return (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            {t('withdraw.address.checking')}
          </Text>
        </Group>
      );
    case 'accepted':
      return (
        <Text size="sm" c="teal" role="status" fw={600}>
          {t('withdraw.address.accepted')}
        </Text>
      );
    case 'checkFailed':
      return (
        <Group gap="xs" role="alert">
          <Text size="sm" c="orange">
            {t('withdraw.address.checkFailed')}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => flow.send({ type: 'address.recheck' })}>
            {t('withdraw.address.recheck')}
          </Button>
        </Group>
      );
    default:
      return null;
  }
}

function AmountStep({ flow }: { flow: CryptoWithdrawFormActor }) {
  const terms = useSelector(flow, selectChosenTerms);
  return terms ? <AmountForm flow={flow} terms={terms} /> : null;
}

function AmountForm({ flow, terms }: { flow: CryptoWithdrawFormActor; terms: CryptoAssetTerms }) {
  const { t } = useTranslation('crypto');
  const balance = useSelector(flow, selectBalance);
  const typed = useSelector(flow, selectTypedAmount);
  const quote = useSelector(flow, selectTypedQuote);
  const max = useSelector(flow, selectMaxAmount);
  const [schema] = useState(() => cryptoAmountForm(terms, balance));
  const form = useForm({
    mode: 'controlled',
    initialValues: { amount: typed },
    validate: schemaResolver(schema, { sync: true }),
    onValuesChange: (values) => flow.send({ type: 'amount.changed', amount: values.amount }),
  });
  const coins = (units: string) => `${formatCoinAmount(units, terms.decimals)} ${terms.coin}`;
  const typeMax = () => {
    flow.send({ type: 'amount.max' });
    form.setFieldValue('amount', selectTypedAmount(flow.getSnapshot()));
  };
  const error = form.errors.amount;
  return (
    <StepCard title={t('withdraw.amount.title')}>
      <ChosenSoFar flow={flow} withAddress />
      <form
        noValidate
        aria-label={t('withdraw.amount.title')}
        onSubmit={form.onSubmit((values) => flow.send({ type: 'amount.submit', amount: values.amount }))}
      >
        <Stack gap="md">
          <TextInput
            label={t('fields.amount', { coin: terms.coin })}
            description={<Limits terms={terms} />}
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            key={form.key('amount')}
            {...form.getInputProps('amount')}
            error={
              typeof error === 'string'
                ? t(error, {
                    min: coins(terms.minWithdrawal),
                    max: coins(terms.maxWithdrawal),
                    covered: coins(max ?? '0'),
                    balance: t('coins', { amount: formatAmount(balance) }),
                  })
                : undefined
            }
            rightSection={
              <Button size="compact-xs" variant="subtle" onClick={typeMax} disabled={max === null}>
                {t('withdraw.amount.max')}
              </Button>
            }
            rightSectionWidth={72}
          />
          {max === null && (
            <Text size="sm" c="orange" role="status">
              {t('validation.balanceBelowMinimum', {
                min: coins(terms.minWithdrawal),
                balance: t('coins', { amount: formatAmount(balance) }),
              })}
            </Text>
          )}
          {quote && !error && (
            <Stack gap={2} aria-live="polite" data-testid="crypto-withdraw-quote">
              <Text size="sm">{t('withdraw.quote', { fee: coins(quote.fee), received: coins(quote.received) })}</Text>
              <Text size="sm" fw={600} data-testid="crypto-withdraw-cost">
                {t('withdraw.cost', { coins: t('coins', { amount: formatAmount(quote.coins) }) })}
              </Text>
            </Stack>
          )}
          <Group>
            <Button variant="default" onClick={() => flow.send({ type: 'step.back' })}>
              {t('withdraw.back')}
            </Button>
            <Button type="submit">{t('withdraw.next')}</Button>
          </Group>
        </Stack>
      </form>
    </StepCard>
  );
}

function PasswordStep({ flow, busy }: { flow: CryptoWithdrawFormActor; busy: boolean }) {
  const { t } = useTranslation('crypto');
  const terms = useSelector(flow, selectChosenTerms);
  const quote = useSelector(flow, selectAmountQuote);
  const address = useSelector(flow, selectAddress);
  const refusal = useSelector(flow, selectRefusal);
  const form = useForm({
    mode: 'controlled',
    initialValues: { payPassword: '' },
    validate: schemaResolver(cryptoPayPasswordForm, { sync: true }),
  });
  if (!terms || !quote) return null;
  const coins = (units: string) => `${formatCoinAmount(units, terms.decimals)} ${terms.coin}`;
  const error = form.errors.payPassword;
  return (
    <StepCard title={t('withdraw.confirm.title')}>
      <OrderDetails
        rows={[
          [t('fields.pair'), pairLabel(terms)],
          [t('fields.address'), address],
          [t('fields.amountPlain'), coins(quote.amount)],
          [t('fields.fee'), coins(quote.fee)],
          [t('fields.received'), coins(quote.received)],
          [t('fields.coinsHeld'), t('coins', { amount: formatAmount(quote.coins) })],
        ]}
      />
      {refusal && (
        <Alert color="red" role="alert" title={t('withdraw.confirm.refused')}>
          {refusal}
        </Alert>
      )}
      <form
        noValidate
        aria-label={t('withdraw.confirm.title')}
        onSubmit={form.onSubmit((values) => flow.send({ type: 'withdraw.submit', payPassword: values.payPassword }))}
      >
        <Stack gap="md">
          <PasswordInput
            label={t('fields.payPassword')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="off"
            disabled={busy}
            key={form.key('payPassword')}
            {...form.getInputProps('payPassword')}
            error={typeof error === 'string' ? t(error) : undefined}
          />
          <Text size="xs" c="dimmed">
            {t('withdraw.confirm.irreversible')}
          </Text>
          <Group>
            <Button variant="default" disabled={busy} onClick={() => flow.send({ type: 'step.back' })}>
              {t('withdraw.back')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('withdraw.confirm.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </StepCard>
  );
}

const statusColors = {
  withdrawalReview: 'yellow',
  withdrawing: 'blue',
  withdrawalSuccessful: 'teal',
  withdrawalFailed: 'red',
  withdrawalCancelled: 'gray',
} as const;

/** The coin's decimals, from the pairs the hall offers (the request's terms put them in the cache). */
function useDecimalsOf(pair: { coin: string; network: string }): number {
  const assets = useQuery(cryptoAssetsQueryOptions());
  return termsOf(assets.data ?? [], pair)?.decimals ?? 0;
}

function FollowedWithdrawal({ withdraw }: { withdraw: CryptoWithdrawActor }) {
  const follower = useSelector(withdraw, selectCryptoWithdrawalFollower);
  return follower ? <WithdrawalProgress withdraw={withdraw} follower={follower} /> : null;
}

/** The request under review, being sent, sent or failed: where it stands, followed without a reload. */
function WithdrawalProgress({
  withdraw,
  follower,
}: {
  withdraw: CryptoWithdrawActor;
  follower: OrderFollowActor<CryptoWithdrawal>;
}) {
  // The status names are the finance namespace's, which this page does not load otherwise.
  const { t } = useTranslation(['crypto', 'finance']);
  const withdrawal = useSelector(follower, selectFollowedOrder);
  const settled = useSelector(follower, selectOrderSettled);
  const cancelling = useSelector(withdraw, selectCryptoWithdrawCancelling);
  const cancelRefusal = useSelector(withdraw, selectCryptoCancelRefusal);
  const decimals = useDecimalsOf(withdrawal);
  const coins = (units: string) => `${formatCoinAmount(units, decimals)} ${withdrawal.coin}`;
  const rows: [string, string][] = [
    [t('fields.orderSn'), withdrawal.orderSn],
    [t('fields.pair'), pairLabel(withdrawal)],
    [t('fields.address'), withdrawal.address],
    [t('fields.received'), coins(withdrawal.cryptoAmount)],
    [t('fields.fee'), coins(withdrawal.networkFee)],
    [t('fields.coinsHeld'), t('coins', { amount: formatAmount(withdrawal.amount) })],
    [t('fields.createdAt'), formatDateTime(withdrawal.createdAt)],
  ];
  if (withdrawal.txHash) rows.push([t('fields.txHash'), withdrawal.txHash]);
  if (withdrawal.completedAt) rows.push([t('fields.completedAt'), formatDateTime(withdrawal.completedAt)]);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Alert
          color={statusColors[withdrawal.status]}
          title={t(`finance:withdrawalStatus.${withdrawal.status}`)}
          role="status"
        >
          {withdrawal.status === 'withdrawalFailed'
            ? t('withdraw.outcome.failed', { reason: withdrawal.failureReason ?? t('withdraw.outcome.noReason') })
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
            {t('toRecords')}
          </AnchorLink>
        </Group>
      </Stack>
    </Card>
  );
}
