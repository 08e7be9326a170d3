import { validateOldAccount } from '@contract/account-transfer';
import { selectAccountTransferBusy } from '@machines/account-transfer.machine';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { type AccountTransferActor, useTransferFieldError } from './transfer-actor';

/** Step 1: the old account's name. */
export function OldAccountStep({ flow }: { flow: AccountTransferActor }) {
  const { t } = useTranslation('account-transfer');
  const busy = useSelector(flow, selectAccountTransferBusy);
  const refused = useSelector(flow, (snapshot) => snapshot.context.fields.oldAccount);
  const errorOf = useTransferFieldError();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { oldAccount: useSelector(flow, (snapshot) => snapshot.context.oldAccount) },
    validate: schemaResolver(validateOldAccount.body, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => flow.send({ type: 'oldAccount.submit', oldAccount: values.oldAccount }))}
    >
      <Stack gap="sm">
        <Text>{t('oldAccount.hint')}</Text>
        <TextInput
          label={t('oldAccount.label')}
          autoComplete="off"
          {...form.getInputProps('oldAccount')}
          error={errorOf(form.errors.oldAccount, refused)}
        />
        <Button type="submit" loading={busy} data-testid="transfer-account-submit">
          {t('oldAccount.submit')}
        </Button>
      </Stack>
    </form>
  );
}
