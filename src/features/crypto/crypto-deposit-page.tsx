import type { CryptoAssetTerms } from '@contract/crypto';
import { Alert, Button, Card, CopyButton, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { formatAmount, formatCoinAmount } from '@/lib/format';
import { readStoredCryptoPair, storeCryptoPair } from '@/lib/storage';
import { LoadFailed } from '../user/account-gates';
import { CryptoDeposits } from './crypto-records';
import { cryptoAssetsQueryOptions, depositAddressQueryOptions } from './queries';

const pairKey = (pair: { coin: string; network: string }) => `${pair.coin}:${pair.network}`;

/** The deposit address of a chosen pair, and the deposits seen on chain (docs/requirements.md §5.14). */
export function CryptoDepositPage() {
  const { t } = useTranslation('crypto');
  const assets = useQuery(cryptoAssetsQueryOptions());
  const open = (assets.data ?? []).filter((asset) => asset.depositEnabled);

  let body: React.ReactNode;
  if (assets.isError && !assets.data) body = <LoadFailed onRetry={() => void assets.refetch()} />;
  else if (!assets.data) body = <Skeleton h={320} radius="md" />;
  else if (open.length === 0)
    body = (
      <Alert color="gray" title={t('deposit.noAsset.title')}>
        {t('deposit.noAsset.message')}
      </Alert>
    );
  else body = <PairDeposit open={open} />;

  return (
    <PageFrame title={t('account:cryptoDeposit.title')} description={t('deposit.lead')}>
      {body}
      <CryptoDeposits />
    </PageFrame>
  );
}

/**
 * The pair picked (the one chosen on the last visit while it is open, else the first open one) and
 * its address; the pick is a form of one field, remembered in the browser as it changes.
 */
function PairDeposit({ open }: { open: CryptoAssetTerms[] }) {
  const { t } = useTranslation('crypto');
  const form = useForm({
    initialValues: { pair: rememberedPair(open) },
    onValuesChange: ({ pair }) => storeCryptoPair(pair),
  });
  // A pair closed since it was picked gives way to the first open one.
  const terms = open.find((asset) => pairKey(asset) === form.values.pair) ?? (open[0] as CryptoAssetTerms);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Select
          label={t('fields.pair')}
          description={t('deposit.pairHint')}
          data={open.map((asset) => ({ value: pairKey(asset), label: `${asset.coin} · ${asset.network}` }))}
          {...form.getInputProps('pair')}
          allowDeselect={false}
        />
        <DepositAddress terms={terms} />
      </Stack>
    </Card>
  );
}

function rememberedPair(open: CryptoAssetTerms[]): string {
  const stored = readStoredCryptoPair();
  return open.some((asset) => pairKey(asset) === stored) ? (stored as string) : pairKey(open[0] as CryptoAssetTerms);
}

function DepositAddress({ terms }: { terms: CryptoAssetTerms }) {
  const { t } = useTranslation('crypto');
  const address = useQuery(depositAddressQueryOptions(terms.coin, terms.network));
  if (address.isError && !address.data) return <LoadFailed onRetry={() => void address.refetch()} />;
  if (!address.data) return <Skeleton h={220} radius="md" />;
  const { data } = address;
  const pair = `${data.coin} · ${data.network}`;
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="note" title={t('deposit.warning.title', { pair })}>
        {t('deposit.warning.message', { coin: data.coin, network: data.network })}
      </Alert>
      <Group align="flex-start" gap="xl" wrap="wrap">
        <QRCodeSVG
          value={data.address}
          size={176}
          marginSize={2}
          title={t('deposit.qrLabel', { pair })}
          role="img"
          aria-label={t('deposit.qrLabel', { pair })}
        />
        <Stack gap="sm" style={{ flex: '1 1 18rem' }}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('deposit.address', { pair })}
              value={data.address}
              readOnly
              ff="monospace"
              style={{ flex: 1 }}
              data-testid="crypto-deposit-address"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={data.address} timeout={2000}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'filled' : 'light'} color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? t('deposit.copied') : t('deposit.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          {data.memo && <TextInput label={t('deposit.memo')} value={data.memo} readOnly ff="monospace" />}
          <Text size="sm">
            {t('deposit.minimum', { amount: `${formatCoinAmount(data.minDeposit, terms.decimals)} ${data.coin}` })}
          </Text>
          <Text size="sm">{t('deposit.confirmations', { n: data.confirmations })}</Text>
          <Text size="sm">
            {t('deposit.rate', { coin: data.coin, coins: formatAmount(Number(terms.gameCoinsPerCoin)) })}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}
