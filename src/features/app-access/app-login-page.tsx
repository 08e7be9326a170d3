import {
  type AppLoginCode,
  type appLoginMachine,
  selectAppLoginCode,
  selectAppLoginView,
  selectAskingDevice,
  selectDeciding,
} from '@machines/app-login.machine';
import { Alert, Button, Card, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { formatDateTime } from '@/lib/format';
import { inspection } from '@/lib/inspector';
import { appLoginLogic } from './app-login-flow';

/**
 * The QR code the companion app scans to sign in (docs/requirements.md §14.5), followed until used
 * or expired. A scan signs nobody in by itself: this page asks the player to approve the device.
 */
export function AppLoginPage() {
  const { t } = useTranslation('account');
  const flow = useActorRef(appLoginLogic, { ...inspection });
  const view = useSelector(flow, selectAppLoginView);
  const code = useSelector(flow, selectAppLoginCode);
  return (
    <PageFrame title={t('appLogin.title')}>
      <Card withBorder radius="md" padding="lg">
        {view === 'loading' && <Skeleton h={260} />}
        {view === 'loadFailed' && <LoadFailed onRetry={() => flow.send({ type: 'code.retry' })} />}
        {view === 'showing' && code && <ShownCode code={code} />}
        {view === 'confirming' && <Confirming flow={flow} />}
        {view === 'awaitingApp' && <AwaitingApp />}
        {view === 'refused' && <Refused onRefresh={() => flow.send({ type: 'code.refresh' })} />}
        {view === 'expired' && <Expired onRefresh={() => flow.send({ type: 'code.refresh' })} />}
        {view === 'signedInOnApp' && <SignedInOnApp onRefresh={() => flow.send({ type: 'code.refresh' })} />}
      </Card>
    </PageFrame>
  );
}

function ShownCode({ code }: { code: AppLoginCode }) {
  const { t } = useTranslation('app-access');
  return (
    <Group align="flex-start" gap="xl" wrap="wrap">
      <QRCodeSVG
        value={code.loginCode}
        size={200}
        marginSize={2}
        title={t('appLogin.qrLabel')}
        role="img"
        aria-label={t('appLogin.qrLabel')}
      />
      <Stack gap="sm" style={{ flex: '1 1 16rem' }}>
        <Text>{t('appLogin.intro')}</Text>
        <Text
          ff="monospace"
          size="sm"
          data-testid="app-login-code"
          data-user-content
          style={{ wordBreak: 'break-all' }}
        >
          {code.loginCode}
        </Text>
        <Text size="sm" c="dimmed">
          {t('appLogin.expiresAt', { time: formatDateTime(code.expiresAt) })}
        </Text>
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('appLogin.waiting')}</Text>
        </Group>
      </Stack>
    </Group>
  );
}

/** "Sign in <device>?": the player approves or refuses the device that scanned the code. */
function Confirming({ flow }: { flow: ActorRefFrom<typeof appLoginMachine> }) {
  const { t } = useTranslation('app-access');
  const device = useSelector(flow, selectAskingDevice);
  const deciding = useSelector(flow, selectDeciding);
  return (
    <Stack gap="md" align="flex-start" role="group" aria-labelledby="app-login-question">
      <Text fw={700} size="lg" id="app-login-question">
        {device ? t('appLogin.confirmQuestion', { device }) : t('appLogin.confirmQuestionUnnamed')}
      </Text>
      <Text size="sm">{t('appLogin.confirmText')}</Text>
      <Group gap="sm">
        <Button
          onClick={() => flow.send({ type: 'signIn.approve' })}
          loading={deciding === 'approve'}
          disabled={deciding === 'refuse'}
        >
          {t('appLogin.approve')}
        </Button>
        <Button
          variant="default"
          color="red"
          onClick={() => flow.send({ type: 'signIn.refuse' })}
          loading={deciding === 'refuse'}
          disabled={deciding === 'approve'}
        >
          {t('appLogin.refuse')}
        </Button>
      </Group>
    </Stack>
  );
}

function AwaitingApp() {
  const { t } = useTranslation('app-access');
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" />
      <Text size="sm">{t('appLogin.approved')}</Text>
    </Group>
  );
}

/** How the code ended for the app, refused or signed in, and a button for a new code. */
function CodeEnded({
  color,
  title,
  text,
  onRefresh,
}: {
  color: string;
  title: string;
  text: string;
  onRefresh(): void;
}) {
  const { t } = useTranslation('app-access');
  return (
    <Stack gap="md" align="flex-start">
      <Alert color={color} title={title} role="status" w="100%">
        {text}
      </Alert>
      <Button variant="light" onClick={onRefresh}>
        {t('appLogin.refresh')}
      </Button>
    </Stack>
  );
}

function Refused({ onRefresh }: { onRefresh(): void }) {
  const { t } = useTranslation('app-access');
  return (
    <CodeEnded color="gray" title={t('appLogin.refused')} text={t('appLogin.refusedText')} onRefresh={onRefresh} />
  );
}

function SignedInOnApp({ onRefresh }: { onRefresh(): void }) {
  const { t } = useTranslation('app-access');
  return (
    <CodeEnded color="teal" title={t('appLogin.signedIn')} text={t('appLogin.signedInText')} onRefresh={onRefresh} />
  );
}

function Expired({ onRefresh }: { onRefresh(): void }) {
  const { t } = useTranslation('app-access');
  return (
    <Stack gap="md" align="flex-start">
      <Text fw={600} role="status">
        {t('appLogin.expired')}
      </Text>
      <Button onClick={onRefresh}>{t('appLogin.refresh')}</Button>
    </Stack>
  );
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('app-access');
  return (
    <Alert color="red" title={t('appLogin.loadFailed')} role="alert">
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('appLogin.retry')}
      </Button>
    </Alert>
  );
}
