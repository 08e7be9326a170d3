import type { DataOf } from '@contract/endpoint';
import type { adminGameProfitDaily } from '@contract/hall-desk';
import { Card, Skeleton, Stack, Table, Text } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { DeskPage, DeskTable, FilterBar, PeriodFilter } from '../admin/desk-list';
import { reportPeriodOf } from '../admin/queries';
import { LoadFailed } from '../user/account-gates';
import { deskGamesQueryOptions, gameProfitQueryOptions } from './desk-queries';
import { GameFilters } from './desk-rounds-page';
import type { GameProfitSearch } from './desk-search';

/**
 * The house's profit and loss per game per day: bets less wins of the rounds begun that day (Japan
 * time), with the rounds and players, and the period's totals. Without a chosen period, the last 30 days.
 */
export function GameProfitPage({
  search,
  onSearchChange,
}: {
  search: GameProfitSearch;
  onSearchChange(next: GameProfitSearch): void;
}) {
  const { t } = useTranslation('admin');
  const lng = currentLanguage();
  const result = useQuery(gameProfitQueryOptions(lng, search));
  const games = useQuery(deskGamesQueryOptions(lng));
  const period = reportPeriodOf(search);
  const change = (patch: Partial<GameProfitSearch>) => onSearchChange({ ...search, ...patch });
  return (
    <DeskPage title={t('gameProfit.title')} description={t('gameProfit.description')}>
      <FilterBar>
        <GameFilters
          games={games.data ?? []}
          search={search}
          onChange={({ gameId }) => change({ gameId })}
          withMachine={false}
        />
        <PeriodFilter from={period.from} to={period.to} label={t('filters.played')} onChange={change} />
      </FilterBar>
      <ProfitByDay result={result} />
    </DeskPage>
  );
}

type GameProfit = DataOf<typeof adminGameProfitDaily>;

const signed = (amount: number) => ({ c: amount < 0 ? 'red' : 'teal', fw: 600 }) as const;

/** One view per state of the query: failed, loading, nothing in the period, or the table. */
function ProfitByDay({ result }: { result: UseQueryResult<GameProfit> }) {
  const { t } = useTranslation('admin');
  if (result.isError && !result.data) return <LoadFailed onRetry={() => void result.refetch()} />;
  if (!result.data) return <Skeleton h={240} radius="md" />;
  if (result.data.list.length === 0)
    return (
      <Card withBorder radius="md" padding="lg">
        <Text c="dimmed" ta="center">
          {t('list.empty')}
        </Text>
      </Card>
    );
  return <ProfitTable profit={result.data} />;
}

function ProfitTable({ profit: { list, totals } }: { profit: GameProfit }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs">
      <DeskTable
        label={t('gameProfit.title')}
        head={[
          t('columns.day'),
          t('columns.game'),
          t('columns.rounds'),
          t('columns.players'),
          t('columns.bet'),
          t('columns.win'),
          t('columns.profit'),
        ]}
      >
        {list.map((row) => (
          <Table.Tr key={`${row.day}:${row.game.id}`}>
            <Table.Td>{row.day}</Table.Td>
            <Table.Td>
              {row.game.name}
              <Text span size="xs" c="dimmed">
                {` (${row.game.providerId})`}
              </Text>
            </Table.Td>
            <Table.Td>{formatAmount(row.rounds)}</Table.Td>
            <Table.Td>{formatAmount(row.players)}</Table.Td>
            <Table.Td>{formatAmount(row.betAmount)}</Table.Td>
            <Table.Td>{formatAmount(row.winAmount)}</Table.Td>
            <Table.Td {...signed(row.profit)}>{formatAmount(row.profit)}</Table.Td>
          </Table.Tr>
        ))}
        <Table.Tr fw={700} data-testid="profit-totals">
          <Table.Td colSpan={2}>{t('gameProfit.total')}</Table.Td>
          <Table.Td>{formatAmount(totals.rounds)}</Table.Td>
          <Table.Td>{formatAmount(totals.players)}</Table.Td>
          <Table.Td>{formatAmount(totals.betAmount)}</Table.Td>
          <Table.Td>{formatAmount(totals.winAmount)}</Table.Td>
          <Table.Td {...signed(totals.profit)}>{formatAmount(totals.profit)}</Table.Td>
        </Table.Tr>
      </DeskTable>
      <Text size="xs" c="dimmed">
        {t('gameProfit.playersNote')}
      </Text>
    </Stack>
  );
}
