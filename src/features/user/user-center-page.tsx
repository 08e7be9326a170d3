import type { AgentApplicationStatus } from '@contract/agent';
import type { Profile } from '@contract/auth';
import type { KycStatus } from '@contract/kyc';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { ButtonLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { agentApplicationQueryOptions } from '../agent/application-queries';
import { LoadFailed } from './account-gates';
import { AliasResetButton } from './alias-reset';
import { FirstStepsChecklist } from './first-steps-checklist';
import { aliasAccountQueryOptions, profileQueryOptions } from './queries';
import { RecentActivity } from './recent-activity';

const applicationColors: Record<AgentApplicationStatus | 'none', string> = {
  none: 'gray',
  pendingReview: 'yellow',
  approved: 'teal',
  rejected: 'red',
};

const kycColors: Record<KycStatus, string> = {
  notSubmitted: 'gray',
  pendingReview: 'yellow',
  approved: 'teal',
  rejected: 'red',
};

/**
 * The account at a glance: balance, names, times, KYC and agent state, the first steps still to
 * take, a few key actions and the latest balance movements.
 */
export function UserCenterPage() {
  const { t } = useTranslation('user');
  const profile = useQuery(profileQueryOptions());

  return (
    <PageFrame title={t('account:userCenter.title')}>
      {profile.isError && !profile.data ? (
        <LoadFailed onRetry={() => void profile.refetch()} />
      ) : profile.data ? (
        <AccountSummary profile={profile.data} />
      ) : (
        <Skeleton h={220} radius="md" />
      )}
      <FirstStepsChecklist />
      <KeyActions />
      <RecentActivity />
    </PageFrame>
  );
}

/** A few things a player comes here to do; the section menu beside the page lists every page. */
function KeyActions() {
  const { t } = useTranslation('user');
  return (
    <Group gap="sm" component="nav" aria-label={t('center.shortcuts')}>
      <ButtonLink to="/amigo" variant="light">
        {t('center.actions.hall')}
      </ButtonLink>
      <ButtonLink to="/user/record" variant="light">
        {t('center.actions.records')}
      </ButtonLink>
      <ButtonLink to="/user/play-safely" variant="light">
        {t('center.actions.playSafely')}
      </ButtonLink>
    </Group>
  );
}

function AccountSummary({ profile }: { profile: Profile }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="lg">
        <BalanceLine balance={profile.balance} />
        <AccountFacts profile={profile} />
        <Standing profile={profile} />
      </Stack>
    </Card>
  );
}

/** The coins, with the ways to add and take out more. */
function BalanceLine({ balance }: { balance: number }) {
  const { t } = useTranslation('user');
  return (
    <Group justify="space-between" align="flex-end">
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          {t('fields.balance')}
        </Text>
        <Text fz={32} fw={800} data-testid="balance">
          {t('center.coins', { amount: formatAmount(balance) })}
        </Text>
      </Stack>
      <Group gap="xs">
        <ButtonLink to="/user/finance/deposit">{t('center.deposit')}</ButtonLink>
        <ButtonLink to="/user/finance/withdraw" variant="outline">
          {t('center.withdraw')}
        </ButtonLink>
      </Group>
    </Group>
  );
}

/** Names and times: the account, the nickname, the app's alias account (which can be reset), the sign-ins. */
function AccountFacts({ profile }: { profile: Profile }) {
  const { t } = useTranslation('user');
  const alias = useQuery(aliasAccountQueryOptions());
  const rows: [string, ReactNode][] = [
    [t('fields.username'), profile.username],
    [t('fields.nickname'), profile.nickname || t('center.notSet')],
    [
      t('fields.aliasAccount'),
      alias.data ? (
        <Group key="alias" gap="xs" component="span">
          <span data-testid="alias-account">{alias.data.aliasAccount}</span>
          <AliasResetButton />
        </Group>
      ) : (
        t('center.notSet')
      ),
    ],
    [t('fields.lastLogin'), profile.lastLoginAt ? formatDateTime(profile.lastLoginAt) : t('center.never')],
    [t('fields.registeredAt'), formatDateTime(profile.registeredAt)],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" component="dl" m={0}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} fw={600}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

/** Where the player stands with identity verification and the agent programme, and the way to each. */
function Standing({ profile }: { profile: Profile }) {
  const { t } = useTranslation('user');
  return (
    <Group gap="lg">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('fields.kycStatus')}
        </Text>
        <Badge color={kycColors[profile.kycStatus]} variant="light">
          {t(`kycStatus.${profile.kycStatus}`)}
        </Badge>
        {profile.kycStatus !== 'approved' && (
          <ButtonLink to="/user/account-setting" hash="identity-verification" size="compact-sm" variant="subtle">
            {t('center.verify')}
          </ButtonLink>
        )}
      </Group>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('fields.agentStatus')}
        </Text>
        <Badge color={profile.isAgent ? 'teal' : 'gray'} variant="light">
          {t(profile.isAgent ? 'center.agent' : 'center.notAgent')}
        </Badge>
        <ButtonLink to="/agent/agent-center" size="compact-sm" variant="subtle">
          {t(profile.isAgent ? 'center.agentCenter' : 'center.agentProgramme')}
        </ButtonLink>
      </Group>
      {!profile.isAgent && <AgentApplicationLine />}
    </Group>
  );
}

/** Where a player who is not an agent stands with their application (docs/requirements.md §12.2). */
function AgentApplicationLine() {
  const { t } = useTranslation('agent');
  const application = useQuery(agentApplicationQueryOptions());
  if (application.data === undefined) return null;
  const status = application.data?.status ?? 'none';
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {t('status.label')}
      </Text>
      <Badge color={applicationColors[status]} variant="light" data-testid="agent-application-status">
        {t(`status.${status}`)}
      </Badge>
      <ButtonLink to="/agent/agent-center" size="compact-sm" variant="subtle">
        {t(status === 'rejected' ? 'rejected.applyAgain' : status === 'none' ? 'application.apply' : 'center.title')}
      </ButtonLink>
    </Group>
  );
}
