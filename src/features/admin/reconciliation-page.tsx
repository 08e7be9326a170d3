import type { adminReconciliation, PaymentReconciliation, WalletReconciliation } from '@contract/admin-reconciliation';
import { reconciliationListLimit, walletKinds } from '@contract/admin-reconciliation';
import type { DataOf } from '@contract/endpoint';
import { Alert, Badge, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { LoadFailed } from '../user/account-gates';
import { DeskPage, DeskTable, FilterBar, PeriodFilter } from './desk-list';
import { reconciliationQueryOptions, reportPeriodOf } from './queries';
import type { ReconciliationSearch } from './queue-search';

type Reconciliation = DataOf<typeof adminReconciliation>;

/**
 * The ledger against the outside: the game wallet's own transactions and the payment provider's
 * statement over a period, each total beside the ledger's and every difference listed, then the
 * house accounts as they stand.
 */
export function ReconciliationPage({
  search,
  onSearchChange,
}: {
  search: ReconciliationSearch;
  onSearchChange(next: ReconciliationSearch): void;
}) {
  const { t } = useTranslation('admin');
  const result = useQuery(reconciliationQueryOptions(currentLanguage(), search));
  const period = reportPeriodOf(search);
  return (
    <DeskPage title={t('reconciliation.title')} description={t('reconciliation.description')}>
      <FilterBar>
        <PeriodFilter from={period.from} to={period.to} onChange={(next) => onSearchChange({ ...search, ...next })} />
      </FilterBar>
      <ReconciliationResult result={result} />
    </DeskPage>
  );
}

function ReconciliationResult({ result }: { result: UseQueryResult<Reconciliation> }) {
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!result.data) return <Skeleton h={320} radius="md" />;
  const { wallet, payments, houseAccounts, currencyTotals } = result.data;
  return (
    <Stack gap="xl">
      <WalletSection wallet={wallet} />
      <PaymentsSection payments={payments} />
      <HouseSection houseAccounts={houseAccounts} currencyTotals={currencyTotals} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** Green when nothing differs; otherwise how many differences (more than the list holds, when capped). */
function Agreement({ count, testId }: { count: number; testId: string }) {
  const { t } = useTranslation('admin');
  if (count === 0)
    return (
      <Badge color="teal" variant="light" data-testid={testId}>
        {t('reconciliation.agrees')}
      </Badge>
    );
  return (
    <Badge color="red" variant="filled" data-testid={testId}>
      {count > reconciliationListLimit
        ? t('reconciliation.moreDifferences', { count: reconciliationListLimit })
        : t('reconciliation.differences', { count })}
    </Badge>
  );
}

const difference = (ours: number, theirs: number) => (
  <Table.Td c={ours === theirs ? undefined : 'red'} fw={ours === theirs ? undefined : 700}>
    {formatAmount(theirs - ours)}
  </Table.Td>
);
const optional = (amount: number | null) => (amount === null ? '—' : formatAmount(amount));

function WalletSection({ wallet }: { wallet: WalletReconciliation[] }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('reconciliation.walletTitle')}>
      {wallet.map((provider) => (
        <Card key={provider.providerId} withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Group justify="space-between">
              <Text fw={600}>{provider.name}</Text>
              <Agreement count={provider.differenceCount} testId={`wallet-agreement-${provider.providerId}`} />
            </Group>
            <DeskTable
              label={provider.name}
              minWidth={480}
              head={[
                t('reconciliation.kind'),
                t('reconciliation.ledger'),
                t('reconciliation.wallet'),
                t('reconciliation.difference'),
              ]}
            >
              {walletKinds.map((kind) => (
                <Table.Tr key={kind}>
                  <Table.Td>{t(`reconciliation.walletKind.${kind}`)}</Table.Td>
                  <Table.Td>{formatAmount(provider.ledger[kind])}</Table.Td>
                  <Table.Td>{formatAmount(provider.wallet[kind])}</Table.Td>
                  {difference(provider.ledger[kind], provider.wallet[kind])}
                </Table.Tr>
              ))}
            </DeskTable>
            {provider.differences.length > 0 && (
              <DeskTable
                label={t('reconciliation.differencesOf', { name: provider.name })}
                head={[
                  t('reconciliation.found'),
                  t('reconciliation.reference'),
                  t('reconciliation.ledger'),
                  t('reconciliation.wallet'),
                  t('reconciliation.at'),
                ]}
              >
                {provider.differences.map((row) => (
                  <Table.Tr key={`${row.kind}:${row.transactionUuid ?? row.ledgerTransferId}`}>
                    <Table.Td>
                      {t(`reconciliation.walletDifference.${row.kind}`)}
                      {row.walletKind && (
                        <Text
                          span
                          size="xs"
                          c="dimmed"
                        >{` (${t(`reconciliation.walletKind.${row.walletKind}`)})`}</Text>
                      )}
                    </Table.Td>
                    <Table.Td ff="monospace" fz="xs">
                      {row.transactionUuid ?? t('reconciliation.transfer', { id: row.ledgerTransferId })}
                    </Table.Td>
                    <Table.Td>{optional(row.ledgerAmount)}</Table.Td>
                    <Table.Td>{optional(row.walletAmount)}</Table.Td>
                    <Table.Td>{formatDateTime(row.at)}</Table.Td>
                  </Table.Tr>
                ))}
              </DeskTable>
            )}
          </Stack>
        </Card>
      ))}
    </Section>
  );
}

function PaymentsSection({ payments }: { payments: Reconciliation['payments'] }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('reconciliation.paymentsTitle')}>
      {payments === null ? (
        <Text c="dimmed">{t('reconciliation.noProvider')}</Text>
      ) : 'unavailable' in payments ? (
        <Alert color="yellow" title={t('reconciliation.unavailableTitle')}>
          {t('reconciliation.unavailable', { provider: payments.provider })}
        </Alert>
      ) : (
        <PaymentStatement payments={payments} />
      )}
    </Section>
  );
}

function PaymentStatement({ payments }: { payments: PaymentReconciliation }) {
  const { t } = useTranslation('admin');
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{payments.provider}</Text>
          <Agreement count={payments.differenceCount} testId="payments-agreement" />
        </Group>
        <DeskTable
          label={payments.provider}
          minWidth={480}
          head={[
            t('reconciliation.kind'),
            t('reconciliation.ledger'),
            t('reconciliation.provider'),
            t('reconciliation.difference'),
          ]}
        >
          {(['deposits', 'payouts'] as const).map((kind) => (
            <Table.Tr key={kind}>
              <Table.Td>{t(`reconciliation.paymentKind.${kind}`)}</Table.Td>
              <Table.Td>{t('reconciliation.yen', { amount: formatAmount(payments[kind].ledger) })}</Table.Td>
              <Table.Td>{t('reconciliation.yen', { amount: formatAmount(payments[kind].provider) })}</Table.Td>
              {difference(payments[kind].ledger, payments[kind].provider)}
            </Table.Tr>
          ))}
        </DeskTable>
        {payments.differences.length > 0 && (
          <DeskTable
            label={t('reconciliation.differencesOf', { name: payments.provider })}
            head={[
              t('reconciliation.found'),
              t('reconciliation.reference'),
              t('reconciliation.ledger'),
              t('reconciliation.provider'),
              t('reconciliation.at'),
            ]}
          >
            {payments.differences.map((row) => (
              <Table.Tr key={`${row.kind}:${row.reference}`}>
                <Table.Td>{t(`reconciliation.paymentDifference.${row.kind}`)}</Table.Td>
                <Table.Td ff="monospace">{row.reference}</Table.Td>
                <Table.Td>{optional(row.ledgerAmount)}</Table.Td>
                <Table.Td>{optional(row.providerAmount)}</Table.Td>
                <Table.Td>{formatDateTime(row.at)}</Table.Td>
              </Table.Tr>
            ))}
          </DeskTable>
        )}
      </Stack>
    </Card>
  );
}

/** A game provider's house account: `gameProvider` and the provider's id, capitalised (ledger accounts). */
const providerAccountPrefix = 'gameProvider';
const grouped = (minorUnits: string) => new Intl.NumberFormat(currentLanguage()).format(BigInt(minorUnits));

function HouseSection({ houseAccounts, currencyTotals }: Pick<Reconciliation, 'houseAccounts' | 'currencyTotals'>) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('reconciliation.houseTitle')}>
      <Text size="sm" c="dimmed">
        {t('reconciliation.houseNote')}
      </Text>
      <Group gap="xs">
        {currencyTotals.map((row) => (
          <Badge
            key={row.currency}
            color={row.total === '0' ? 'teal' : 'red'}
            variant={row.total === '0' ? 'light' : 'filled'}
            data-testid={`balanced-${row.currency}`}
          >
            {row.total === '0'
              ? t('reconciliation.balanced', { currency: row.currency })
              : t('reconciliation.unbalanced', { currency: row.currency, total: grouped(row.total) })}
          </Badge>
        ))}
      </Group>
      <DeskTable
        label={t('reconciliation.houseTitle')}
        minWidth={480}
        head={[t('reconciliation.account'), t('reconciliation.currency'), t('reconciliation.balance')]}
      >
        {houseAccounts.map((row) => (
          <Table.Tr key={`${row.code}:${row.currency}`}>
            <Table.Td>
              {row.code.startsWith(providerAccountPrefix)
                ? t('reconciliation.providerAccount', { provider: row.code.slice(providerAccountPrefix.length) })
                : t(`reconciliation.house.${row.code}`, { defaultValue: row.code })}
            </Table.Td>
            <Table.Td>{row.currency}</Table.Td>
            <Table.Td>{grouped(row.balance)}</Table.Td>
          </Table.Tr>
        ))}
      </DeskTable>
    </Section>
  );
}
