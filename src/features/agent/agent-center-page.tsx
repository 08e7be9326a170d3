import {
  type agentApplicationMachine,
  selectApplicationStage,
  selectReapplying,
  selectRejectReason,
  selectSubmittedAt,
} from '@machines/agent-application.machine';
import { Alert, Button, Card, Group, List, Loader, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { PageFrame } from '@/components/page-frame';
import { ButtonLink } from '@/components/router-links';
import { formatDateTime } from '@/lib/format';
import { inspection } from '@/lib/inspector';
import { LoadFailed } from '../user/account-gates';
import { useAccountRefresh } from '../user/use-account-refresh';
import { agentApplicationLogic } from './agent-application-flow';
import { AgentInvitationCard } from './agent-invitation-card';

type ApplicationActor = ActorRefFrom<typeof agentApplicationMachine>;

/** Dialogs are 500 px wide (docs/requirements.md §2.7). */
const dialogWidthPx = 500;

const termKeys = ['invite', 'members', 'moves', 'reports', 'rebate', 'review'] as const;

/** The agent centre for a player who is not (yet) an agent: the programme and their application (docs/requirements.md §12). */
export function AgentCenterPage() {
  const queryClient = useQueryClient();
  const refreshAccount = useAccountRefresh();
  const [logic] = useState(() => agentApplicationLogic({ queryClient, refreshAccount }));
  const application = useActorRef(logic, { ...inspection });
  return <AgentApplicationView application={application} />;
}

/** One view per state of the agent application machine. */
export function AgentApplicationView({ application }: { application: ApplicationActor }) {
  const { t } = useTranslation('agent');
  const stage = useSelector(application, selectApplicationStage);
  return (
    <PageFrame title={t('center.title')} description={t('center.description')}>
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="agent-application-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="agent-application-title">
            {t('application.title')}
          </Title>
          {stage === 'loadingStatus' && <Skeleton h={80} />}
          {stage === 'statusUnavailable' && <LoadFailed onRetry={() => application.send({ type: 'status.retry' })} />}
          {stage === 'notAgent' && <NotAgentView application={application} />}
          {stage === 'confirming' && <ConfirmingView application={application} />}
          {stage === 'applying' && <ApplyingView />}
          {stage === 'pendingReview' && <PendingReviewView application={application} />}
          {stage === 'approved' && <ApprovedView />}
          {stage === 'rejected' && <RejectedView application={application} />}
        </Stack>
      </Card>
    </PageFrame>
  );
}

function ProgrammeTerms() {
  const { t } = useTranslation('agent');
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('terms.title')}</Text>
      <List size="sm" spacing={4}>
        {termKeys.map((key) => (
          <List.Item key={key}>{t(`terms.${key}`)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

function NotAgentView({ application }: { application: ApplicationActor }) {
  const { t } = useTranslation('agent');
  return (
    <Stack gap="md">
      <ProgrammeTerms />
      <Group>
        <Button onClick={() => application.send({ type: 'application.start' })}>{t('application.apply')}</Button>
      </Group>
    </Stack>
  );
}

/** The confirmation prompt over the terms: nothing is sent before the player confirms. */
function ConfirmingView({ application }: { application: ApplicationActor }) {
  const { t } = useTranslation('agent');
  const reapplying = useSelector(application, selectReapplying);
  const cancel = () => application.send({ type: 'application.cancel' });
  return (
    <>
      <ProgrammeTerms />
      <Modal opened onClose={cancel} size={dialogWidthPx} title={t('confirm.title')} centered>
        <Stack gap="md">
          <Text size="sm">{t(reapplying ? 'confirm.reapplyBody' : 'confirm.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              {t('confirm.cancel')}
            </Button>
            <Button onClick={() => application.send({ type: 'application.confirm' })}>{t('confirm.confirm')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function ApplyingView() {
  const { t } = useTranslation('agent');
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" />
      <Text size="sm">{t('application.applying')}</Text>
    </Group>
  );
}

function PendingReviewView({ application }: { application: ApplicationActor }) {
  const { t } = useTranslation('agent');
  const submittedAt = useSelector(application, selectSubmittedAt);
  return (
    <Alert color="yellow" variant="light" title={t('pending.title')} role="status">
      <Stack gap={4}>
        {submittedAt && <Text size="sm">{t('pending.submittedAt', { time: formatDateTime(submittedAt) })}</Text>}
        <Text size="sm">{t('pending.following')}</Text>
      </Stack>
    </Alert>
  );
}

/** Approved: the agent menu has opened; the new agent's code and invitation are ready at once. */
function ApprovedView() {
  const { t } = useTranslation('agent');
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" title={t('approved.title')} role="status">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('approved.body')}</Text>
          <ButtonLink to="/agent/subordinate-management" size="sm">
            {t('approved.open')}
          </ButtonLink>
        </Stack>
      </Alert>
      <AgentInvitationCard />
    </Stack>
  );
}

function RejectedView({ application }: { application: ApplicationActor }) {
  const { t } = useTranslation('agent');
  const reason = useSelector(application, selectRejectReason);
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" title={t('rejected.title')} role="alert">
        <Text size="sm" data-testid="agent-reject-reason">
          {t('rejected.reason', { reason: reason ?? '' })}
        </Text>
      </Alert>
      <ProgrammeTerms />
      <Group>
        <Button onClick={() => application.send({ type: 'application.start' })}>{t('rejected.applyAgain')}</Button>
      </Group>
    </Stack>
  );
}
