import { limitChange, maxSessionMinutes } from '@contract/protection';
import {
  limitChangeWaits,
  selectEditingLimit,
  selectLimitRefusals,
  selectLimitRemovable,
  selectLimitSaving,
} from '@machines/play-safely.machine';
import { Alert, Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormError } from '@/lib/form-error';
import { LimitCard } from './play-safely-overview';
import { amountText, limitName, type PlaySafelyActor } from './play-safely-text';

/** One limit's form: a new value, or its removal; it says whether the change applies at once or in 24 hours. */
export function LimitFormView({ flow }: { flow: PlaySafelyActor }) {
  const { t } = useTranslation('protection');
  const formError = useFormError('protection');
  const row = useSelector(flow, selectEditingLimit);
  const removable = useSelector(flow, selectLimitRemovable);
  const refusals = useSelector(flow, selectLimitRefusals);
  const saving = useSelector(flow, selectLimitSaving);
  const form = useForm<{ kind: string; period: string; value: number | string }>({
    initialValues: { kind: row?.kind ?? 'deposit', period: row?.period ?? 'day', value: '' },
    validate: schemaResolver(limitChange, { sync: true }),
  });
  const { setErrors } = form;
  // The server's sentence shows on its field until the player changes that field.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  if (!row) return null;
  const name = limitName(t, row);
  const typed = typeof form.values.value === 'number' ? form.values.value : null;
  const waits = typed !== null && limitChangeWaits(row.value, typed);
  const input = form.getInputProps('value');
  const label = t(`limitForm.valueIn.${row.unit}`);

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        aria-label={t('limitForm.title', { limit: name })}
        onSubmit={form.onSubmit(({ value }) =>
          flow.send({ type: 'limit.submit', value: typeof value === 'number' ? value : null }),
        )}
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            {t('limitForm.title', { limit: name })}
          </Title>
          <LimitCard row={row} />
          <NumberInput
            {...input}
            label={label}
            error={formError(input.error, { field: label })}
            description={
              row.value === null ? null : t('limitForm.current', { value: amountText(t, row.unit, row.value) })
            }
            min={1}
            max={row.unit === 'minutes' ? maxSessionMinutes : undefined}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            inputMode="numeric"
            disabled={saving}
          />
          {typed !== null && (
            <Alert color={waits ? 'orange' : 'teal'} role="status">
              <Text size="sm">{t(waits ? 'limitForm.appliesLater' : 'limitForm.appliesNow')}</Text>
            </Alert>
          )}
          <Group justify="space-between">
            <Button variant="default" onClick={() => flow.send({ type: 'limit.cancel' })} disabled={saving}>
              {t('limitForm.cancel')}
            </Button>
            <Group gap="xs">
              {removable && (
                <Button
                  variant="outline"
                  color="red.9"
                  disabled={saving}
                  onClick={() => flow.send({ type: 'limit.submit', value: null })}
                >
                  {t('limitForm.remove')}
                </Button>
              )}
              <Button type="submit" loading={saving}>
                {t('limitForm.submit')}
              </Button>
            </Group>
          </Group>
          {removable && (
            <Text size="xs" c="dimmed">
              {t('limitForm.removeWaits')}
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}
