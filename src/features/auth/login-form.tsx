import { passwordMaxLength } from '@contract/auth';
import {
  type loginMachine,
  selectLoginCaptcha,
  selectLoginErrors,
  selectLoginValues,
  selectSigningIn,
  selectSigningInWith,
} from '@machines/login.machine';
import { Anchor, Button, Checkbox, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { CaptchaField } from './captcha-field';
import { ThirdPartySignIn } from './third-party-sign-in';
import { useFieldErrorText } from './use-field-error-text';

type LoginFlow = ActorRefFrom<typeof loginMachine>;

/** The login tab: the form while editing or signing in, a progress line during a third-party sign-in. */
export function LoginView({ flow, onForgotPassword }: { flow: LoginFlow; onForgotPassword(): void }) {
  const provider = useSelector(flow, selectSigningInWith);
  if (provider) return <ProviderSignInProgress provider={provider} />;
  return <LoginForm flow={flow} onForgotPassword={onForgotPassword} />;
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

function LoginForm({ flow, onForgotPassword }: { flow: LoginFlow; onForgotPassword(): void }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const values = useSelector(flow, selectLoginValues);
  const errors = useSelector(flow, selectLoginErrors);
  const captcha = useSelector(flow, selectLoginCaptcha);
  const busy = useSelector(flow, selectSigningIn);

  return (
    <form
      noValidate
      aria-label={t('login.title')}
      onSubmit={(event) => {
        event.preventDefault();
        flow.send({ type: 'form.submit' });
      }}
    >
      <Stack gap="md">
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
        <PasswordInput
          label={t('labels.password')}
          value={values.password}
          onChange={(event) =>
            flow.send({ type: 'field.changed', field: 'password', value: event.currentTarget.value })
          }
          error={errorText(errors.password)}
          disabled={busy}
          autoComplete="current-password"
          maxLength={passwordMaxLength}
        />
        <CaptchaField
          captcha={captcha}
          value={values.captcha}
          error={errorText(errors.captcha)}
          disabled={busy}
          onChange={(value) => flow.send({ type: 'field.changed', field: 'captcha', value })}
          onRefresh={() => flow.send({ type: 'captcha.refresh' })}
        />
        <Group justify="space-between" wrap="nowrap">
          <Checkbox
            label={t('login.remember')}
            checked={values.remember}
            onChange={(event) =>
              flow.send({ type: 'field.changed', field: 'remember', value: event.currentTarget.checked })
            }
            disabled={busy}
          />
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
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
