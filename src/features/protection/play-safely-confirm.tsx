import { selectBlockStarting, selectChosenSelfExclusion, selectChosenTimeOut } from '@machines/play-safely.machine';
import { Alert, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useFormError } from '@/lib/form-error';
import type { PlaySafelyActor } from './play-safely-text';

/** A break from play: the page says plainly it cannot be ended early before it starts. */
export function ConfirmTimeOutView({ flow }: { flow: PlaySafelyActor }) {
  const { t } = useTranslation('protection');
  const duration = useSelector(flow, selectChosenTimeOut) ?? '24h';
  const starting = useSelector(flow, selectBlockStarting);
  const title = t('timeOut.confirmTitle', { duration: t(`timeOut.durations.${duration}`) });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Alert color="orange" role="alert">
          <Text size="sm">{t('timeOut.irreversible')}</Text>
        </Alert>
        <Group justify="space-between">
          <Button variant="default" disabled={starting} onClick={() => flow.send({ type: 'confirm.cancel' })}>
            {t('confirm.back')}
          </Button>
          <Button loading={starting} onClick={() => flow.send({ type: 'timeOut.confirm' })}>
            {t('timeOut.confirm')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A self-exclusion: it cannot be undone, so the player ticks that they understand before it starts. */
export function ConfirmSelfExclusionView({ flow }: { flow: PlaySafelyActor }) {
  const { t } = useTranslation('protection');
  const formError = useFormError('protection');
  const duration = useSelector(flow, selectChosenSelfExclusion) ?? 'permanent';
  const starting = useSelector(flow, selectBlockStarting);
  const form = useForm({
    initialValues: { understood: false },
    validate: { understood: (understood) => (understood ? null : 'validation.understood') },
  });
  const title = t('selfExclusion.confirmTitle', { duration: t(`selfExclusion.durations.${duration}`) });
  const checkbox = form.getInputProps('understood', { type: 'checkbox' });
  return (
    <Card withBorder radius="md" padding="lg">
      <form noValidate aria-label={title} onSubmit={form.onSubmit(() => flow.send({ type: 'selfExclusion.confirm' }))}>
        <Stack gap="md">
          <Title order={2} size="h4">
            {title}
          </Title>
          <Alert color="red" role="alert">
            <Text size="sm">{t('selfExclusion.irreversible')}</Text>
          </Alert>
          <Checkbox
            {...checkbox}
            label={t('selfExclusion.understood')}
            error={formError(checkbox.error)}
            disabled={starting}
          />
          <Group justify="space-between">
            <Button variant="default" disabled={starting} onClick={() => flow.send({ type: 'confirm.cancel' })}>
              {t('confirm.back')}
            </Button>
            <Button type="submit" color="red.9" loading={starting} disabled={!form.values.understood}>
              {t('selfExclusion.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
