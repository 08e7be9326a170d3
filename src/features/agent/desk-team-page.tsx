import { adminAgentRebateSet, type adminAgentTeam, agentRebateForm, type DeskTeamMember } from '@contract/agent-desk';
import type { DataOf } from '@contract/endpoint';
import { Button, Card, Group, NumberInput, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { AnchorLink } from '@/components/router-links';
import { useFieldProps } from '@/lib/form-error';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { DeskList, DeskPage, DeskTable, FilterBar, PeriodFilter, PlayerCell, StatusBadge } from '../admin/desk-list';
import { operatorApi } from '../admin/operator-api';
import { deskQueryKey } from '../admin/queries';
import { PlayerFilter } from '../admin/queue-page';
import { agentTeamQueryOptions } from './desk-queries';
import type { AgentTeamSearch } from './desk-search';

/** The rate as the desk shows it (a percentage, two decimals) of the stored basis points (100 = 1 %). */
const percentOf = (basisPoints: number) => basisPoints / 100;

/**
 * One agent on the desk (docs/requirements.md §12.5): their code and rebate rate, which an operator
 * sets with a reason for the audit log, and their direct members with balance, registration and state.
 */
export function AgentTeamPage({
  userId,
  search,
  onSearchChange,
}: {
  userId: number;
  search: AgentTeamSearch;
  onSearchChange(next: AgentTeamSearch): void;
}) {
  const { t } = useTranslation('admin');
  const result = useQuery(agentTeamQueryOptions(currentLanguage(), userId, search));
  const change = (patch: Partial<AgentTeamSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  const agent = result.data?.agent;
  return (
    <DeskPage
      title={t('agentTeam.title', { account: agent?.account ?? `#${userId}` })}
      description={t('agentTeam.description')}
    >
      <AnchorLink to="/admin/users" search={agent ? { keyword: agent.account } : {}} size="sm">
        {t('ledger.backToPlayers')}
      </AnchorLink>
      {agent && <AgentTerms userId={userId} agent={agent} members={result.data?.total ?? 0} />}
      <FilterBar>
        <PlayerFilter label={t('players.keyword')} value={search.keyword} onApply={(keyword) => change({ keyword })} />
        <PeriodFilter from={search.from} to={search.to} label={t('filters.registered')} onChange={change} />
      </FilterBar>
      <DeskList
        result={result}
        page={search.page ?? 1}
        onPage={(page) => onSearchChange({ ...search, page })}
        label={t('agentTeam.memberList')}
      >
        {(data) => (
          <DeskTable
            label={t('agentTeam.memberList')}
            head={[
              t('columns.player'),
              t('columns.status'),
              t('columns.balance'),
              t('columns.registeredAt'),
              t('columns.lastLoginAt'),
            ]}
          >
            {data.list.map((member) => (
              <MemberRow key={member.userId} member={member} />
            ))}
          </DeskTable>
        )}
      </DeskList>
    </DeskPage>
  );
}

type DeskAgent = DataOf<typeof adminAgentTeam>['agent'];

/** The agent's code, rate, members and their coins, beside the form that sets the rate. */
function AgentTerms({ userId, agent, members }: { userId: number; agent: DeskAgent; members: number }) {
  const { t } = useTranslation('admin');
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={2} spacing="xs">
          <Fact label={t('agentTeam.agentCode')} value={agent.agentCode ?? '—'} testId="agent-code" />
          <Fact
            label={t('agentTeam.rebate')}
            value={t('agentTeam.percent', { value: percentOf(agent.rebateBasisPoints) })}
            testId="agent-rebate"
          />
          <Fact label={t('agentTeam.members')} value={formatAmount(members)} testId="agent-members" />
          <Fact
            label={t('agentTeam.teamBalance')}
            value={t('coins', { amount: formatAmount(agent.teamBalance) })}
            testId="agent-team-balance"
          />
        </SimpleGrid>
      </Card>
      <RebateForm key={agent.rebateBasisPoints} userId={userId} current={agent.rebateBasisPoints} />
    </SimpleGrid>
  );
}

function MemberRow({ member }: { member: DeskTeamMember }) {
  return (
    <Table.Tr>
      <Table.Td>
        <PlayerCell user={member} />
      </Table.Td>
      <Table.Td>
        <StatusBadge status={member.status} />
      </Table.Td>
      <Table.Td>{formatAmount(member.balance)}</Table.Td>
      <Table.Td>{formatDateTime(member.registeredAt)}</Table.Td>
      <Table.Td>{member.lastLoginAt ? formatDateTime(member.lastLoginAt) : '—'}</Table.Td>
    </Table.Tr>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** The new rate and why; the server checks both and the audit log keeps the old and new rates. */
function RebateForm({ userId, current }: { userId: number; current: number }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const form = useForm<{ rebatePercent: number | string; reason: string }>({
    initialValues: { rebatePercent: percentOf(current), reason: '' },
    validate: schemaResolver(agentRebateForm, { sync: true }),
  });
  const save = useMutation({
    mutationFn: (values: v.InferOutput<typeof agentRebateForm>) =>
      operatorApi.call(adminAgentRebateSet, { userId, rebateBasisPoints: values.rebatePercent, reason: values.reason }),
    onSuccess: ({ rebateBasisPoints }) => {
      notifySuccess(t('agentTeam.rebateSaved', { value: percentOf(rebateBasisPoints) }));
      void queryClient.invalidateQueries({ queryKey: deskQueryKey });
    },
  });
  const field = useFieldProps(form, 'admin');
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="form"
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate(v.parse(agentRebateForm, values)))}
    >
      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('agentTeam.setRebate')}
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            {...field('rebatePercent', t('agentTeam.rebatePercent'))}
            min={0}
            max={100}
            decimalScale={2}
            step={0.5}
            suffix=" %"
            w={140}
            required
          />
          <TextInput
            {...field('reason', t('agentTeam.reason'))}
            maxLength={500}
            required
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button type="submit" loading={save.isPending}>
            {t('agentTeam.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
