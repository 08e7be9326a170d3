import { passwordMaxLength } from '@contract/auth';
import {
  type loginMachine,
  selectLoginCaptchaFlow,
  selectLoginErrors,
  selectLoginValues,
  selectSigningIn,
  selectSigningInWith,
} from '@machines/login.machine';
import { Anchor, Button, Checkbox, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { AccountField, submitsTo } from './auth-form-parts';
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
  const captchaFlow = useSelector(flow, selectLoginCaptchaFlow);
  const busy = useSelector(flow, selectSigningIn);

  return (
    <form noValidate aria-label={t('login.title')} onSubmit={submitsTo(flow)}>
      <Stack gap="md">
        <AccountField
          value={values.account}
          error={errors.account}
          disabled={busy}
          onChange={(value) => flow.send({ type: 'field.changed', field: 'account', value })}
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
          flow={captchaFlow}
          value={values.captcha}
          error={errorText(errors.captcha)}
          disabled={busy}
          onChange={(value) => flow.send({ type: 'field.changed', field: 'captcha', value })}
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
