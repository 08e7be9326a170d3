import { adminLogin } from '@contract/admin';
import { captchaQuery } from '@contract/auth';
import { captchaMachine } from '@machines/captcha.machine';
import {
  type OperatorSignInField,
  operatorSignInMachine,
  selectOperatorCaptchaFlow,
  selectOperatorSignInMessages,
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
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { useFieldMessage } from '@/lib/field-message';
import { inspection } from '@/lib/inspector';
import { CaptchaField } from '../auth/captcha-field';
import { LanguageSwitcher } from '../layout/language-switcher';
import { operatorApi } from './operator-api';
import { deskTarget } from './operator-guard';
import { readOperatorSession, storeOperatorSession } from './operator-session';

type SignInActor = ActorRefFrom<typeof operatorSignInMachine>;

/** The sign-in flow with the real call; the session is kept apart from the player's. */
function operatorSignInLogic() {
  return operatorSignInMachine.provide({
    actors: {
      captcha: captchaMachine.provide({
        actors: { fetchCaptcha: fromPromise(() => operatorApi.call(captchaQuery, {}, { silent: true })) },
      }),
      // The refusal is shown on the form, not as a toast as well.
      signIn: fromPromise(({ input }) => operatorApi.call(adminLogin, input, { silent: true })),
    },
    actions: { storeSession: (_, session) => storeOperatorSession(session) },
  });
}

/** The desk's sign-in: account, password, captcha and the authenticator code; then the page that was asked for. */
export function OperatorSignInPage({ redirectTo }: { redirectTo: unknown }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [logic] = useState(operatorSignInLogic);
  const signIn = useActorRef(logic, { ...inspection });
  const stage = useSelector(signIn, selectOperatorSignInStage);
  const alreadySignedIn = stage === 'editing' && readOperatorSession() !== null;

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
          {stage === 'editing' && <SignInFormView signIn={signIn} />}
          {stage === 'signingIn' && <SigningInView />}
          {stage === 'signedIn' && <SignedInView />}
        </Stack>
      </Card>
    </Center>
  );
}

function SignInFormView({ signIn }: { signIn: SignInActor }) {
  const { t } = useTranslation('admin');
  const values = useSelector(signIn, (snapshot) => snapshot.context.values);
  const messages = useSelector(signIn, selectOperatorSignInMessages);
  const captchaFlow = useSelector(signIn, selectOperatorCaptchaFlow);
  const message = useFieldMessage('admin');
  const change = (field: OperatorSignInField, value: string) => signIn.send({ type: 'field.changed', field, value });

  return (
    <form
      noValidate
      aria-label={t('signIn.title')}
      onSubmit={(event) => {
        event.preventDefault();
        signIn.send({ type: 'form.submit' });
      }}
    >
      <Stack gap="md">
        {messages._ && (
          <Alert color="red" role="alert">
            {message(messages._)}
          </Alert>
        )}
        <TextInput
          label={t('signIn.account')}
          value={values.account}
          onChange={(event) => change('account', event.currentTarget.value)}
          error={message(messages.account)}
          autoComplete="username"
          required
        />
        <PasswordInput
          label={t('signIn.password')}
          value={values.password}
          onChange={(event) => change('password', event.currentTarget.value)}
          error={message(messages.password)}
          autoComplete="current-password"
          required
        />
        <CaptchaField
          flow={captchaFlow}
          value={values.captcha}
          error={message(messages.captcha)}
          disabled={false}
          onChange={(value) => change('captcha', value)}
        />
        <TextInput
          label={t('signIn.totpCode')}
          description={t('signIn.totpCodeHint')}
          value={values.totpCode}
          onChange={(event) => change('totpCode', event.currentTarget.value)}
          error={message(messages.totpCode)}
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
