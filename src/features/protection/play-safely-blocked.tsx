import {
  selectBlock,
  selectCanRequestReopen,
  selectReopenRequesting,
  selectSetLimitRows,
} from '@machines/play-safely.machine';
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/router-links';
import { formatDateTime } from '@/lib/format';
import { LimitCard } from './play-safely-overview';
import type { PlaySafelyActor } from './play-safely-text';

/** A time-out or self-exclusion is on: which, who set it, when it ends; asking to reopen once it may. */
export function BlockedView({ flow }: { flow: PlaySafelyActor }) {
  const { t } = useTranslation('protection');
  const block = useSelector(flow, selectBlock);
  const canRequestReopen = useSelector(flow, selectCanRequestReopen);
  const requesting = useSelector(flow, selectReopenRequesting);
  const rows = useSelector(flow, selectSetLimitRows);
  if (!block) return null;
  return (
    <Stack gap="lg">
      <Alert color={block.kind === 'timeOut' ? 'orange' : 'red'} title={t(`blocked.${block.kind}`)} role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('blocked.setBy', { by: t(`setBy.${block.setBy}`) })}</Text>
          <Text size="sm">{t('blocked.startedAt', { at: formatDateTime(block.startedAt) })}</Text>
          <Text size="sm">
            {block.endsAt === null ? t('blocked.permanent') : t('blocked.endsAt', { at: formatDateTime(block.endsAt) })}
          </Text>
          {block.reopensAt !== null && (
            <Text size="sm" fw={600}>
              {t('blocked.reopensAt', { at: formatDateTime(block.reopensAt) })}
            </Text>
          )}
          <Text size="sm">{t('blocked.withdrawStill')}</Text>
          <Group gap="xs">
            {canRequestReopen && (
              <Button size="sm" loading={requesting} onClick={() => flow.send({ type: 'reopen.request' })}>
                {t('blocked.requestReopen')}
              </Button>
            )}
            <ButtonLink to="/user/finance/withdraw" size="sm" variant="default">
              {t('blocked.withdraw')}
            </ButtonLink>
          </Group>
          {canRequestReopen && (
            <Text size="xs" c="dimmed">
              {t('blocked.reopenDelay')}
            </Text>
          )}
        </Stack>
      </Alert>
      {rows.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" aria-label={t('limits.title')}>
          {rows.map((row) => (
            <LimitCard key={`${row.kind}-${row.period ?? 'session'}`} row={row} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
