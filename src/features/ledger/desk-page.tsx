import type { UserSummary } from '@contract/admin';
import { type LedgerEntry, ledgerEntryKinds } from '@contract/ledger';
import { Badge, Card, Group, SimpleGrid, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { ChoiceFilter, DeskList, DeskPage, DeskTable, FilterBar, PeriodFilter, StatusBadge } from '../admin/desk-list';
import { playerQueryOptions } from '../admin/queries';
import { ledgerQueryOptions } from './desk-queries';
import type { LedgerSearch } from './desk-search';

/**
 * One player's ledger, newest first: each entry with the balance after it, so the running balance
 * can be followed down the page. A hold still waiting (a withdrawal under review, a deposit being
 * refunded) is listed, marked, until it is posted or voided; each line names its order.
 */
export function LedgerPage({
  userId,
  search,
  onSearchChange,
}: {
  userId: number;
  search: LedgerSearch;
  onSearchChange(next: LedgerSearch): void;
}) {
  const { t } = useTranslation('admin');
  const lng = currentLanguage();
  const player = useQuery(playerQueryOptions(lng, userId));
  const result = useQuery(ledgerQueryOptions(lng, userId, search));
  const change = (patch: Partial<LedgerSearch>) => onSearchChange({ ...search, page: undefined, ...patch });
  const who = player.data?.account ?? `#${userId}`;
  return (
    <DeskPage title={t('ledger.title', { account: who })} description={t('ledger.description')}>
      <PlayerHeading userId={userId} player={player.data ?? null} />
      {result.data && <LedgerTotals balance={result.data.balance} heldAmount={result.data.heldAmount} />}
      <FilterBar>
        <ChoiceFilter
          label={t('filters.kind')}
          placeholder={t('filters.all')}
          value={search.kind}
          options={ledgerEntryKinds}
          optionLabel={(kind) => t(`ledger.kinds.${kind}`)}
          onChange={(kind) => change({ kind })}
        />
        <PeriodFilter from={search.from} to={search.to} onChange={change} />
      </FilterBar>
      <DeskList
        result={result}
        page={search.page ?? 1}
        onPage={(page) => onSearchChange({ ...search, page })}
        label={t('ledger.entries')}
      >
        {(data) => (
          <DeskTable
            label={t('ledger.entries')}
            head={[
              t('columns.at'),
              t('columns.kind'),
              t('columns.change'),
              t('columns.balanceAfter'),
              t('columns.reference'),
              t('columns.transfer'),
            ]}
          >
            {data.list.map((entry) => (
              <LedgerRow key={`${entry.transferId}:${entry.id ?? 'held'}`} entry={entry} />
            ))}
          </DeskTable>
        )}
      </DeskList>
    </DeskPage>
  );
}

/** The way back to the players' list, and whose ledger this is. */
function PlayerHeading({ userId, player }: { userId: number; player: UserSummary | null }) {
  const { t } = useTranslation('admin');
  return (
    <Group justify="space-between">
      <AnchorLink to="/admin/users" search={player ? { keyword: player.account } : {}} size="sm">
        {t('ledger.backToPlayers')}
      </AnchorLink>
      {player && (
        <Group gap="xs">
          <StatusBadge status={player.status} />
          <Text size="sm" c="dimmed">
            {player.email} · #{userId}
          </Text>
        </Group>
      )}
    </Group>
  );
}

function LedgerTotals({ balance, heldAmount }: { balance: number; heldAmount: number }) {
  const { t } = useTranslation('admin');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Card withBorder radius="md" padding="sm">
        <Text size="xs" c="dimmed">
          {t('ledger.balance')}
        </Text>
        <Text fw={700} data-testid="ledger-balance">
          {t('coins', { amount: formatAmount(balance) })}
        </Text>
      </Card>
      <Card withBorder radius="md" padding="sm">
        <Text size="xs" c="dimmed">
          {t('ledger.held')}
        </Text>
        <Text fw={700} data-testid="ledger-held">
          {t('coins', { amount: formatAmount(heldAmount) })}
        </Text>
      </Card>
    </SimpleGrid>
  );
}

/** A waiting hold has moved nothing yet: what it takes is shown dimmed, the balance stays. */
function changeColour(entry: LedgerEntry): string {
  if (entry.pending) return 'dimmed';
  return entry.amount < 0 ? 'red' : 'teal';
}

function LedgerRow({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation('admin');
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{t(`ledger.kinds.${entry.kind}`)}</Text>
          {entry.pending && (
            <Badge size="xs" color="yellow" variant="light">
              {t('ledger.pending')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td c={changeColour(entry)} fw={600}>
        {entry.amount > 0 ? '+' : ''}
        {formatAmount(entry.amount)}
      </Table.Td>
      <Table.Td fw={600} c={entry.pending ? 'dimmed' : undefined}>
        {formatAmount(entry.balanceAfter)}
      </Table.Td>
      <Table.Td ff="monospace">{entry.reference ?? ''}</Table.Td>
      <Table.Td ff="monospace" fz="xs" c="dimmed">
        {entry.transferId}
      </Table.Td>
    </Table.Tr>
  );
}
