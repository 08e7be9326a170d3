import {
  type findPasswordMachine,
  selectFindPasswordBusy,
  selectFindPasswordCaptcha,
  selectFindPasswordErrors,
  selectFindPasswordStep,
  selectFindPasswordValues,
  selectNewPasswordStrength,
} from '@machines/find-password.machine';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { CaptchaField } from './captcha-field';
import { NewPasswordFields } from './new-password-fields';
import { useFieldErrorText } from './use-field-error-text';

type FindPasswordFlow = ActorRefFrom<typeof findPasswordMachine>;

/** The findPassword view: step 1 names the account, step 2 takes the mailed code and the new password. */
export function FindPasswordView({ flow }: { flow: FindPasswordFlow }) {
  const step = useSelector(flow, selectFindPasswordStep);
  return step === 1 ? <AccountStep flow={flow} /> : <NewPasswordStep flow={flow} />;
}

function submitTo(flow: FindPasswordFlow) {
  return (event: FormEvent) => {
    event.preventDefault();
    flow.send({ type: 'form.submit' });
  };
}

function AccountStep({ flow }: { flow: FindPasswordFlow }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const values = useSelector(flow, selectFindPasswordValues);
  const errors = useSelector(flow, selectFindPasswordErrors);
  const captcha = useSelector(flow, selectFindPasswordCaptcha);
  const busy = useSelector(flow, selectFindPasswordBusy);

  return (
    <form noValidate aria-label={t('findPassword.accountStep')} onSubmit={submitTo(flow)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('findPassword.accountIntro')}
        </Text>
        <TextInput
          label={t('labels.account')}
          placeholder={t('placeholders.account')}
          value={values.account}
          onChange={(event) => flow.send({ type: 'field.changed', field: 'account', value: event.currentTarget.value })}
          error={errorText(errors.account)}
          disabled={busy}
          autoComplete="username"
          maxLength={254}
        />
        <CaptchaField
          captcha={captcha}
          value={values.captcha}
          error={errorText(errors.captcha)}
          disabled={busy}
          onChange={(value) => flow.send({ type: 'field.changed', field: 'captcha', value })}
          onRefresh={() => flow.send({ type: 'captcha.refresh' })}
        />
        <Button type="submit" fullWidth loading={busy}>
          {t('findPassword.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}

function NewPasswordStep({ flow }: { flow: FindPasswordFlow }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const values = useSelector(flow, selectFindPasswordValues);
  const errors = useSelector(flow, selectFindPasswordErrors);
  const busy = useSelector(flow, selectFindPasswordBusy);
  const strength = useSelector(flow, selectNewPasswordStrength);

  return (
    <form noValidate aria-label={t('findPassword.passwordStep')} onSubmit={submitTo(flow)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('findPassword.codeIntro', { account: values.account.trim() })}
        </Text>
        <TextInput
          label={t('labels.code')}
          placeholder={t('placeholders.code')}
          value={values.code}
          onChange={(event) => flow.send({ type: 'field.changed', field: 'code', value: event.currentTarget.value })}
          error={errorText(errors.code)}
          disabled={busy}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <NewPasswordFields
          label={t('labels.newPassword')}
          password={values.newPassword}
          confirmPassword={values.confirmPassword}
          passwordError={errors.newPassword}
          confirmPasswordError={errors.confirmPassword}
          strength={strength}
          disabled={busy}
          onPasswordChange={(value) => flow.send({ type: 'field.changed', field: 'newPassword', value })}
          onConfirmPasswordChange={(value) => flow.send({ type: 'field.changed', field: 'confirmPassword', value })}
        />
        <Group grow>
          <Button variant="default" onClick={() => flow.send({ type: 'step.back' })} disabled={busy}>
            {t('findPassword.back')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('findPassword.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
