import { realityCheckIntervals, selfExclusionDurations, timeOutDurations } from '@contract/protection';
import {
  type LimitRow,
  selectLimitRows,
  selectRealityCheck,
  selectRealityCheckSaving,
} from '@machines/play-safely.machine';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { amountText, limitName, type PlaySafelyActor, pendingText } from './play-safely-text';

/** Everything the player can choose: limits, the reality check, a time-out, a self-exclusion. */
export function OverviewView({ flow }: { flow: PlaySafelyActor }) {
  return (
    <Stack gap="lg">
      <LimitsSection flow={flow} />
      <RealityCheckSection flow={flow} />
      <BreaksSection flow={flow} />
    </Stack>
  );
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h4" id={id}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

function LimitsSection({ flow }: { flow: PlaySafelyActor }) {
  const { t } = useTranslation('protection');
  const rows = useSelector(flow, selectLimitRows);
  return (
    <Section id="play-safely-limits" title={t('limits.title')} description={t('limits.description')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {rows.map((row) => (
          <LimitCard key={`${row.kind}-${row.period ?? 'session'}`} row={row} flow={flow} />
        ))}
      </SimpleGrid>
    </Section>
  );
}

/** One limit: its value, what is used of it, and a pending change with the time until it applies. */
export function LimitCard({ row, flow }: { row: LimitRow; flow?: PlaySafelyActor }) {
  const { t } = useTranslation('protection');
  const name = limitName(t, row);
  const pending = pendingText(t, row);
  return (
    <Card withBorder radius="sm" padding="sm" component="article" aria-label={name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm">
            {name}
          </Text>
          {row.setBy !== 'player' && (
            <Badge size="sm" variant="light">
              {t(`setBy.${row.setBy}`)}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {row.value === null ? t('limits.none') : t('limits.value', { value: amountText(t, row.unit, row.value) })}
        </Text>
        {row.value !== null && (
          <Text size="xs" c="dimmed">
            {t('limits.used', { used: amountText(t, row.unit, row.used) })}
          </Text>
        )}
        {pending && (
          <Text size="xs" fw={600}>
            {pending}
          </Text>
        )}
        {flow && (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              aria-label={t('limits.editNamed', { limit: name })}
              onClick={() => flow.send({ type: 'limit.edit', kind: row.kind, period: row.period })}
            >
              {t('limits.edit')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function RealityCheckSection({ flow }: { flow: PlaySafelyActor }) {
  const { t } = useTranslation('protection');
  const current = useSelector(flow, selectRealityCheck);
  const saving = useSelector(flow, selectRealityCheckSaving);
  const choices = [...realityCheckIntervals, null];
  return (
    <Section id="play-safely-reality-check" title={t('realityCheck.title')} description={t('realityCheck.description')}>
      <Group gap="xs" role="group" aria-label={t('realityCheck.title')}>
        {choices.map((minutes) => (
          <Button
            key={minutes ?? 'off'}
            size="sm"
            variant={current === minutes ? 'filled' : 'default'}
            aria-pressed={current === minutes}
            loading={saving && current === minutes}
            disabled={saving}
            onClick={() => flow.send({ type: 'realityCheck.choose', minutes })}
          >
            {minutes === null ? t('realityCheck.off') : t('realityCheck.every', { minutes })}
          </Button>
        ))}
      </Group>
    </Section>
  );
}

function BreaksSection({ flow }: { flow: PlaySafelyActor }) {
  const { t } = useTranslation('protection');
  return (
    <>
      <Section id="play-safely-time-out" title={t('timeOut.title')} description={t('timeOut.description')}>
        <Group gap="xs">
          {timeOutDurations.map((duration) => (
            <Button
              key={duration}
              size="sm"
              variant="default"
              onClick={() => flow.send({ type: 'timeOut.choose', duration })}
            >
              {t(`timeOut.durations.${duration}`)}
            </Button>
          ))}
        </Group>
      </Section>
      <Section
        id="play-safely-self-exclusion"
        title={t('selfExclusion.title')}
        description={t('selfExclusion.description')}
      >
        <Group gap="xs">
          {selfExclusionDurations.map((duration) => (
            <Button
              key={duration}
              size="sm"
              variant="outline"
              color="red.9"
              onClick={() => flow.send({ type: 'selfExclusion.choose', duration })}
            >
              {t(`selfExclusion.durations.${duration}`)}
            </Button>
          ))}
        </Group>
      </Section>
    </>
  );
}
