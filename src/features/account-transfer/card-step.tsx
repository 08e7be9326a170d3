import { validateOldAccountCard } from '@contract/account-transfer';
import { selectAccountTransferBusy } from '@machines/account-transfer.machine';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { type AccountTransferActor, useTransferFieldError } from './transfer-actor';

const cardForm = v.pick(validateOldAccountCard.body, ['cardNumber']);

/** Step 2: the number of a bank card bound on the old account. */
export function CardStep({ flow }: { flow: AccountTransferActor }) {
  const { t } = useTranslation('account-transfer');
  const busy = useSelector(flow, selectAccountTransferBusy);
  const oldAccount = useSelector(flow, (snapshot) => snapshot.context.oldAccount);
  const refused = useSelector(flow, (snapshot) => snapshot.context.fields.cardNumber);
  const errorOf = useTransferFieldError();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { cardNumber: '' },
    validate: schemaResolver(cardForm, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => flow.send({ type: 'card.submit', cardNumber: values.cardNumber }))}
    >
      <Stack gap="sm">
        <Text>{t('card.hint', { oldAccount })}</Text>
        <TextInput
          label={t('card.label')}
          inputMode="numeric"
          autoComplete="off"
          {...form.getInputProps('cardNumber')}
          error={errorOf(form.errors.cardNumber, refused)}
        />
        <Group>
          <Button type="submit" loading={busy} data-testid="transfer-card-submit">
            {t('card.submit')}
          </Button>
          <Button variant="subtle" disabled={busy} onClick={() => flow.send({ type: 'restart' })}>
            {t('restart')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
