import {
  selectLaunch,
  selectLaunchFailure,
  selectRealityCheck,
  selectSpringboardStage,
  type springboardMachine,
} from '@machines/hall-launch.machine';
import { Alert, Box, Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { ButtonLink } from '@/components/router-links';
import { inspection } from '@/lib/inspector';
import { useSessionStore } from '../session/use-session';
import { useAccountRefresh } from '../user/use-account-refresh';
import classes from './hall.module.css';
import { gameFrameEvent, springboardHref, springboardLogic } from './launch-flow';

type SpringboardActor = ActorRefFrom<typeof springboardMachine>;

/** From a machine of the hall into its game (docs/requirements.md §10.10). */
export function SpringboardPage({ machineId }: { machineId: number }) {
  const queryClient = useQueryClient();
  const session = useSessionStore();
  const navigate = useNavigate();
  const refreshAccount = useAccountRefresh();
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [logic] = useState(() =>
    springboardLogic({
      queryClient,
      session,
      refreshAccount,
      gameFrame: () => frame.current,
      goToHall: (gameCode) => void navigate({ to: '/amigo', search: gameCode ? { game: gameCode } : {} }),
    }),
  );
  const springboard = useActorRef(logic, { ...inspection, input: { machineId } });
  return <SpringboardView springboard={springboard} frame={frame} />;
}

/** One view per state of the springboard machine. */
function SpringboardView({
  springboard,
  frame,
}: {
  springboard: SpringboardActor;
  frame: RefObject<HTMLIFrameElement | null>;
}) {
  const stage = useSelector(springboard, selectSpringboardStage);
  switch (stage) {
    case 'requestingSeat':
      return <RequestingSeat />;
    // One element for both, so the frame is not loaded twice: its launch token works once.
    case 'launching':
    case 'playing':
      return <GameStage springboard={springboard} frame={frame} />;
    case 'leaving':
    case 'left':
      return <Leaving />;
    case 'machineTaken':
    case 'machineNotFound':
      return <Refused stage={stage} />;
    case 'accountFrozen':
      return <AccountRefused springboard={springboard} />;
    case 'notEnoughCoins':
      return <NotEnoughCoins />;
    case 'sessionEnded':
      return <SessionEnded springboard={springboard} />;
    case 'launchFailed':
      return <LaunchFailed springboard={springboard} />;
  }
}

function Waiting({ label }: { label: string }) {
  return (
    <Stack align="center" py={80} gap="md" role="status">
      <Loader />
      <Text c="dimmed">{label}</Text>
    </Stack>
  );
}

function RequestingSeat() {
  const { t } = useTranslation('hall');
  return <Waiting label={t('springboard.requestingSeat')} />;
}

function Leaving() {
  const { t } = useTranslation('hall');
  return <Waiting label={t('springboard.leaving')} />;
}

/** launching and playing: the bar, and the provider's page framed at full size. */
function GameStage({
  springboard,
  frame,
}: {
  springboard: SpringboardActor;
  frame: RefObject<HTMLIFrameElement | null>;
}) {
  const { t } = useTranslation('hall');
  const launch = useSelector(springboard, selectLaunch);
  const launching = useSelector(springboard, (snapshot) => snapshot.matches('launching'));
  useEffect(() => {
    const listener = (message: MessageEvent) => {
      const event = gameFrameEvent(message, frame.current);
      if (event) springboard.send(event);
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [springboard, frame]);
  if (!launch) return null;
  return (
    <Stack gap="xs">
      <Paper withBorder radius="md" px="md" py="xs" component="header" aria-label={t('springboard.bar')}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Box miw={0}>
            <Text fw={700} truncate data-testid="springboard-game">
              {launch.gameName}
            </Text>
            <Text size="sm" c="dimmed" data-testid="springboard-machine">
              {t('machine.label', { number: launch.machineNumber })}
            </Text>
          </Box>
          <Button color="gray" variant="light" onClick={() => springboard.send({ type: 'leave' })}>
            {t('springboard.leave')}
          </Button>
        </Group>
      </Paper>
      <div className={classes.stage}>
        <iframe
          ref={frame}
          className={classes.frame}
          src={launch.url}
          title={launch.gameName}
          allow="fullscreen; autoplay"
          onLoad={() => springboard.send({ type: 'game.loaded' })}
        />
        {launching && (
          <div className={classes.loading}>
            <Stack align="center" gap="sm" role="status">
              <Loader color="gray.3" />
              <Text c="gray.3">{t('springboard.launching')}</Text>
            </Stack>
          </div>
        )}
      </div>
      <RealityCheck springboard={springboard} />
    </Stack>
  );
}

/** The reality check over the game: the play since the play session began; keep playing or leave. */
function RealityCheck({ springboard }: { springboard: SpringboardActor }) {
  const { t, i18n } = useTranslation('hall');
  const summary = useSelector(springboard, selectRealityCheck);
  const coins = new Intl.NumberFormat(i18n.language);
  const keepPlaying = () => springboard.send({ type: 'realityCheck.keepPlaying' });
  return (
    <Modal
      opened={summary !== null}
      onClose={keepPlaying}
      title={t('springboard.realityCheck.title')}
      centered
      closeOnClickOutside={false}
    >
      {summary && (
        <Stack gap="md">
          <Text>
            {t('springboard.realityCheck.played', { minutes: summary.minutes })}
            {summary.startedAt
              ? ` ${t('springboard.realityCheck.since', {
                  time: new Intl.DateTimeFormat(i18n.language, { timeStyle: 'short' }).format(
                    new Date(summary.startedAt),
                  ),
                })}`
              : ''}
          </Text>
          <SimpleGrid cols={3} data-testid="springboard-reality-check">
            <Figure label={t('springboard.realityCheck.bets')} value={coins.format(summary.bets)} />
            <Figure label={t('springboard.realityCheck.wins')} value={coins.format(summary.wins)} />
            <Figure
              label={t('springboard.realityCheck.net')}
              value={`${summary.net > 0 ? '+' : ''}${coins.format(summary.net)}`}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => springboard.send({ type: 'leave' })}>
              {t('springboard.realityCheck.leave')}
            </Button>
            <Button onClick={keepPlaying}>{t('springboard.realityCheck.keepPlaying')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </Box>
  );
}

function Refusal({ title, message, children }: { title: string; message: string; children?: ReactNode }) {
  const { t } = useTranslation('hall');
  return (
    <Alert color="orange" title={title} role="alert">
      <Text size="sm" mb="md">
        {message}
      </Text>
      <Group gap="xs">
        {children}
        <ButtonLink to="/amigo" size="sm" variant={children ? 'default' : 'filled'}>
          {t('springboard.backToHall')}
        </ButtonLink>
      </Group>
    </Alert>
  );
}

function Refused({ stage }: { stage: 'machineTaken' | 'machineNotFound' }) {
  const { t } = useTranslation('hall');
  return <Refusal title={t(`springboard.${stage}.title`)} message={t(`springboard.${stage}.message`)} />;
}

/** Frozen, or the player's own time-out or self-exclusion: the server's sentence says which and until when. */
function AccountRefused({ springboard }: { springboard: SpringboardActor }) {
  const { t } = useTranslation('hall');
  const failure = useSelector(springboard, selectLaunchFailure);
  return (
    <Refusal title={t('springboard.accountFrozen.title')} message={failure ?? t('springboard.accountFrozen.message')} />
  );
}

function NotEnoughCoins() {
  const { t } = useTranslation('hall');
  return (
    <Refusal title={t('springboard.notEnoughCoins.title')} message={t('springboard.notEnoughCoins.message')}>
      <ButtonLink to="/user/finance/deposit" size="sm">
        {t('springboard.notEnoughCoins.deposit')}
      </ButtonLink>
    </Refusal>
  );
}

function SessionEnded({ springboard }: { springboard: SpringboardActor }) {
  const { t } = useTranslation('hall');
  const session = useSessionStore();
  const machineId = useSelector(springboard, (snapshot) => snapshot.context.machineId);
  return (
    <Refusal title={t('springboard.sessionEnded.title')} message={t('springboard.sessionEnded.message')}>
      <Button
        size="sm"
        onClick={() => session.send({ type: 'authDialog.show', view: 'login', target: springboardHref(machineId) })}
      >
        {t('springboard.sessionEnded.signIn')}
      </Button>
    </Refusal>
  );
}

function LaunchFailed({ springboard }: { springboard: SpringboardActor }) {
  const { t } = useTranslation('hall');
  const failure = useSelector(springboard, selectLaunchFailure);
  return (
    <Refusal title={t('springboard.launchFailed.title')} message={failure ?? t('springboard.launchFailed.message')}>
      <Button size="sm" onClick={() => springboard.send({ type: 'seat.retry' })}>
        {t('springboard.launchFailed.retry')}
      </Button>
    </Refusal>
  );
}
