import type { WithdrawalReviewItem } from '@contract/withdrawal-desk';
import type { PayoutFlag, WithdrawalRisk } from '@contract/withdrawal-risk';
import { Alert, Badge, Button, Drawer, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { StatusBadge } from '../admin/desk-list';
import { withdrawalRiskQueryOptions } from './desk-queries';

/**
 * A withdrawal's risk in its row: the rules that flag it, whether it takes two approvals, and the
 * button to the whole picture the operator judges it by.
 */
export function RiskCell({ withdrawal }: { withdrawal: WithdrawalReviewItem }) {
  const { t } = useTranslation('admin');
  const [opened, drawer] = useDisclosure(false);
  return (
    <Stack gap={4} align="flex-start">
      <Group gap={4}>
        {withdrawal.flags.map((rule) => (
          <Badge key={rule} color="orange" variant="light" data-flag={rule}>
            {t(`payoutRules.names.${rule}`)}
          </Badge>
        ))}
        {withdrawal.approval.required === 2 && (
          <Badge color="grape" variant="outline">
            {t('withdrawals.approval.twoNeeded')}
          </Badge>
        )}
      </Group>
      <Button
        size="compact-xs"
        variant="subtle"
        onClick={drawer.open}
        aria-label={t('withdrawals.risk.openFor', { orderSn: withdrawal.orderSn })}
      >
        {t('withdrawals.risk.open')}
      </Button>
      <Drawer
        opened={opened}
        onClose={drawer.close}
        position="right"
        size="lg"
        title={t('withdrawals.risk.title', { orderSn: withdrawal.orderSn })}
      >
        {opened && <RiskDetails orderSn={withdrawal.orderSn} />}
      </Drawer>
    </Stack>
  );
}

function RiskDetails({ orderSn }: { orderSn: string }) {
  const { t } = useTranslation('admin');
  const risk = useQuery(withdrawalRiskQueryOptions(currentLanguage(), orderSn));
  if (risk.isError && !risk.data) {
    return (
      <Alert color="red" role="alert" title={t('withdrawals.risk.failed')}>
        <Button size="xs" variant="light" onClick={() => void risk.refetch()}>
          {t('withdrawals.risk.retry')}
        </Button>
      </Alert>
    );
  }
  if (!risk.data) return <Skeleton h={320} radius="md" />;
  return (
    <Stack gap="lg">
      <RiskFlags flags={risk.data.flags} />
      <RiskContext risk={risk.data} />
      <RecentSignIns signIns={risk.data.signIns} />
    </Stack>
  );
}

function RiskFlags({ flags }: { flags: PayoutFlag[] }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs" component="section" aria-label={t('withdrawals.risk.flagsTitle')}>
      <Title order={2} size="h4">
        {t('withdrawals.risk.flagsTitle')}
      </Title>
      {flags.length === 0 && <Text size="sm">{t('withdrawals.risk.noFlags')}</Text>}
      {flags.map((flag) => (
        <Alert key={flag.rule} color="orange" variant="light" data-flag={flag.rule}>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t(`withdrawals.flags.${flag.rule}`, {
                observed: formatAmount(flag.observed),
                threshold: formatAmount(flag.threshold),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('withdrawals.risk.rule', { rule: t(`payoutRules.names.${flag.rule}`) })}
            </Text>
            {flag.accounts.length > 0 && (
              <Text size="xs">
                {t('withdrawals.risk.accounts')}:{' '}
                <span data-user-content>
                  {flag.accounts.map((account) => `${account.account} (#${account.userId})`).join(', ')}
                </span>
              </Text>
            )}
          </Stack>
        </Alert>
      ))}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

function RiskContext({ risk }: { risk: WithdrawalRisk }) {
  const { t } = useTranslation('admin');
  const first = risk.approval.first;
  return (
    <Stack gap="xs" component="section" aria-label={t('withdrawals.risk.contextTitle')}>
      <Title order={2} size="h4">
        {t('withdrawals.risk.contextTitle')}
      </Title>
      <Text size="sm" c="dimmed">
        {risk.since
          ? t('withdrawals.risk.since', { at: formatDateTime(risk.since) })
          : t('withdrawals.risk.firstWithdrawal')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Fact label={t('withdrawals.risk.deposits')}>{formatAmount(risk.depositsSince)}</Fact>
        <Fact label={t('withdrawals.risk.turnover')}>{formatAmount(risk.turnoverSince)}</Fact>
        <Fact label={t('withdrawals.risk.kyc')}>
          <StatusBadge status={risk.kycStatus} />
        </Fact>
        <Fact label={t('withdrawals.risk.registeredAt')}>{formatDateTime(risk.registeredAt)}</Fact>
        <Fact label={t('withdrawals.risk.paid')}>
          {risk.paidWithdrawals.count === 0
            ? t('withdrawals.risk.noPaid')
            : t('withdrawals.risk.paidSummary', {
                count: risk.paidWithdrawals.count,
                amount: formatAmount(risk.paidWithdrawals.averageAmount),
              })}
        </Fact>
        {risk.approval.required === 2 && first && (
          <Fact label={t('withdrawals.approval.twoNeeded')}>
            {t('withdrawals.approval.firstBy', { account: first.account, at: formatDateTime(first.at) })}
          </Fact>
        )}
      </SimpleGrid>
    </Stack>
  );
}

function RecentSignIns({ signIns }: { signIns: WithdrawalRisk['signIns'] }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs" component="section" aria-label={t('withdrawals.risk.signInsTitle')}>
      <Title order={2} size="h4">
        {t('withdrawals.risk.signInsTitle')}
      </Title>
      {signIns.length === 0 ? (
        <Text size="sm">{t('withdrawals.risk.noSignIns')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped verticalSpacing="xs" aria-label={t('withdrawals.risk.signInsTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('withdrawals.risk.signInAt')}</Table.Th>
                <Table.Th>{t('withdrawals.risk.address')}</Table.Th>
                <Table.Th>{t('withdrawals.risk.device')}</Table.Th>
                <Table.Th>{t('withdrawals.risk.others')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {signIns.map((signIn) => (
                <Table.Tr key={`${signIn.at}-${signIn.clientAddress}`}>
                  <Table.Td>{formatDateTime(signIn.at)}</Table.Td>
                  <Table.Td ff="monospace">{signIn.clientAddress}</Table.Td>
                  <Table.Td>
                    <Text size="xs" lineClamp={2} data-user-content title={signIn.userAgent}>
                      {signIn.userAgent}
                    </Text>
                  </Table.Td>
                  <Table.Td>{`${signIn.otherAccountsAtAddress} / ${signIn.otherAccountsOnDevice}`}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
