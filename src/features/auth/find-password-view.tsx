import { recoveryAccountForm, recoveryPasswordForm } from '@contract/auth';
import {
  type findPasswordMachine,
  selectFindPasswordBusy,
  selectFindPasswordCaptchaFlow,
  selectFindPasswordCaptchaUuid,
  selectFindPasswordRefusals,
  selectFindPasswordStep,
  selectRecoveringAccount,
} from '@machines/find-password.machine';
import { Button, Stack, Text } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { AccountField, EmailCodeField, StepButtons, useAuthField } from './auth-form-parts';
import { CaptchaField } from './captcha-field';
import { NewPasswordFields } from './new-password-fields';

type FindPasswordFlow = ActorRefFrom<typeof findPasswordMachine>;

interface AccountStepForm {
  account: string;
  qrcode: string;
}

interface PasswordStepForm {
  qrcode: string;
  newPassword: string;
  confirmPassword: string;
}

const checkAccountStep = schemaResolver(recoveryAccountForm, { sync: true });
const checkPasswordStep = schemaResolver(recoveryPasswordForm, { sync: true });

/**
 * The findPassword view: step 1 names the account, step 2 takes the mailed code and the new password.
 * Both forms live here, so going back to step 1 finds the account typed.
 */
export function FindPasswordView({ flow }: { flow: FindPasswordFlow }) {
  const step = useSelector(flow, selectFindPasswordStep);
  const refusals = useSelector(flow, selectFindPasswordRefusals);
  const captchaUuid = useSelector(flow, selectFindPasswordCaptchaUuid);
  const accountForm = useForm<AccountStepForm>({
    initialValues: { account: '', qrcode: '' },
    validate: checkAccountStep,
  });
  const passwordForm = useForm<PasswordStepForm>({
    initialValues: { qrcode: '', newPassword: '', confirmPassword: '' },
    validate: checkPasswordStep,
  });
  const { setFieldValue: setAccountStepValue, setErrors: setAccountErrors } = accountForm;
  const { setErrors: setPasswordErrors } = passwordForm;
  // An answer is only good for the image it was typed for.
  useEffect(() => {
    if (captchaUuid === null) setAccountStepValue('qrcode', '');
  }, [captchaUuid, setAccountStepValue]);
  // The server's sentence shows on its field of the current step until the player changes that field.
  useEffect(
    () => (step === 1 ? setAccountErrors : setPasswordErrors)(refusals),
    [refusals, step, setAccountErrors, setPasswordErrors],
  );
  return step === 1 ? (
    <AccountStep flow={flow} form={accountForm} />
  ) : (
    <NewPasswordStep flow={flow} form={passwordForm} />
  );
}

function AccountStep({ flow, form }: { flow: FindPasswordFlow; form: UseFormReturnType<AccountStepForm> }) {
  const { t } = useTranslation('auth');
  const authField = useAuthField();
  const captchaFlow = useSelector(flow, selectFindPasswordCaptchaFlow);
  const busy = useSelector(flow, selectFindPasswordBusy);

  return (
    <form
      noValidate
      aria-label={t('findPassword.accountStep')}
      onSubmit={form.onSubmit((values) => flow.send({ type: 'account.submit', ...values }))}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('findPassword.accountIntro')}
        </Text>
        <AccountField field={authField(form, 'account', 'account')} disabled={busy} />
        <CaptchaField flow={captchaFlow} {...authField(form, 'qrcode', 'captcha')} disabled={busy} />
        <Button type="submit" fullWidth loading={busy}>
          {t('findPassword.sendCode')}
        </Button>
      </Stack>
    </form>
  );
}

function NewPasswordStep({ flow, form }: { flow: FindPasswordFlow; form: UseFormReturnType<PasswordStepForm> }) {
  const { t } = useTranslation('auth');
  const authField = useAuthField();
  const busy = useSelector(flow, selectFindPasswordBusy);
  const account = useSelector(flow, selectRecoveringAccount);

  return (
    <form
      noValidate
      aria-label={t('findPassword.passwordStep')}
      onSubmit={form.onSubmit(({ qrcode, newPassword }) => flow.send({ type: 'password.submit', qrcode, newPassword }))}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('findPassword.codeIntro', { account })}
        </Text>
        <EmailCodeField field={authField(form, 'qrcode', 'code')} disabled={busy} />
        <NewPasswordFields
          label={t('labels.newPassword')}
          password={authField(form, 'newPassword', 'newPassword')}
          confirmPassword={authField(form, 'confirmPassword', 'confirmPassword')}
          disabled={busy}
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
