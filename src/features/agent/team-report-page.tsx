import type { TeamLevel, TeamStatistics } from '@contract/agent';
import { Breadcrumbs, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FigureGrid } from '@/components/figure-grid';
import { PageFrame } from '@/components/page-frame';
import { AnchorLink, ButtonLink } from '@/components/router-links';
import { formatAmount, formatPercent } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { useIsAgent } from '../session/use-session';
import { LoadFailed } from '../user/account-gates';
import { CommissionCard } from './commission-card';
import { type TeamQuery, type TeamSearch, teamQueryOf } from './team-filters';
import { AccountSearch, RefreshButton, TeamPeriodInput, TeamTable } from './team-page-parts';
import { teamMemberReportsQueryOptions, teamStatisticsQueryOptions } from './team-queries';

/**
 * The team report (docs/requirements.md §6.5): the figures of the agent's team, or of a sub-agent's
 * team below them (`userId`), over a period, and each member's figures; an agent member opens their team.
 */
export function TeamReportPage({
  userId,
  search,
  onSearchChange,
}: {
  userId: number | undefined;
  search: TeamSearch;
  onSearchChange(next: TeamSearch): void;
}) {
  const { t } = useTranslation('agent-reports');
  const isAgent = useIsAgent();
  const query = teamQueryOf(search, 'today');
  const change = (patch: Partial<TeamSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  return (
    <PageFrame title={t('account:teamReport.title')} description={t('report.description')}>
      {isAgent && (
        // A new team starts with its own filters' state (the period picker keeps what was picked).
        <Stack gap="lg" key={userId ?? 'own'}>
          <Card withBorder radius="md" padding="md">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TeamPeriodInput query={query} onChange={change} />
              <RefreshButton />
            </Group>
          </Card>
          <TeamFigures userId={userId} query={query} search={search} />
          {userId === undefined && <CommissionCard query={query} search={search} />}
          <TeamMembers userId={userId} query={query} search={search} onSearchChange={onSearchChange} />
        </Stack>
      )}
    </PageFrame>
  );
}

/** Only the period travels down and up the teams: an account search belongs to one team's list. */
const periodOf = (search: TeamSearch): TeamSearch =>
  search.from && search.to ? { from: search.from, to: search.to } : {};

function TeamPath({ path, search }: { path: TeamLevel[]; search: TeamSearch }) {
  const { t } = useTranslation('agent-reports');
  if (path.length === 0) return null;
  const above = path.slice(0, -1);
  const here = path.at(-1) as TeamLevel;
  return (
    <Breadcrumbs aria-label={t('report.path')} separatorMargin={4} style={{ flexWrap: 'wrap' }}>
      <AnchorLink to="/agent/team-report/{-$userId}" params={{ userId: undefined }} search={periodOf(search)}>
        {t('report.myTeam')}
      </AnchorLink>
      {above.map((level) => (
        <AnchorLink
          key={level.userId}
          to="/agent/team-report/{-$userId}"
          params={{ userId: String(level.userId) }}
          search={periodOf(search)}
        >
          {level.account}
        </AnchorLink>
      ))}
      <Text size="sm" aria-current="page">
        {here.account}
      </Text>
    </Breadcrumbs>
  );
}

function TeamFigures({ userId, query, search }: { userId: number | undefined; query: TeamQuery; search: TeamSearch }) {
  const { t } = useTranslation('agent-reports');
  const result = useQuery(teamStatisticsQueryOptions(currentLanguage(), userId, query));
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!result.data) return <Skeleton h={180} radius="md" />;
  const figures: TeamStatistics = result.data;
  return (
    <Stack gap="sm">
      <TeamPath path={figures.path} search={search} />
      <Title order={2} size="h4">
        {t('report.teamOf', { name: figures.teamName })}
      </Title>
      <FigureGrid
        label={t('report.figures')}
        items={[
          [t('figures.teamBalance'), t('coins', { amount: formatAmount(figures.teamBalance) })],
          [t('figures.activeUsers'), formatAmount(figures.activeUserCount)],
          [t('figures.registrations'), formatAmount(figures.registrationCount)],
          [t('figures.rechargeCount'), formatAmount(figures.rechargeCount)],
          [t('figures.rechargeAmount'), t('coins', { amount: formatAmount(figures.rechargeAmount) })],
          [t('figures.betCount'), formatAmount(figures.betCount)],
          [t('figures.betAmount'), t('coins', { amount: formatAmount(figures.betAmount) })],
          [t('figures.rebatePoint'), formatPercent(figures.rebateBasisPoints / 10_000)],
          [t('figures.giftAmount'), t('coins', { amount: formatAmount(figures.giftAmount) })],
          [t('figures.transferAmount'), t('coins', { amount: formatAmount(figures.transferAmount) })],
          [t('figures.takenBackAmount'), t('coins', { amount: formatAmount(figures.takenBackAmount) })],
        ]}
      />
    </Stack>
  );
}

function TeamMembers({
  userId,
  query,
  search,
  onSearchChange,
}: {
  userId: number | undefined;
  query: TeamQuery;
  search: TeamSearch;
  onSearchChange(next: TeamSearch): void;
}) {
  const { t } = useTranslation('agent-reports');
  const result = useQuery(teamMemberReportsQueryOptions(currentLanguage(), userId, query));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} size="h4">
          {t('report.members')}
        </Title>
        <AccountSearch
          value={query.account ?? ''}
          onApply={(account) => onSearchChange({ ...search, page: undefined, account })}
        />
      </Group>
      {result.isError && !result.data ? (
        <LoadFailed onRetry={() => void result.refetch()} />
      ) : !result.data ? (
        <Skeleton h={240} radius="md" />
      ) : (
        <TeamTable
          label={t('report.members')}
          total={result.data.total}
          pageNum={query.pageNum}
          onPage={(page) => onSearchChange({ ...search, page })}
          head={[
            t('columns.account'),
            t('columns.recharge'),
            t('columns.withdrawal'),
            t('columns.bet'),
            t('columns.win'),
            t('columns.profitLoss'),
            t('columns.rebate'),
            t('columns.team'),
          ]}
          rows={result.data.list.map((member) => (
            <Table.Tr key={member.userId}>
              <Table.Td>{member.account}</Table.Td>
              <Table.Td>{formatAmount(member.rechargeAmount)}</Table.Td>
              <Table.Td>{formatAmount(member.withdrawalAmount)}</Table.Td>
              <Table.Td>{formatAmount(member.betAmount)}</Table.Td>
              <Table.Td>{formatAmount(member.winAmount)}</Table.Td>
              <Table.Td c={member.profitLoss < 0 ? 'red' : 'teal'} fw={600}>
                {formatAmount(member.profitLoss)}
              </Table.Td>
              <Table.Td>{formatAmount(member.rebateAmount)}</Table.Td>
              <Table.Td>
                {member.isAgent && (
                  <ButtonLink
                    to="/agent/team-report/{-$userId}"
                    params={{ userId: String(member.userId) }}
                    search={periodOf(search)}
                    size="compact-sm"
                    variant="light"
                    aria-label={t('report.openTeamOf', { name: member.account })}
                  >
                    {t('report.openTeam')}
                  </ButtonLink>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        />
      )}
    </Stack>
  );
}
