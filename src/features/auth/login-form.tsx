import { passwordMaxLength } from '@contract/auth';
import {
  type loginMachine,
  selectCheckingCode,
  selectEnteringCode,
  selectLoginCaptchaFlow,
  selectLoginErrors,
  selectLoginValues,
  selectSigningIn,
  selectSigningInWith,
  selectTotpCode,
  selectTotpCodeInvalid,
} from '@machines/login.machine';
import { Anchor, Button, Checkbox, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
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
  const enteringCode = useSelector(flow, selectEnteringCode);
  if (provider) return <ProviderSignInProgress provider={provider} />;
  if (enteringCode) return <AppKeyCodeForm flow={flow} />;
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

/** The second step of a sign-in guarded by the app key (docs/requirements.md §14.3). */
function AppKeyCodeForm({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation('app-access');
  const code = useSelector(flow, selectTotpCode);
  const invalid = useSelector(flow, selectTotpCodeInvalid);
  const checking = useSelector(flow, selectCheckingCode);
  return (
    <form
      noValidate
      aria-label={t('signIn.codeTitle')}
      onSubmit={(event) => {
        event.preventDefault();
        flow.send({ type: 'code.submit' });
      }}
    >
      <Stack gap="md">
        <Text>{t('signIn.codeIntro')}</Text>
        <TextInput
          label={t('key.code')}
          description={t('key.codeHint')}
          value={code}
          onChange={(event) => flow.send({ type: 'code.changed', value: event.currentTarget.value })}
          error={invalid ? t('key.codeFormat') : null}
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
