import { adminOverview } from '@contract/admin-overview';
import { Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { formatAge, formatAmount } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { LoadFailed } from '../user/account-gates';
import { BusinessFigures } from './business-figures';
import { deskAllows } from './desk-access';
import { DeskPage } from './desk-list';
import { useOperatorSession } from './operator-session';
import { waitingCountsQueryOptions, waitingQueues } from './queries';

/**
 * The desk's first page: how much waits in each queue the operator's roles reach and for how long,
 * then, for those who read the money, the business day by day.
 */
export function OverviewPage() {
  const { t } = useTranslation('admin');
  const session = useOperatorSession();
  const queues = waitingQueues.filter((queue) => session && deskAllows(session.roles, queue.endpoint));
  const counts = useQuery(waitingCountsQueryOptions(currentLanguage(), queues));
  const readsMoney = session !== null && deskAllows(session.roles, adminOverview);
  return (
    <DeskPage title={t('overview.title')} description={t('overview.description')}>
      {counts.isError && !counts.data && <LoadFailed onRetry={() => void counts.refetch()} />}
      <Stack gap="md" component="section" aria-label={t('overview.queuesTitle')}>
        <Title order={2} size="h3">
          {t('overview.queuesTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
          {queues.map((queue) => (
            <Card
              key={queue.key}
              withBorder
              radius="md"
              padding="lg"
              component="section"
              aria-label={t(`nav.${queue.key}`)}
            >
              <Stack gap="xs">
                <Text fw={600}>{t(`nav.${queue.key}`)}</Text>
                {counts.data ? (
                  <QueueState state={counts.data[queue.key]} testId={`waiting-${queue.key}`} />
                ) : (
                  <Skeleton h={28} w={120} />
                )}
                <AnchorLink to={queue.to} size="sm">
                  {t('overview.open')}
                </AnchorLink>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
      {readsMoney && <BusinessFigures />}
    </DeskPage>
  );
}

function QueueState({ state, testId }: { state?: { waiting: number; oldestAt: string | null }; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <Text size="xl" fw={700} data-testid={testId}>
        {t('overview.waiting', { number: formatAmount(state?.waiting ?? 0) })}
      </Text>
      {state?.oldestAt && (
        <Text size="xs" c="dimmed">
          {t('overview.oldest', { age: formatAge(state.oldestAt) })}
        </Text>
      )}
    </>
  );
}
