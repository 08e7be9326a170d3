import { appKeyCodeForm } from '@contract/auth';
import { appLoginCodeForm } from '@contract/user';
import {
  type appSignInMachine,
  selectAppSignInRefusals,
  selectAppSignInView,
  selectCameraPreview,
  selectCanScan,
  selectLoginCode,
} from '@machines/app-sign-in.machine';
import { Alert, Button, Card, Loader, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { useFieldProps } from '@/lib/form-error';
import { inspection } from '@/lib/inspector';
import { useSessionStatus, useSessionStore, useSignedInUser } from '../session/use-session';
import { appSignInLogic, cameraStreamOf } from './app-sign-in-flow';

type AppSignInFlow = ActorRefFrom<typeof appSignInMachine>;

const checkLoginCode = schemaResolver(appLoginCodeForm, { sync: true });
const checkAppKeyCode = schemaResolver(appKeyCodeForm, { sync: true });

/**
 * Signing this device in with the code a signed-in device shows (docs/requirements.md §14.6): the
 * installed app's way in. A device already signed in says so and starts no camera.
 */
export function AppSignInPage() {
  const { t } = useTranslation('app-access');
  const status = useSessionStatus();
  const user = useSignedInUser();
  return (
    <PageFrame title={t('qrSignIn.title')} description={t('qrSignIn.description')}>
      <Card withBorder radius="md" padding="lg" maw={520}>
        {status === 'checking' && <Skeleton h={200} />}
        {status === 'signedOut' && <AppSignInFlowView />}
        {user && (
          <Stack gap="md" align="flex-start">
            <Alert color="teal" title={t('qrSignIn.signedIn')} role="status" w="100%">
              {t('qrSignIn.signedInAs', { account: user.username })}
            </Alert>
            <Button component={Link} to="/">
              {t('qrSignIn.toHome')}
            </Button>
          </Stack>
        )}
      </Card>
    </PageFrame>
  );
}

function AppSignInFlowView() {
  const session = useSessionStore();
  const logic = useMemo(() => appSignInLogic(session), [session]);
  const flow = useActorRef(logic, { ...inspection });
  const view = useSelector(flow, selectAppSignInView);
  switch (view) {
    case 'checking':
      return <Skeleton h={200} />;
    case 'scanning':
      return <Scanning flow={flow} />;
    case 'typing':
      return <LoginCodeForm flow={flow} />;
    case 'askingAppKeyCode':
      return <AppKeyCodeForm flow={flow} />;
    case 'awaitingApproval':
      return <AwaitingApproval flow={flow} />;
    default:
      // Exchanging, and the instant after, until the session has the new token's profile.
      return <SigningIn />;
  }
}

function SigningIn() {
  const { t } = useTranslation('app-access');
  return (
    <Stack align="center" py="xl" role="status">
      <Loader />
      <Text>{t('qrSignIn.signingIn')}</Text>
    </Stack>
  );
}

/** The other device asks the player whether this one may sign in; this one waits for the answer. */
function AwaitingApproval({ flow }: { flow: AppSignInFlow }) {
  const { t } = useTranslation('app-access');
  return (
    <Stack gap="md">
      <Stack align="center" py="md" gap="xs" role="status">
        <Loader />
        <Text fw={600}>{t('qrSignIn.awaitingApproval')}</Text>
        <Text size="sm" c="dimmed" ta="center">
          {t('qrSignIn.awaitingApprovalText')}
        </Text>
      </Stack>
      <Button variant="subtle" onClick={() => flow.send({ type: 'approval.cancel' })}>
        {t('qrSignIn.cancelWaiting')}
      </Button>
    </Stack>
  );
}

function CameraPicture({ flow }: { flow: AppSignInFlow }) {
  const { t } = useTranslation('app-access');
  const stream = cameraStreamOf(useSelector(flow, selectCameraPreview));
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (video.current) video.current.srcObject = stream;
  }, [stream]);
  if (!stream) return <Skeleton h={240} aria-label={t('qrSignIn.cameraOpening')} />;
  return (
    <video
      ref={video}
      autoPlay
      muted
      playsInline
      aria-label={t('qrSignIn.cameraLabel')}
      style={{ width: '100%', maxHeight: 320, borderRadius: 8, objectFit: 'cover', background: '#000' }}
    />
  );
}

function Scanning({ flow }: { flow: AppSignInFlow }) {
  const { t } = useTranslation('app-access');
  return (
    <Stack gap="md">
      <Text>{t('qrSignIn.scanIntro')}</Text>
      <CameraPicture flow={flow} />
      <Button variant="light" onClick={() => flow.send({ type: 'scan.stop' })}>
        {t('qrSignIn.typeInstead')}
      </Button>
    </Stack>
  );
}

function LoginCodeForm({ flow }: { flow: AppSignInFlow }) {
  const { t } = useTranslation('app-access');
  const canScan = useSelector(flow, selectCanScan);
  const refusals = useSelector(flow, selectAppSignInRefusals);
  const form = useForm({ initialValues: { loginCode: selectLoginCode(flow.getSnapshot()) }, validate: checkLoginCode });
  const fieldProps = useFieldProps(form, 'app-access');
  const { setErrors } = form;
  // The server's sentence shows on its field until the player changes that field.
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  return (
    <form
      noValidate
      aria-label={t('qrSignIn.typeTitle')}
      onSubmit={form.onSubmit(({ loginCode }) => flow.send({ type: 'loginCode.submit', loginCode }))}
    >
      <Stack gap="md">
        <Text>{t('qrSignIn.typeIntro')}</Text>
        <TextInput
          {...fieldProps('loginCode', t('qrSignIn.code'))}
          description={t('qrSignIn.codeHint')}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          ff="monospace"
          data-autofocus
        />
        <Button type="submit">{t('qrSignIn.submit')}</Button>
        {canScan && (
          <Button variant="light" onClick={() => flow.send({ type: 'scan.start' })}>
            {t('qrSignIn.scanAgain')}
          </Button>
        )}
      </Stack>
    </form>
  );
}

/** The second step when the player bound an authenticator key (docs/requirements.md §14.3). */
function AppKeyCodeForm({ flow }: { flow: AppSignInFlow }) {
  const { t } = useTranslation('app-access');
  const refusals = useSelector(flow, selectAppSignInRefusals);
  const form = useForm({ initialValues: { totpCode: '' }, validate: checkAppKeyCode });
  const fieldProps = useFieldProps(form, 'app-access');
  const { setErrors } = form;
  useEffect(() => setErrors(refusals), [refusals, setErrors]);
  return (
    <form
      noValidate
      aria-label={t('signIn.codeTitle')}
      onSubmit={form.onSubmit(({ totpCode }) => flow.send({ type: 'appKeyCode.submit', totpCode }))}
    >
      <Stack gap="md">
        <Text>{t('signIn.codeIntro')}</Text>
        <TextInput
          {...fieldProps('totpCode', t('key.code'))}
          description={t('key.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          data-autofocus
        />
        <Button type="submit">{t('signIn.submit')}</Button>
        <Button variant="subtle" onClick={() => flow.send({ type: 'appKeyCode.back' })}>
          {t('signIn.back')}
        </Button>
      </Stack>
    </form>
  );
}
