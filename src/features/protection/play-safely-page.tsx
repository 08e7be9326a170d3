import { selectPlaySafelyStage } from '@machines/play-safely.machine';
import { Skeleton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { inspection } from '@/lib/inspector';
import { LoadFailed } from '../user/account-gates';
import { BlockedView } from './play-safely-blocked';
import { ConfirmSelfExclusionView, ConfirmTimeOutView } from './play-safely-confirm';
import { playSafelyLogic } from './play-safely-flow';
import { LimitFormView } from './play-safely-limit-form';
import { OverviewView } from './play-safely-overview';
import type { PlaySafelyActor } from './play-safely-text';

/** The player's protection page, with its flow for the page's lifetime. */
export function PlaySafelyPage() {
  const { t } = useTranslation('protection');
  const queryClient = useQueryClient();
  const [logic] = useState(() => playSafelyLogic({ queryClient }));
  const flow = useActorRef(logic, { ...inspection });
  return (
    <PageFrame title={t('title')} description={t('description')}>
      <PlaySafelyView flow={flow} />
    </PageFrame>
  );
}

/** One view per state of the play-safely machine. */
export function PlaySafelyView({ flow }: { flow: PlaySafelyActor }) {
  const stage = useSelector(flow, selectPlaySafelyStage);
  switch (stage) {
    case 'loadingState':
      return <Skeleton h={320} radius="md" />;
    case 'loadFailed':
      return <LoadFailed onRetry={() => flow.send({ type: 'state.retry' })} />;
    case 'editingLimit':
    case 'savingLimit':
      return <LimitFormView flow={flow} />;
    case 'confirmingTimeOut':
    case 'startingTimeOut':
      return <ConfirmTimeOutView flow={flow} />;
    case 'confirmingSelfExclusion':
    case 'startingSelfExclusion':
      return <ConfirmSelfExclusionView flow={flow} />;
    case 'blocked':
    case 'requestingReopen':
      return <BlockedView flow={flow} />;
    default:
      return <OverviewView flow={flow} />;
  }
}
