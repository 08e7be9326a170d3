import {
  type registerMachine,
  selectRegisterBusy,
  selectRegisterErrors,
  selectRegisterPasswordStrength,
  selectRegisterStep,
  selectRegisterValues,
  selectSendCodeFlow,
} from '@machines/register.machine';
import { Anchor, Button, Checkbox, Group, Stack, Stepper, TextInput } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Trans, useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { EmailCodeField, StepButtons, submitsTo } from './auth-form-parts';
import { NewPasswordFields } from './new-password-fields';
import { SendCodeButton } from './send-code-button';
import { useFieldErrorText } from './use-field-error-text';

type RegisterFlow = ActorRefFrom<typeof registerMachine>;

/** The user agreement route (route name userAgreement), opened in a new window from registration. */
const userAgreementPath = '/about/user-agreement';

/** The register tab: two steps, each its own view. */
export function RegisterView({ flow }: { flow: RegisterFlow }) {
  const { t } = useTranslation('auth');
  const step = useSelector(flow, selectRegisterStep);
  return (
    <Stepper active={step - 1} size="xs" allowNextStepsSelect={false}>
      <Stepper.Step label={t('register.emailStep')}>
        <RegisterEmailStep flow={flow} />
      </Stepper.Step>
      <Stepper.Step label={t('register.accountStep')}>
        <RegisterAccountStep flow={flow} />
      </Stepper.Step>
    </Stepper>
  );
}

function RegisterEmailStep({ flow }: { flow: RegisterFlow }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const values = useSelector(flow, selectRegisterValues);
  const errors = useSelector(flow, selectRegisterErrors);
  const busy = useSelector(flow, selectRegisterBusy);
  const sendCodeFlow = useSelector(flow, selectSendCodeFlow);

  return (
    <form noValidate aria-label={t('register.emailStep')} onSubmit={submitsTo(flow)}>
      <Stack gap="md" pt="sm">
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <TextInput
            type="email"
            label={t('labels.email')}
            placeholder={t('placeholders.email')}
            value={values.email}
            onChange={(event) => flow.send({ type: 'field.changed', field: 'email', value: event.currentTarget.value })}
            error={errorText(errors.email)}
            disabled={busy}
            autoComplete="email"
            maxLength={254}
            style={{ flex: 1 }}
          />
          {sendCodeFlow && (
            <Stack justify="flex-end" mb={errors.email ? 22 : 0}>
              <SendCodeButton flow={sendCodeFlow} onSend={() => flow.send({ type: 'code.send' })} />
            </Stack>
          )}
        </Group>
        <EmailCodeField
          value={values.code}
          error={errors.code}
          disabled={busy}
          onChange={(value) => flow.send({ type: 'field.changed', field: 'code', value })}
        />
        <Checkbox
          label={
            <Trans
              t={t}
              i18nKey="register.acceptTerms"
              components={{ agreement: <Anchor href={userAgreementPath} target="_blank" rel="noopener" /> }}
            />
          }
          checked={values.acceptTerms}
          onChange={(event) =>
            flow.send({ type: 'field.changed', field: 'acceptTerms', value: event.currentTarget.checked })
          }
          error={errorText(errors.acceptTerms)}
          disabled={busy}
        />
        <Button type="submit" fullWidth loading={busy}>
          {t('register.next')}
        </Button>
      </Stack>
    </form>
  );
}

function RegisterAccountStep({ flow }: { flow: RegisterFlow }) {
  const { t } = useTranslation('auth');
  const errorText = useFieldErrorText();
  const values = useSelector(flow, selectRegisterValues);
  const errors = useSelector(flow, selectRegisterErrors);
  const busy = useSelector(flow, selectRegisterBusy);
  const strength = useSelector(flow, selectRegisterPasswordStrength);

  return (
    <form noValidate aria-label={t('register.accountStep')} onSubmit={submitsTo(flow)}>
      <Stack gap="md" pt="sm">
        <TextInput
          label={t('labels.username')}
          placeholder={t('placeholders.username')}
          description={t('register.usernameHint')}
          value={values.username}
          onChange={(event) =>
            flow.send({ type: 'field.changed', field: 'username', value: event.currentTarget.value })
          }
          error={errorText(errors.username)}
          disabled={busy}
          autoComplete="username"
          maxLength={64}
        />
        <TextInput label={t('labels.email')} value={values.email} readOnly autoComplete="email" variant="filled" />
        <NewPasswordFields
          label={t('labels.password')}
          password={values.password}
          confirmPassword={values.confirmPassword}
          passwordError={errors.password}
          confirmPasswordError={errors.confirmPassword}
          strength={strength}
          disabled={busy}
          onPasswordChange={(value) => flow.send({ type: 'field.changed', field: 'password', value })}
          onConfirmPasswordChange={(value) => flow.send({ type: 'field.changed', field: 'confirmPassword', value })}
        />
        <TextInput
          label={t('labels.agentCode')}
          value={values.agentCode}
          onChange={(event) =>
            flow.send({ type: 'field.changed', field: 'agentCode', value: event.currentTarget.value })
          }
          disabled={busy}
          autoComplete="off"
          maxLength={32}
        />
        <StepButtons
          backLabel={t('register.back')}
          submitLabel={t('register.submit')}
          busy={busy}
          onBack={() => flow.send({ type: 'step.back' })}
        />
      </Stack>
    </form>
  );
}
