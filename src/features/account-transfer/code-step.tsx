import { signInOldAccount } from '@contract/account-transfer';
import {
  selectAccountTransferBusy,
  selectCanResend,
  selectResendSecondsLeft,
} from '@machines/account-transfer.machine';
import { Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useInterval } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { type AccountTransferActor, useTransferFieldError } from './transfer-actor';

const signInForm = v.pick(signInOldAccount.body, ['password', 'code']);

/** Step 3: the old password and the mailed code, with the resend button and its countdown. */
export function CodeStep({ flow }: { flow: AccountTransferActor }) {
  const { t } = useTranslation('account-transfer');
  const busy = useSelector(flow, selectAccountTransferBusy);
  const canResend = useSelector(flow, selectCanResend);
  const resending = useSelector(flow, (snapshot) => snapshot.matches({ enteringCode: 'resending' }));
  const maskedEmail = useSelector(flow, (snapshot) => snapshot.context.delivery?.maskedEmail ?? '');
  const fields = useSelector(flow, (snapshot) => snapshot.context.fields);
  const errorOf = useTransferFieldError();
  const [now, setNow] = useState(() => Date.now());
  const ticker = useInterval(() => setNow(Date.now()), 1000);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ticker is started once, for the step's life.
  useEffect(() => {
    ticker.start();
    return ticker.stop;
  }, []);
  const secondsLeft = useSelector(flow, (snapshot) => selectResendSecondsLeft(snapshot, now));
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { password: '', code: '' },
    validate: schemaResolver(signInForm, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) =>
        flow.send({ type: 'signIn.submit', password: values.password, code: values.code }),
      )}
    >
      <Stack gap="sm">
        <Text data-testid="transfer-code-sent">{t('code.sent', { email: maskedEmail })}</Text>
        <PasswordInput
          label={t('code.passwordLabel')}
          autoComplete="off"
          {...form.getInputProps('password')}
          error={errorOf(form.errors.password, fields.password)}
        />
        <Group align="flex-end" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('code.codeLabel')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            {...form.getInputProps('code')}
            error={errorOf(form.errors.code, fields.code)}
          />
          <Button
            variant="default"
            disabled={!canResend || busy}
            loading={resending}
            onClick={() => flow.send({ type: 'code.resend' })}
            data-testid="transfer-resend"
          >
            {canResend || resending ? t('code.resend') : t('code.resendIn', { seconds: secondsLeft })}
          </Button>
        </Group>
        <Group>
          <Button type="submit" loading={busy} data-testid="transfer-sign-in-submit">
            {t('code.submit')}
          </Button>
          <Button variant="subtle" disabled={busy} onClick={() => flow.send({ type: 'restart' })}>
            {t('restart')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
