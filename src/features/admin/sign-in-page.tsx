import { operatorAccountMaxLength, operatorPasswordMaxLength, operatorSignInForm } from '@contract/admin';
import {
  type operatorSignInMachine,
  selectOperatorCaptchaFlow,
  selectOperatorCaptchaShown,
  selectOperatorSignInAlert,
  selectOperatorSignInRefusals,
  selectOperatorSignInStage,
} from '@machines/operator-sign-in.machine';
import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { useFieldProps, useFormError } from '@/lib/form-error';
import { inspection } from '@/lib/inspector';
import { CaptchaField } from '../auth/captcha-field';
import { LanguageSwitcher } from '../layout/language-switcher';
import { deskTarget } from './operator-guard';
import { readOperatorSession } from './operator-session';
import { operatorSignInLogic } from './sign-in-flow';

type SignInActor = ActorRefFrom<typeof operatorSignInMachine>;
type SignInForm = UseFormReturnType<v.InferInput<typeof operatorSignInForm>>;

// Made once: the form's setters change whenever its rules do, and the effects below use them.
const validateSignIn = schemaResolver(operatorSignInForm, { sync: true });

/** The desk's sign-in: account, password, captcha and the authenticator code; then the page that was asked for. */
export function OperatorSignInPage({ redirectTo }: { redirectTo: unknown }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [logic] = useState(operatorSignInLogic);
  const signIn = useActorRef(logic, { ...inspection });
  const stage = useSelector(signIn, selectOperatorSignInStage);
  const alreadySignedIn = stage === 'editing' && readOperatorSession() !== null;
  // The form outlives the check, so a refused try keeps what the operator typed.
  const form = useForm({
    initialValues: { account: '', password: '', captcha: '', totpCode: '' },
    validate: validateSignIn,
  });
  const refusals = useSelector(signIn, selectOperatorSignInRefusals);
  const captchaShown = useSelector(signIn, selectOperatorCaptchaShown);
  const { setFieldValue, setErrors } = form;
  // An answer is only good for the image it was typed for.
  useEffect(() => {
    if (!captchaShown) setFieldValue('captcha', '');
  }, [captchaShown, setFieldValue]);
  // After a refusal the code is spent too; the server's sentence shows on its field until that field changes.
  useEffect(() => {
    if (Object.keys(refusals).length > 0) setFieldValue('totpCode', '');
    setErrors(refusals);
  }, [refusals, setFieldValue, setErrors]);

  useEffect(() => {
    if (stage === 'signedIn' || alreadySignedIn) void navigate({ href: deskTarget(redirectTo), replace: true });
  }, [stage, alreadySignedIn, redirectTo, navigate]);

  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Card withBorder radius="md" padding="xl" w={420} maw="100%">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Title order={1} size="h3">
                {t('signIn.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('signIn.description')}
              </Text>
            </Stack>
            <Box w={130} style={{ flexShrink: 0 }}>
              <LanguageSwitcher placement="drawer" />
            </Box>
          </Group>
          {stage === 'editing' && <SignInFormView signIn={signIn} form={form} />}
          {stage === 'signingIn' && <SigningInView />}
          {stage === 'signedIn' && <SignedInView />}
        </Stack>
      </Card>
    </Center>
  );
}

function SignInFormView({ signIn, form }: { signIn: SignInActor; form: SignInForm }) {
  const { t } = useTranslation('admin');
  const alert = useSelector(signIn, selectOperatorSignInAlert);
  const captchaFlow = useSelector(signIn, selectOperatorCaptchaFlow);
  const formError = useFormError('admin');
  const field = useFieldProps(form, 'admin');
  const captcha = form.getInputProps('captcha');

  return (
    <form
      noValidate
      aria-label={t('signIn.title')}
      onSubmit={form.onSubmit((values) => signIn.send({ type: 'form.submit', ...v.parse(operatorSignInForm, values) }))}
    >
      <Stack gap="md">
        {alert && (
          <Alert color="red" role="alert">
            {alert}
          </Alert>
        )}
        <TextInput
          {...field('account', t('signIn.account'))}
          autoComplete="username"
          maxLength={operatorAccountMaxLength}
          required
        />
        <PasswordInput
          {...field('password', t('signIn.password'))}
          autoComplete="current-password"
          maxLength={operatorPasswordMaxLength}
          required
        />
        <CaptchaField
          flow={captchaFlow}
          value={captcha.value}
          error={formError(captcha.error, { field: t('auth:labels.captcha') })}
          disabled={false}
          onChange={(value) => form.setFieldValue('captcha', value)}
        />
        <TextInput
          {...field('totpCode', t('signIn.totpCode'))}
          description={t('signIn.totpCodeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          required
        />
        <Button type="submit">{t('signIn.submit')}</Button>
      </Stack>
    </form>
  );
}

function SigningInView() {
  const { t } = useTranslation('admin');
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('signIn.checking')}</Text>
    </Group>
  );
}

function SignedInView() {
  const { t } = useTranslation('admin');
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" color="teal" />
      <Text size="sm">{t('signIn.opening')}</Text>
    </Group>
  );
}
