import type { CryptoAssetTerms } from '@contract/crypto';
import {
  type CryptoWithdrawal,
  cryptoAddressForm,
  cryptoAmountForm,
  cryptoPayPasswordForm,
  type cryptoWithdrawMachine,
  quoteOf,
  selectAddress,
  selectAddressCheck,
  selectAddressRefusal,
  selectAmountQuote,
  selectBalance,
  selectChosenTerms,
  selectCryptoWithdrawal,
  selectCryptoWithdrawStage,
  selectPayableAssets,
  selectRefusal,
} from '@machines/crypto-withdrawal.machine';
import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatCoinAmount, formatDateTime } from '@/lib/format';
import { inspection } from '@/lib/inspector';
import { KycRequired, KycUnderReview } from '../money/money-request-view';
import { OrderDetails } from '../money/order-details';
import { LoadFailed, PayPasswordRequired } from '../user/account-gates';
import { useAccountRefresh } from '../user/use-account-refresh';
import { cryptoWithdrawLogic } from './crypto-withdrawal-flow';

type CryptoWithdrawActor = ActorRefFrom<typeof cryptoWithdrawMachine>;

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
  switch (stage) {
    case 'loadingTerms':
      return <Skeleton h={300} radius="md" />;
    case 'termsUnavailable':
      return <LoadFailed onRetry={() => withdraw.send({ type: 'terms.retry' })} />;
    case 'needsKyc':
      return <KycRequired />;
    case 'awaitingKycReview':
      return <KycUnderReview />;
    case 'needsPayPassword':
      return <PayPasswordRequired />;
    case 'noAsset':
      return <NoAsset />;
    case 'choosingPair':
      return <PairChoice withdraw={withdraw} />;
    case 'enteringAddress':
      return <AddressStep withdraw={withdraw} />;
    case 'enteringAmount':
      return <AmountStep withdraw={withdraw} />;
    case 'confirming':
    case 'submitting':
      return <PasswordStep withdraw={withdraw} busy={stage === 'submitting'} />;
    case 'interrupted':
      return <Interrupted withdraw={withdraw} />;
    case 'inReview':
    case 'paid':
    case 'failed':
      return <Progress withdraw={withdraw} />;
  }
}

function NoAsset() {
  const { t } = useTranslation('crypto');
  return (
    <Alert color="gray" title={t('withdraw.noAsset.title')}>
      {t('withdraw.noAsset.message')}
    </Alert>
  );
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

function PairChoice({ withdraw }: { withdraw: CryptoWithdrawActor }) {
  const { t } = useTranslation('crypto');
  const assets = useSelector(withdraw, selectPayableAssets);
  const balance = useSelector(withdraw, selectBalance);
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
                onClick={() => withdraw.send({ type: 'pair.chosen', coin: asset.coin, network: asset.network })}
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
function ChosenSoFar({ withdraw, withAddress }: { withdraw: CryptoWithdrawActor; withAddress: boolean }) {
  const { t } = useTranslation('crypto');
  const terms = useSelector(withdraw, selectChosenTerms);
  const address = useSelector(withdraw, selectAddress);
  if (!terms) return null;
  const rows: [string, string][] = [[t('fields.pair'), pairLabel(terms)]];
  if (withAddress) rows.push([t('fields.address'), address]);
  return <OrderDetails rows={rows} />;
}

function AddressStep({ withdraw }: { withdraw: CryptoWithdrawActor }) {
  const { t } = useTranslation('crypto');
  const check = useSelector(withdraw, selectAddressCheck);
  const refusal = useSelector(withdraw, selectAddressRefusal);
  const address = useSelector(withdraw, selectAddress);
  const form = useForm({
    mode: 'controlled',
    initialValues: { address },
    validate: schemaResolver(cryptoAddressForm, { sync: true }),
    onValuesChange: (values) => withdraw.send({ type: 'address.changed', address: values.address }),
  });
  const error = form.errors.address;
  return (
    <StepCard title={t('withdraw.address.title')}>
      <ChosenSoFar withdraw={withdraw} withAddress={false} />
      <form
        noValidate
        aria-label={t('withdraw.address.title')}
        onSubmit={form.onSubmit(() => withdraw.send({ type: 'address.confirm' }))}
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
          <AddressCheckStatus withdraw={withdraw} />
          <Group>
            <Button variant="default" onClick={() => withdraw.send({ type: 'pair.change' })}>
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
function AddressCheckStatus({ withdraw }: { withdraw: CryptoWithdrawActor }) {
  const { t } = useTranslation('crypto');
  const check = useSelector(withdraw, selectAddressCheck);
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
          <Button size="compact-sm" variant="light" onClick={() => withdraw.send({ type: 'address.recheck' })}>
            {t('withdraw.address.recheck')}
          </Button>
        </Group>
      );
    default:
      return null;
  }
}

function AmountStep({ withdraw }: { withdraw: CryptoWithdrawActor }) {
  const terms = useSelector(withdraw, selectChosenTerms);
  return terms ? <AmountForm withdraw={withdraw} terms={terms} /> : null;
}

function AmountForm({ withdraw, terms }: { withdraw: CryptoWithdrawActor; terms: CryptoAssetTerms }) {
  const { t } = useTranslation('crypto');
  const [schema] = useState(() => cryptoAmountForm(terms));
  const form = useForm({
    mode: 'controlled',
    initialValues: { amount: '' },
    validate: schemaResolver(schema, { sync: true }),
  });
  const coins = (units: string) => `${formatCoinAmount(units, terms.decimals)} ${terms.coin}`;
  const quote = quoteOf(terms, form.values.amount);
  const error = form.errors.amount;
  return (
    <StepCard title={t('withdraw.amount.title')}>
      <ChosenSoFar withdraw={withdraw} withAddress />
      <form
        noValidate
        aria-label={t('withdraw.amount.title')}
        onSubmit={form.onSubmit((values) => withdraw.send({ type: 'amount.submit', amount: values.amount }))}
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
                ? t(error, { min: coins(terms.minWithdrawal), max: coins(terms.maxWithdrawal) })
                : undefined
            }
          />
          {quote && (
            <Text size="sm" aria-live="polite" data-testid="crypto-withdraw-quote">
              {t('withdraw.quote', { fee: coins(quote.fee), received: coins(quote.received) })}
            </Text>
          )}
          <Group>
            <Button variant="default" onClick={() => withdraw.send({ type: 'step.back' })}>
              {t('withdraw.back')}
            </Button>
            <Button type="submit">{t('withdraw.next')}</Button>
          </Group>
        </Stack>
      </form>
    </StepCard>
  );
}

function PasswordStep({ withdraw, busy }: { withdraw: CryptoWithdrawActor; busy: boolean }) {
  const { t } = useTranslation('crypto');
  const terms = useSelector(withdraw, selectChosenTerms);
  const quote = useSelector(withdraw, selectAmountQuote);
  const address = useSelector(withdraw, selectAddress);
  const refusal = useSelector(withdraw, selectRefusal);
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
        onSubmit={form.onSubmit((values) =>
          withdraw.send({ type: 'withdraw.submit', payPassword: values.payPassword }),
        )}
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
            <Button variant="default" disabled={busy} onClick={() => withdraw.send({ type: 'step.back' })}>
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

function Interrupted({ withdraw }: { withdraw: CryptoWithdrawActor }) {
  const { t } = useTranslation('crypto');
  return (
    <Alert color="orange" title={t('withdraw.interrupted.title')} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('withdraw.interrupted.message')}</Text>
        <Group gap="xs">
          <Button size="sm" onClick={() => withdraw.send({ type: 'submit.retry' })}>
            {t('withdraw.interrupted.retry')}
          </Button>
          <Button size="sm" variant="default" onClick={() => withdraw.send({ type: 'submit.edit' })}>
            {t('withdraw.interrupted.edit')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

const statusColors = {
  withdrawalReview: 'yellow',
  withdrawing: 'blue',
  withdrawalSuccessful: 'teal',
  withdrawalFailed: 'red',
} as const;

/** inReview, paid and failed: where the request stands, followed without a reload. */
function Progress({ withdraw }: { withdraw: CryptoWithdrawActor }) {
  const withdrawal = useSelector(withdraw, selectCryptoWithdrawal);
  const terms = useSelector(withdraw, selectChosenTerms);
  return withdrawal ? (
    <WithdrawalProgress withdraw={withdraw} withdrawal={withdrawal} decimals={terms?.decimals} />
  ) : null;
}

function WithdrawalProgress({
  withdraw,
  withdrawal,
  decimals = 0,
}: {
  withdraw: CryptoWithdrawActor;
  withdrawal: CryptoWithdrawal;
  decimals?: number;
}) {
  // The status names are the finance namespace's, which this page does not load otherwise.
  const { t } = useTranslation(['crypto', 'finance']);
  const stage = useSelector(withdraw, selectCryptoWithdrawStage);
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
        {stage === 'inReview' && (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('withdraw.following')}
            </Text>
          </Group>
        )}
        <Group>
          {stage !== 'inReview' && (
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
