import type { Withdrawal } from '@contract/draw';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatCoinAmount } from '@/lib/format';
import { cryptoAssetsQueryOptions } from './queries';

type CryptoWithdrawal = Extract<Withdrawal, { method: 'crypto' }>;

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
