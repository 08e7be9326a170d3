import {
  type findPasswordMachine,
  selectFindPasswordBusy,
  selectFindPasswordCaptchaFlow,
  selectFindPasswordErrors,
  selectFindPasswordStep,
  selectFindPasswordValues,
  selectNewPasswordStrength,
} from '@machines/find-password.machine';
import { Button, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { AccountField, EmailCodeField, StepButtons, submitsTo } from './auth-form-parts';
import { CaptchaField } from './captcha-field';
import { NewPasswordFields } from './new-password-fields';
import { useFieldErrorText } from './use-field-error-text';

type FindPasswordFlow = ActorRefFrom<typeof findPasswordMachine>;

/** The findPassword view: step 1 names the account, step 2 takes the mailed code and the new password. */
export function FindPasswordView({ flow }: { flow: FindPasswordFlow }) {
  const step = useSelector(flow, selectFindPasswordStep);
  return step === 1 ? <AccountStep flow={flow} /> : <NewPasswordStep flow={flow} />;
}

function AccountStep({ flow }: { flow: FindPasswordFlow }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const values = useSelector(flow, selectFindPasswordValues);
  const errors = useSelector(flow, selectFindPasswordErrors);
  const captchaFlow = useSelector(flow, selectFindPasswordCaptchaFlow);
  const busy = useSelector(flow, selectFindPasswordBusy);

  return (
    <form noValidate aria-label={t('findPassword.accountStep')} onSubmit={submitsTo(flow)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('findPassword.accountIntro')}
        </Text>
        <AccountField
          value={values.account}
          error={errors.account}
          disabled={busy}
          onChange={(value) => flow.send({ type: 'field.changed', field: 'account', value })}
        />
        <CaptchaField
          flow={captchaFlow}
          value={values.captcha}
          error={errorText(errors.captcha)}
          disabled={busy}
          onChange={(value) => flow.send({ type: 'field.changed', field: 'captcha', value })}
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
  const values = useSelector(flow, selectFindPasswordValues);
  const errors = useSelector(flow, selectFindPasswordErrors);
  const busy = useSelector(flow, selectFindPasswordBusy);
  const strength = useSelector(flow, selectNewPasswordStrength);

  return (
    <form noValidate aria-label={t('findPassword.passwordStep')} onSubmit={submitsTo(flow)}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('findPassword.codeIntro', { account: values.account.trim() })}
        </Text>
        <EmailCodeField
          value={values.code}
          error={errors.code}
          disabled={busy}
          onChange={(value) => flow.send({ type: 'field.changed', field: 'code', value })}
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
        <StepButtons
          backLabel={t('findPassword.back')}
          submitLabel={t('findPassword.submit')}
          busy={busy}
          onBack={() => flow.send({ type: 'step.back' })}
        />
      </Stack>
    </form>
  );
}
