import { Card, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { formatAmount } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { LoadFailed } from '../user/account-gates';
import { deskAllows } from './desk-access';
import { DeskPage } from './desk-list';
import { useOperatorSession } from './operator-session';
import { waitingCountsQueryOptions, waitingQueues } from './queries';

/** The desk's first page: how much waits in each queue the operator's roles reach. */
export function OverviewPage() {
  const { t } = useTranslation('admin');
  const session = useOperatorSession();
  const queues = waitingQueues.filter((queue) => session && deskAllows(session.roles, queue.endpoint));
  const counts = useQuery(waitingCountsQueryOptions(currentLanguage(), queues));
  return (
    <DeskPage title={t('overview.title')} description={t('overview.description')}>
      {counts.isError && !counts.data && <LoadFailed onRetry={() => void counts.refetch()} />}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
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
                <Text size="xl" fw={700} data-testid={`waiting-${queue.key}`}>
                  {t('overview.waiting', { number: formatAmount(counts.data[queue.key] ?? 0) })}
                </Text>
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
    </DeskPage>
  );
}
