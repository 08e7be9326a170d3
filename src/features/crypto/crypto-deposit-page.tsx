import type { CryptoAssetTerms, CryptoDeposit } from '@contract/crypto';
import {
  Alert,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Progress,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { formatAmount, formatCoinAmount, formatDateTime } from '@/lib/format';
import { LoadFailed } from '../user/account-gates';
import { useAccountRefresh } from '../user/use-account-refresh';
import { cryptoAssetsQueryOptions, cryptoDepositsQueryOptions, depositAddressQueryOptions } from './queries';

const pairKey = (pair: { coin: string; network: string }) => `${pair.coin}:${pair.network}`;

/** The deposit address of a chosen pair, and the deposits seen on chain (docs/requirements.md §5.14). */
export function CryptoDepositPage() {
  const { t } = useTranslation('crypto');
  const assets = useQuery(cryptoAssetsQueryOptions());
  const [chosen, setChosen] = useState<string | null>(null);
  const open = (assets.data ?? []).filter((asset) => asset.depositEnabled);
  const terms = open.find((asset) => pairKey(asset) === chosen) ?? open[0];

  let body: React.ReactNode;
  if (assets.isError && !assets.data) body = <LoadFailed onRetry={() => void assets.refetch()} />;
  else if (!assets.data) body = <Skeleton h={320} radius="md" />;
  else if (!terms)
    body = (
      <Alert color="gray" title={t('deposit.noAsset.title')}>
        {t('deposit.noAsset.message')}
      </Alert>
    );
  else
    body = (
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Select
            label={t('fields.pair')}
            description={t('deposit.pairHint')}
            data={open.map((asset) => ({ value: pairKey(asset), label: `${asset.coin} · ${asset.network}` }))}
            value={pairKey(terms)}
            onChange={(value) => value && setChosen(value)}
            allowDeselect={false}
          />
          <DepositAddress terms={terms} />
        </Stack>
      </Card>
    );

  return (
    <PageFrame title={t('account:cryptoDeposit.title')} description={t('deposit.lead')}>
      {body}
      <CryptoDeposits />
    </PageFrame>
  );
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

const depositColors = { confirming: 'yellow', credited: 'teal', belowMinimum: 'gray', dropped: 'red' } as const;

/**
 * The latest crypto deposits seen on chain, with their address and transaction; confirmations count
 * up without a reload. On the deposit page and in the records.
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
          <Table.ScrollContainer minWidth={880}>
            <Table aria-label={t('deposit.seen.title')} data-testid="crypto-deposits">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.createdAt')}</Table.Th>
                  <Table.Th>{t('fields.pair')}</Table.Th>
                  <Table.Th>{t('fields.amountPlain')}</Table.Th>
                  <Table.Th>{t('fields.confirmations')}</Table.Th>
                  <Table.Th>{t('fields.status')}</Table.Th>
                  <Table.Th>{t('fields.coinsCredited')}</Table.Th>
                  <Table.Th>{t('fields.address')}</Table.Th>
                  <Table.Th>{t('fields.txHash')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((deposit) => (
                  <Table.Tr key={deposit.orderSn}>
                    <Table.Td>{formatDateTime(deposit.createdAt)}</Table.Td>
                    <Table.Td>{`${deposit.coin} · ${deposit.network}`}</Table.Td>
                    <Table.Td>{`${formatCoinAmount(deposit.cryptoAmount, decimalsOf(deposit))} ${deposit.coin}`}</Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        <Text size="sm" data-testid="crypto-deposit-confirmations">
                          {t('deposit.seen.confirmations', {
                            done: Math.min(deposit.confirmations, deposit.requiredConfirmations),
                            required: deposit.requiredConfirmations,
                          })}
                        </Text>
                        <Progress
                          size="sm"
                          aria-hidden
                          value={
                            deposit.requiredConfirmations === 0
                              ? 100
                              : Math.min(100, (deposit.confirmations / deposit.requiredConfirmations) * 100)
                          }
                        />
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={depositColors[deposit.status]} variant="light">
                        {t(`depositStatus.${deposit.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{t('coins', { amount: formatAmount(deposit.coins) })}</Table.Td>
                    <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                      {deposit.address}
                    </Table.Td>
                    <Table.Td ff="monospace" fz="xs" style={{ overflowWrap: 'anywhere' }}>
                      {deposit.txHash}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
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
