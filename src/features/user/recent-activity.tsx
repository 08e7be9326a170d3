import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { recentMovementsQueryOptions } from './queries';

/** The player's latest balance movements, with the way to all their records. */
export function RecentActivity() {
  const { t } = useTranslation('user');
  const movements = useQuery(recentMovementsQueryOptions(currentLanguage()));
  const list = movements.data?.list;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="recent-activity-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="recent-activity-title">
            {t('center.recent.title')}
          </Title>
          <AnchorLink to="/user/record" size="sm">
            {t('center.recent.all')}
          </AnchorLink>
        </Group>
        {list && list.length === 0 && <Text c="dimmed">{t('center.recent.empty')}</Text>}
        {list && list.length > 0 && (
          <Stack
            gap="xs"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('center.recent.title')}
          >
            {list.map((movement) => (
              <Group key={movement.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0}>
                  <Text fw={600}>{t(`record:types.movements.${movement.kind}`, { defaultValue: movement.kind })}</Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(movement.createdAt)}
                  </Text>
                </Stack>
                <Text fw={700} c={movement.amount > 0 ? 'teal' : undefined}>
                  {`${movement.amount > 0 ? '+' : ''}${formatAmount(movement.amount)}`}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
