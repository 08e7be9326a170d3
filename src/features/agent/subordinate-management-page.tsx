import { memberSearchForm, type TeamMember } from '@contract/agent';
import type { MemberMoveDirection } from '@machines/member-move.machine';
import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as v from 'valibot';
import { PageFrame } from '@/components/page-frame';
import { useFormError } from '@/lib/form-error';
import { formatAmount, formatDateTime } from '@/lib/format';
import { useIsDesktop } from '@/lib/use-is-desktop';
import { LoadFailed } from '../user/account-gates';
import { profileQueryOptions } from '../user/queries';
import { useAccountRefresh } from '../user/use-account-refresh';
import { AgentInvitationCard } from './agent-invitation-card';
import { MemberMoveDialog } from './member-move-dialog';
import { type TeamMembersQuery, teamMembersKey, teamMembersQueryOptions } from './member-queries';
import { SubordinateCreateDialog } from './subordinate-create-dialog';

const pageSize = 20;

type OpenDialog = { kind: 'create' } | { kind: 'move'; direction: MemberMoveDirection; member: TeamMember } | null;

/**
 * The agent's direct members (docs/requirements.md §12): search by account, paging, and for each
 * member the registration date, balance, last sign-in and state, with the moves of coins; above
 * them, the agent's invitation card.
 */
export function SubordinateManagementPage() {
  const { t } = useTranslation('agent-members');
  const queryClient = useQueryClient();
  const refreshAccount = useAccountRefresh();
  const profile = useQuery(profileQueryOptions());
  const [query, setQuery] = useState<TeamMembersQuery>({ account: '', pageNum: 1, pageSize });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const refreshMembers = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: teamMembersKey }),
    [queryClient],
  );
  const refreshBalances = useCallback(() => {
    refreshMembers();
    refreshAccount();
  }, [refreshMembers, refreshAccount]);
  const agentBalance = profile.data?.balance;
  return (
    <PageFrame
      title={t('account:subordinateManagement.title')}
      description={t('account:subordinateManagement.description')}
    >
      <AgentInvitationCard />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <AccountSearch onSearch={(account) => setQuery({ ...query, account, pageNum: 1 })} />
        <Button onClick={() => setDialog({ kind: 'create' })}>{t('actions.create')}</Button>
      </Group>
      <MemberList
        query={query}
        onPage={(pageNum) => setQuery({ ...query, pageNum })}
        onMove={
          agentBalance === undefined ? undefined : (direction, member) => setDialog({ kind: 'move', direction, member })
        }
      />
      {dialog?.kind === 'create' && (
        <SubordinateCreateDialog onClose={() => setDialog(null)} onCreated={refreshMembers} />
      )}
      {dialog?.kind === 'move' && agentBalance !== undefined && (
        <MemberMoveDialog
          direction={dialog.direction}
          member={dialog.member}
          agentBalance={agentBalance}
          onClose={() => setDialog(null)}
          onBalancesChanged={refreshBalances}
        />
      )}
    </PageFrame>
  );
}

function AccountSearch({ onSearch }: { onSearch(account: string): void }) {
  const { t } = useTranslation('agent-members');
  const formError = useFormError('agent-members');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { account: '' },
    validate: schemaResolver(memberSearchForm, { sync: true }),
    transformValues: (values) => v.parse(memberSearchForm, values),
  });
  return (
    <form aria-label={t('search.label')} onSubmit={form.onSubmit(({ account }) => onSearch(account))}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('search.account')}
          placeholder={t('search.placeholder')}
          key={form.key('account')}
          {...form.getInputProps('account')}
          error={formError(form.errors.account, { field: t('search.account') })}
          maxLength={50}
        />
        <Button type="submit" variant="light">
          {t('search.submit')}
        </Button>
      </Group>
    </form>
  );
}

type MoveOpener = ((direction: MemberMoveDirection, member: TeamMember) => void) | undefined;

function MemberList({
  query,
  onPage,
  onMove,
}: {
  query: TeamMembersQuery;
  onPage(page: number): void;
  onMove: MoveOpener;
}) {
  const { t } = useTranslation('agent-members');
  const isDesktop = useIsDesktop();
  const result = useQuery(teamMembersQueryOptions(query));
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!result.data) return <Skeleton h={240} radius="md" />;
  const { list, total } = result.data;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('total', { count: total })}
      </Text>
      {list.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text c="dimmed" ta="center">
            {query.account ? t('emptySearch') : t('empty')}
          </Text>
        </Card>
      ) : isDesktop ? (
        <MemberTable members={list} onMove={onMove} />
      ) : (
        <MemberCards members={list} onMove={onMove} />
      )}
      {total > query.pageSize && (
        <Center>
          <Pagination
            total={Math.ceil(total / query.pageSize)}
            value={query.pageNum}
            onChange={onPage}
            size="sm"
            aria-label={t('paging')}
          />
        </Center>
      )}
    </Stack>
  );
}

function StateBadge({ member }: { member: TeamMember }) {
  const { t } = useTranslation('agent-members');
  return (
    <Badge color={member.state === 'frozen' ? 'red' : 'teal'} variant="light">
      {t(`states.${member.state}`)}
    </Badge>
  );
}

function MoveButtons({ member, onMove }: { member: TeamMember; onMove: MoveOpener }) {
  const { t } = useTranslation('agent-members');
  const label = (key: string) => t(`actions.${key}`, { account: member.account });
  // A frozen member's balance cannot change (the server refuses too, should the list be stale).
  const frozen = member.state === 'frozen';
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="light"
        disabled={!onMove || frozen}
        aria-label={label('transferTo')}
        onClick={() => onMove?.('transfer', member)}
      >
        {t('actions.transfer')}
      </Button>
      <Button
        size="compact-sm"
        variant="light"
        color="orange"
        disabled={!onMove || frozen}
        aria-label={label('decreaseOf')}
        onClick={() => onMove?.('decrease', member)}
      >
        {t('actions.decrease')}
      </Button>
    </Group>
  );
}

function useMemberCells() {
  const { t } = useTranslation('agent-members');
  return (member: TeamMember) => ({
    registeredAt: formatDateTime(member.registeredAt),
    balance: t('coins', { amount: formatAmount(member.balance) }),
    lastLoginAt: member.lastLoginAt ? formatDateTime(member.lastLoginAt) : t('neverSignedIn'),
  });
}

function MemberTable({ members, onMove }: { members: TeamMember[]; onMove: MoveOpener }) {
  const { t } = useTranslation('agent-members');
  const cells = useMemberCells();
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label={t('listLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.account')}</Table.Th>
            <Table.Th>{t('columns.registeredAt')}</Table.Th>
            <Table.Th>{t('columns.balance')}</Table.Th>
            <Table.Th>{t('columns.lastLoginAt')}</Table.Th>
            <Table.Th>{t('columns.state')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const shown = cells(member);
            return (
              <Table.Tr key={member.userId} data-testid={`member-${member.account}`}>
                <Table.Td fw={500}>{member.account}</Table.Td>
                <Table.Td>{shown.registeredAt}</Table.Td>
                <Table.Td>{shown.balance}</Table.Td>
                <Table.Td>{shown.lastLoginAt}</Table.Td>
                <Table.Td>
                  <StateBadge member={member} />
                </Table.Td>
                <Table.Td>
                  <MoveButtons member={member} onMove={onMove} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Below 768 px each member is a card, so nothing scrolls sideways at 390 px. */
function MemberCards({ members, onMove }: { members: TeamMember[]; onMove: MoveOpener }) {
  const { t } = useTranslation('agent-members');
  const cells = useMemberCells();
  return (
    <Stack gap="sm" role="list" aria-label={t('listLabel')}>
      {members.map((member) => {
        const shown = cells(member);
        return (
          <Card
            key={member.userId}
            withBorder
            radius="md"
            padding="sm"
            role="listitem"
            data-testid={`member-${member.account}`}
          >
            <Group justify="space-between" mb="xs">
              <Text fw={700}>{member.account}</Text>
              <StateBadge member={member} />
            </Group>
            <SimpleGrid cols={2} spacing={4} verticalSpacing={4}>
              <Text size="xs" c="dimmed">
                {t('columns.balance')}
              </Text>
              <Text size="sm">{shown.balance}</Text>
              <Text size="xs" c="dimmed">
                {t('columns.registeredAt')}
              </Text>
              <Text size="sm">{shown.registeredAt}</Text>
              <Text size="xs" c="dimmed">
                {t('columns.lastLoginAt')}
              </Text>
              <Text size="sm">{shown.lastLoginAt}</Text>
            </SimpleGrid>
            <Group mt="sm" justify="flex-end">
              <MoveButtons member={member} onMove={onMove} />
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
