import type { CryptoDeposit } from '@contract/crypto';
import type { DepositOrder } from '@contract/deposit';
import type { Withdrawal } from '@contract/withdrawal';
import { Badge, Card, Progress, Stack, type TableTdProps, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordRows } from '@/components/record-table';
import { formatAmount, formatCoinAmount, formatDateTime } from '@/lib/format';
import { useAccountRefresh } from '../user/use-account-refresh';
import { cryptoAssetsQueryOptions, cryptoDepositsQueryOptions } from './queries';

/* What the crypto pages offer the records and the desk: deposits seen on chain, and a withdrawal's chain details. */

type CryptoWithdrawal = Extract<Withdrawal, { method: 'crypto' }>;
type CryptoDepositRow = Extract<DepositOrder, { mode: 'crypto' }>;

/** A crypto deposit's channel in a deposits list: the coin on its network, and the amount received on chain. */
export function CryptoDepositChannel({ deposit }: { deposit: CryptoDepositRow }) {
  const { t } = useTranslation('crypto');
  const assets = useQuery(cryptoAssetsQueryOptions());
  const decimals = assets.data?.find(
    (asset) => asset.coin === deposit.currency && asset.network === deposit.network,
  )?.decimals;
  return (
    <Stack gap={0} data-testid="crypto-deposit-channel">
      <Text size="sm">{deposit.channelName}</Text>
      <Text size="xs" c="dimmed">
        {decimals === undefined
          ? t('baseUnits', { units: deposit.cryptoAmount })
          : `${formatCoinAmount(deposit.cryptoAmount, decimals)} ${deposit.currency}`}
      </Text>
    </Stack>
  );
}

/** A crypto withdrawal's pair, address, fee and what was sent, and its hash once paid, in a records cell. */
export function CryptoWithdrawalDetails({ withdrawal }: { withdrawal: CryptoWithdrawal }) {
  const { t } = useTranslation('crypto');
  const assets = useQuery(cryptoAssetsQueryOptions());
  const decimals = assets.data?.find(
    (asset) => asset.coin === withdrawal.coin && asset.network === withdrawal.network,
  )?.decimals;
  const coins = (units: string) =>
    decimals === undefined ? t('baseUnits', { units }) : `${formatCoinAmount(units, decimals)} ${withdrawal.coin}`;
  return <CryptoLines withdrawal={withdrawal} coins={coins} />;
}

/** The lines of a crypto withdrawal; `coins` writes an amount in base units. */
export function CryptoLines({ withdrawal, coins }: { withdrawal: CryptoWithdrawal; coins(units: string): string }) {
  const { t } = useTranslation('crypto');
  return (
    <Stack gap={0} data-testid="crypto-withdrawal-details">
      <Text size="sm" fw={600}>{`${withdrawal.coin} · ${withdrawal.network}`}</Text>
      <Text size="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {withdrawal.address}
      </Text>
      <Text size="xs">
        {t('records.sentAndFee', { sent: coins(withdrawal.cryptoAmount), fee: coins(withdrawal.networkFee) })}
      </Text>
      {withdrawal.txHash && (
        <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {t('records.txHash', { txHash: withdrawal.txHash })}
        </Text>
      )}
    </Stack>
  );
}

const depositColors = { confirming: 'yellow', credited: 'teal', belowMinimum: 'gray', dropped: 'red' } as const;

/** An address or a hash: long, so it breaks anywhere rather than widening the table. */
const chainText = (): TableTdProps => ({ ff: 'monospace', fz: 'xs', style: { overflowWrap: 'anywhere' } });

/**
 * The latest crypto deposits seen on chain, with their address and transaction; confirmations count
 * up without a reload. On the deposit page and in the records; on a phone each is a card, as the
 * other records are.
 */
export function CryptoDeposits() {
  const { t } = useTranslation('crypto');
  const assets = useQuery(cryptoAssetsQueryOptions()).data ?? [];
  const deposits = useQuery(cryptoDepositsQueryOptions());
  useRefreshOnCredit(deposits.data?.list);
  const list = deposits.data?.list ?? [];
  const decimalsOf = (deposit: CryptoDeposit) =>
    assets.find((asset) => asset.coin === deposit.coin && asset.network === deposit.network)?.decimals ?? 0;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('deposit.seen.title')}
        </Title>
        {list.length === 0 ? (
          <Text c="dimmed">{deposits.data ? t('deposit.seen.empty') : t('deposit.seen.loading')}</Text>
        ) : (
          <RecordRows
            label={t('deposit.seen.title')}
            list={list}
            minWidth={880}
            rowKey={(deposit) => deposit.orderSn}
            columns={[
              { header: t('fields.createdAt'), cell: (deposit) => formatDateTime(deposit.createdAt) },
              { header: t('fields.pair'), cell: (deposit) => `${deposit.coin} · ${deposit.network}` },
              {
                header: t('fields.amountPlain'),
                cell: (deposit) => `${formatCoinAmount(deposit.cryptoAmount, decimalsOf(deposit))} ${deposit.coin}`,
              },
              { header: t('fields.confirmations'), cell: (deposit) => <Confirmations deposit={deposit} /> },
              {
                header: t('fields.status'),
                cell: (deposit) => (
                  <Badge color={depositColors[deposit.status]} variant="light">
                    {t(`depositStatus.${deposit.status}`)}
                  </Badge>
                ),
              },
              {
                header: t('fields.coinsCredited'),
                cell: (deposit) => t('coins', { amount: formatAmount(deposit.coins) }),
              },
              { header: t('fields.address'), cell: (deposit) => deposit.address, td: chainText },
              { header: t('fields.txHash'), cell: (deposit) => deposit.txHash, td: chainText },
            ]}
          />
        )}
      </Stack>
    </Card>
  );
}

/**
 * How far a deposit is: done of required confirmations, as a bar, and while it confirms about how
 * long the rest takes at the network's block time (the server's estimate).
 */
function Confirmations({ deposit }: { deposit: CryptoDeposit }) {
  const { t } = useTranslation('crypto');
  const done = Math.min(deposit.confirmations, deposit.requiredConfirmations);
  const percent = deposit.requiredConfirmations === 0 ? 100 : (done / deposit.requiredConfirmations) * 100;
  return (
    <Stack gap={2} miw={140}>
      <Text size="sm" data-testid="crypto-deposit-confirmations">
        {t('deposit.seen.confirmations', { done, required: deposit.requiredConfirmations })}
      </Text>
      <Progress
        size="sm"
        value={percent}
        aria-label={t('deposit.seen.progress', { done, required: deposit.requiredConfirmations })}
        data-testid="crypto-deposit-progress"
      />
      {deposit.secondsLeft !== null && (
        <Text size="xs" c="dimmed" data-testid="crypto-deposit-time-left">
          {timeLeft(t, deposit.secondsLeft)}
        </Text>
      )}
    </Stack>
  );
}

function timeLeft(t: TFunction<'crypto'>, seconds: number): string {
  if (seconds <= 0) return t('deposit.seen.creditingSoon');
  if (seconds < 120) return t('deposit.seen.secondsLeft', { n: seconds });
  return t('deposit.seen.minutesLeft', { n: Math.ceil(seconds / 60) });
}

/** A deposit credited while the page is open changes the balance: the header and records fetch again. */
function useRefreshOnCredit(list: readonly CryptoDeposit[] | undefined) {
  const refresh = useAccountRefresh();
  const credited = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!list) return;
    const now = new Set(list.filter((deposit) => deposit.status === 'credited').map((deposit) => deposit.orderSn));
    const before = credited.current;
    credited.current = now;
    if (before && [...now].some((orderSn) => !before.has(orderSn))) refresh();
  }, [list, refresh]);
}
