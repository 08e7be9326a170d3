import { appKeyCodeForm, passwordMaxLength, signInForm } from '@contract/auth';
import {
  type LoginPreference,
  type loginMachine,
  type SignInValues,
  selectCheckingCode,
  selectEnteringCode,
  selectLoginCaptchaFlow,
  selectLoginCaptchaUuid,
  selectLoginPreference,
  selectLoginRefusals,
  selectSigningIn,
  selectSigningInWith,
} from '@machines/login.machine';
import { Anchor, Button, Checkbox, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { AccountField, useAuthField } from './auth-form-parts';
import { CaptchaField } from './captcha-field';
import { ThirdPartySignIn } from './third-party-sign-in';

type LoginFlow = ActorRefFrom<typeof loginMachine>;

const checkSignIn = schemaResolver(signInForm, { sync: true });
const checkCode = schemaResolver(appKeyCodeForm, { sync: true });

/** The login tab; its form starts with the remembered account, so it shows once that is read. */
export function LoginView({ flow, onForgotPassword }: { flow: LoginFlow; onForgotPassword(): void }) {
  const preference = useSelector(flow, selectLoginPreference);
  return preference ? <LoginPanels flow={flow} preference={preference} onForgotPassword={onForgotPassword} /> : null;
}

/**
 * The form while editing or signing in, the code step, or a progress line during a third-party
 * sign-in. The form lives here, so what was typed is still there after the code step or a provider.
 */
function LoginPanels(props: { flow: LoginFlow; preference: LoginPreference; onForgotPassword(): void }) {
  const { flow } = props;
  const provider = useSelector(flow, selectSigningInWith);
  const enteringCode = useSelector(flow, selectEnteringCode);
  const captchaUuid = useSelector(flow, selectLoginCaptchaUuid);
  const refusals = useSelector(flow, selectLoginRefusals);
  const form = useForm<SignInValues>({
    initialValues: { account: props.preference.account, password: '', qrcode: '', remember: props.preference.remember },
    validate: checkSignIn,
  });
  const { setFieldValue, setErrors } = form;
  // An answer is only good for the image it was typed for.
  useEffect(() => {
    if (captchaUuid === null) setFieldValue('qrcode', '');
  }, [captchaUuid, setFieldValue]);
  // The server's sentence shows on its field until the player changes that field.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  if (provider) return <ProviderSignInProgress provider={provider} />;
  if (enteringCode) return <AppKeyCodeForm flow={flow} />;
  return <LoginForm flow={flow} form={form} onForgotPassword={props.onForgotPassword} />;
}

function ProviderSignInProgress({ provider }: { provider: string }) {
  const { t } = useTranslation('auth');
  return (
    <Stack align="center" gap="md" py="xl" role="status">
      <Loader />
      <Text>{t('thirdParty.signingIn', { provider: t(`thirdParty.providers.${provider}`) })}</Text>
    </Stack>
  );
}

/** The second step of a sign-in guarded by the app key (docs/requirements.md §14.3). */
function AppKeyCodeForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation('app-access');
  const authField = useAuthField();
  const checking = useSelector(flow, selectCheckingCode);
  const refusals = useSelector(flow, selectLoginRefusals);
  const form = useForm({ initialValues: { totpCode: '' }, validate: checkCode });
  const { setFieldValue, setErrors } = form;
  // A refused code is spent (each works once): the field empties, with the server's sentence.
  useEffect(() => {
    if (Object.keys(refusals).length > 0) setFieldValue('totpCode', '');
    setErrors(refusals);
  }, [refusals, setFieldValue, setErrors]);
  return (
    <form
      noValidate
      aria-label={t('signIn.codeTitle')}
      onSubmit={form.onSubmit(({ totpCode }) => flow.send({ type: 'code.submit', totpCode }))}
    >
      <Stack gap="md">
        <Text>{t('signIn.codeIntro')}</Text>
        <TextInput
          {...authField(form, 'totpCode', 'totpCode')}
          label={t('key.code')}
          description={t('key.codeHint')}
          disabled={checking}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-autofocus
        />
        <Button type="submit" fullWidth loading={checking}>
          {t('signIn.submit')}
        </Button>
        <Button variant="subtle" disabled={checking} onClick={() => flow.send({ type: 'code.cancel' })}>
          {t('signIn.back')}
        </Button>
      </Stack>
    </form>
  );
}

function LoginForm(props: { flow: LoginFlow; form: UseFormReturnType<SignInValues>; onForgotPassword(): void }) {
  const { flow, form } = props;
  const { t } = useTranslation('auth');
  const authField = useAuthField();
  const captchaFlow = useSelector(flow, selectLoginCaptchaFlow);
  const busy = useSelector(flow, selectSigningIn);

  return (
    <form
      noValidate
      aria-label={t('login.title')}
      onSubmit={form.onSubmit((values) => flow.send({ type: 'form.submit', ...values }))}
    >
      <Stack gap="md">
        <AccountField field={authField(form, 'account', 'account')} disabled={busy} />
        <PasswordInput
          {...authField(form, 'password', 'password')}
          label={t('labels.password')}
          disabled={busy}
          autoComplete="current-password"
          maxLength={passwordMaxLength}
        />
        <CaptchaField flow={captchaFlow} {...authField(form, 'qrcode', 'captcha')} disabled={busy} />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            {...form.getInputProps('remember', { type: 'checkbox' })}
            label={t('login.remember')}
            disabled={busy}
          />
          <Anchor component="button" type="button" size="sm" onClick={props.onForgotPassword}>
            {t('authDialog.forgotPassword', { ns: 'common' })}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth loading={busy}>
          {t('login.submit')}
        </Button>
        <ThirdPartySignIn flow={flow} disabled={busy} />
      </Stack>
    </form>
  );
}
