import { Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatPercent } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { LoadFailed } from '../user/account-gates';
import { commissionPeriodOf, type TeamQuery, type TeamSearch } from './team-filters';
import { TeamTable } from './team-page-parts';
import { commissionQueryOptions } from './team-queries';

/** The agent's commission, day by day: each finished day is settled the next and paid into the agent's coins. */
export function CommissionCard({ query, search }: { query: TeamQuery; search: TeamSearch }) {
  const { t } = useTranslation('agent-reports');
  const period = commissionPeriodOf(search, query);
  const [pageNum, setPageNum] = useState(1);
  const result = useQuery(commissionQueryOptions(currentLanguage(), period, pageNum));
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="agent-commission-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="agent-commission-title">
          {t('commission.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('commission.basis')}
        </Text>
        {result.isError && !result.data ? (
          <LoadFailed onRetry={() => void result.refetch()} />
        ) : !result.data ? (
          <Skeleton h={120} />
        ) : (
          <>
            <Text fw={600} data-testid="commission-paid">
              {t('commission.paid', { amount: formatAmount(result.data.paid) })}
            </Text>
            <TeamTable
              label={t('commission.title')}
              head={[
                t('commission.day'),
                t('commission.members'),
                t('commission.validBets'),
                t('commission.rate'),
                t('commission.amount'),
              ]}
              rows={result.data.list.map((row) => (
                <Table.Tr key={row.day}>
                  <Table.Td>{row.day}</Table.Td>
                  <Table.Td>{formatAmount(row.members)}</Table.Td>
                  <Table.Td>{t('coins', { amount: formatAmount(row.validBets) })}</Table.Td>
                  <Table.Td>{formatPercent(row.rateBasisPoints / 10_000)}</Table.Td>
                  <Table.Td fw={600}>{t('coins', { amount: formatAmount(row.amount) })}</Table.Td>
                </Table.Tr>
              ))}
              total={result.data.total}
              pageNum={pageNum}
              onPage={setPageNum}
            />
          </>
        )}
      </Stack>
    </Card>
  );
}
