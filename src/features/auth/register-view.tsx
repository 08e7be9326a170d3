import { registerAccountForm, registerEmailForm } from '@contract/auth';
import {
  type registerMachine,
  selectInvitedAgentCode,
  selectRegisterBusy,
  selectRegisterRefusals,
  selectRegisterStep,
  selectSendCodeFlow,
  selectVerifiedEmail,
} from '@machines/register.machine';
import { Anchor, Button, Checkbox, Group, Stack, Stepper, TextInput } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { useFormError } from '@/lib/form-error';
import { EmailCodeField, StepButtons, useAuthField } from './auth-form-parts';
import { NewPasswordFields } from './new-password-fields';
import { CodeSentNotice, SendCodeButton } from './send-code-button';

type RegisterFlow = ActorRefFrom<typeof registerMachine>;

interface EmailStepForm {
  email: string;
  code: string;
  acceptTerms: boolean;
}

interface AccountStepForm {
  account: string;
  password: string;
  confirmPassword: string;
  agentCode: string;
}

/** The user agreement route (route name userAgreement), opened in a new window from registration. */
const userAgreementPath = '/about/user-agreement';

const checkEmailStep = schemaResolver(registerEmailForm, { sync: true });
const checkAccountStep = schemaResolver(registerAccountForm, { sync: true });

/**
 * The register tab: two steps, each its own view. Both forms live here, so going back to step 1 and
 * on again finds what was typed.
 */
export function RegisterView({ flow }: { flow: RegisterFlow }) {
  const { t } = useTranslation('auth');
  const step = useSelector(flow, selectRegisterStep);
  const refusals = useSelector(flow, selectRegisterRefusals);
  const emailForm = useForm<EmailStepForm>({
    initialValues: { email: '', code: '', acceptTerms: false },
    validate: checkEmailStep,
  });
  const accountForm = useForm<AccountStepForm>({
    initialValues: {
      account: '',
      password: '',
      confirmPassword: '',
      agentCode: useSelector(flow, selectInvitedAgentCode),
    },
    validate: checkAccountStep,
  });
  const { setErrors: setEmailErrors } = emailForm;
  const { setErrors: setAccountErrors } = accountForm;
  // The server's sentence shows on its field of the current step until the newcomer changes that field.
  useEffect(
    () => (step === 1 ? setEmailErrors : setAccountErrors)(refusals),
    [refusals, step, setEmailErrors, setAccountErrors],
  );
  return (
    <Stepper active={step - 1} size="xs" allowNextStepsSelect={false}>
      <Stepper.Step label={t('register.emailStep')}>
        <RegisterEmailStep flow={flow} form={emailForm} />
      </Stepper.Step>
      <Stepper.Step label={t('register.accountStep')}>
        <RegisterAccountStep
          flow={flow}
          form={accountForm}
          // The code was spent on step 1: going back asks for a new one.
          onBack={() => {
            emailForm.setFieldValue('code', '');
            flow.send({ type: 'step.back' });
          }}
        />
      </Stepper.Step>
    </Stepper>
  );
}

function RegisterEmailStep({ flow, form }: { flow: RegisterFlow; form: UseFormReturnType<EmailStepForm> }) {
  const { t } = useTranslation('auth');
  const authField = useAuthField();
  const busy = useSelector(flow, selectRegisterBusy);
  const sendCodeFlow = useSelector(flow, selectSendCodeFlow);
  const email = authField(form, 'email', 'email');

  return (
    <form
      noValidate
      aria-label={t('register.emailStep')}
      onSubmit={form.onSubmit((values) => flow.send({ type: 'email.submit', ...values }))}
    >
      <Stack gap="md" pt="sm">
        <Stack gap={4}>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              {...email}
              type="email"
              label={t('labels.email')}
              placeholder={t('placeholders.email')}
              disabled={busy}
              autoComplete="email"
              maxLength={254}
              style={{ flex: 1 }}
            />
            {sendCodeFlow && (
              <Stack justify="flex-end" mb={email.error ? 22 : 0}>
                <SendCodeButton
                  flow={sendCodeFlow}
                  email={form.values.email}
                  onSend={() => {
                    // The address's own message shows at once; the machine sends only an address.
                    form.validateField('email');
                    flow.send({ type: 'code.send', email: form.values.email });
                  }}
                />
              </Stack>
            )}
          </Group>
          {sendCodeFlow && <CodeSentNotice flow={sendCodeFlow} />}
        </Stack>
        <EmailCodeField field={authField(form, 'code', 'code')} disabled={busy} />
        <Checkbox
          {...authField(form, 'acceptTerms', 'acceptTerms', { type: 'checkbox' })}
          label={
            <Trans
              t={t}
              i18nKey="register.acceptTerms"
              components={{ agreement: <Anchor href={userAgreementPath} target="_blank" rel="noopener" /> }}
            />
          }
          disabled={busy}
        />
        <Button type="submit" fullWidth loading={busy}>
          {t('register.next')}
        </Button>
      </Stack>
    </form>
  );
}

function RegisterAccountStep(props: { flow: RegisterFlow; form: UseFormReturnType<AccountStepForm>; onBack(): void }) {
  const { flow, form } = props;
  const { t } = useTranslation('auth');
  const authField = useAuthField();
  const formError = useFormError('auth');
  const busy = useSelector(flow, selectRegisterBusy);
  const email = useSelector(flow, selectVerifiedEmail);

  return (
    <form
      noValidate
      aria-label={t('register.accountStep')}
      onSubmit={form.onSubmit(({ account, password, agentCode }) =>
        flow.send({ type: 'account.submit', account, password, agentCode }),
      )}
    >
      <Stack gap="md" pt="sm">
        <TextInput
          {...authField(form, 'account', 'username')}
          label={t('labels.username')}
          placeholder={t('placeholders.username')}
          description={t('register.usernameHint')}
          disabled={busy}
          autoComplete="username"
          maxLength={64}
        />
        <TextInput
          label={t('labels.email')}
          value={email}
          error={formError(form.errors.email)}
          readOnly
          autoComplete="email"
          variant="filled"
        />
        <NewPasswordFields
          label={t('labels.password')}
          password={authField(form, 'password', 'password')}
          confirmPassword={authField(form, 'confirmPassword', 'confirmPassword')}
          disabled={busy}
        />
        <TextInput
          {...authField(form, 'agentCode', 'agentCode')}
          label={t('labels.agentCode')}
          disabled={busy}
          autoComplete="off"
          maxLength={32}
        />
        <StepButtons
          backLabel={t('register.back')}
          submitLabel={t('register.submit')}
          busy={busy}
          onBack={props.onBack}
        />
      </Stack>
    </form>
  );
}
