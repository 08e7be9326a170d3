import type { DeskGameEntry, GameRound } from '@contract/hall-desk';
import { Badge, CloseButton, Group, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ChoiceField, FilterForm, useFilterForm } from '@/components/filter-form';
import { AnchorLink } from '@/components/router-links';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { DeskTable, PlayerCell, TextFilter } from '../admin/desk-list';
import { PlayerFilter, QueuePage, type QueuePageProps } from '../admin/queue-page';
import { deskGamesQueryOptions, roundListQueryOptions } from './desk-queries';
import type { RoundSearch } from './desk-search';

/**
 * The wallet's rounds, newest first, by player, game, machine, round id and day. The sums of bets
 * and wins cover every matching round; a round opens with its wallet transactions and its proof.
 */
export function RoundsPage(props: QueuePageProps<RoundSearch>) {
  const { t } = useTranslation('admin');
  const lng = currentLanguage();
  const result = useQuery(roundListQueryOptions(lng, props.search));
  const games = useQuery(deskGamesQueryOptions(lng));
  const { search } = props;
  return (
    <QueuePage
      {...props}
      title={t('rounds.title')}
      description={t('rounds.description')}
      result={result}
      filters={(change) => (
        <>
          <PlayerFilter value={search.keyword} onApply={(keyword) => change({ keyword })} />
          {search.userId && (
            <Badge
              size="lg"
              variant="light"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('rounds.clearPlayer')}
                  onClick={() => change({ userId: undefined })}
                />
              }
            >
              {t('rounds.player', { userId: search.userId })}
            </Badge>
          )}
          <GameFilters games={games.data ?? []} search={search} onChange={change} />
          <TextFilter
            label={t('rounds.roundId')}
            value={search.round}
            onApply={(round) => change({ round })}
            maxLength={200}
            width={220}
          />
        </>
      )}
      periodLabel={t('filters.played')}
    >
      {(data) => (
        <>
          <Text size="sm" data-testid="round-sums">
            {t('rounds.sums', {
              bet: formatAmount(data.betAmount),
              win: formatAmount(data.winAmount),
              profit: formatAmount(data.betAmount - data.winAmount),
            })}
          </Text>
          <DeskTable
            label={t('rounds.title')}
            head={[
              t('columns.at'),
              t('columns.player'),
              t('columns.game'),
              t('columns.machine'),
              t('columns.round'),
              t('columns.bet'),
              t('columns.win'),
              t('columns.profit'),
            ]}
            minWidth={980}
          >
            {data.list.map((round) => (
              <RoundRow key={round.id} round={round} />
            ))}
          </DeskTable>
        </>
      )}
    </QueuePage>
  );
}

/** A game, then one of its machines: choosing another game clears the machine. */
export function GameFilters(props: {
  games: DeskGameEntry[];
  search: { gameId?: number; machineId?: number };
  onChange(patch: { gameId?: number; machineId?: number }): void;
  withMachine?: boolean;
}) {
  return <GameFiltersForm key={`${props.search.gameId}/${props.search.machineId}`} {...props} />;
}

function GameFiltersForm({
  games,
  search,
  onChange,
  withMachine = true,
}: {
  games: DeskGameEntry[];
  search: { gameId?: number; machineId?: number };
  onChange(patch: { gameId?: number; machineId?: number }): void;
  withMachine?: boolean;
}) {
  const { t } = useTranslation('admin');
  const form = useFilterForm<{ gameId: string | null; machineId: string | null }>({
    gameId: search.gameId ? String(search.gameId) : null,
    machineId: search.machineId ? String(search.machineId) : null,
  });
  const game = games.find((entry) => String(entry.id) === form.values.gameId);
  return (
    <FilterForm
      form={form}
      namespace="admin"
      onApply={({ gameId, machineId }) => {
        const chosenGame = gameId ? Number(gameId) : undefined;
        onChange(
          chosenGame === search.gameId
            ? { machineId: machineId ? Number(machineId) : undefined }
            : { gameId: chosenGame, machineId: undefined },
        );
      }}
    >
      <ChoiceField
        name="gameId"
        label={t('columns.game')}
        placeholder={t('filters.all')}
        data={games.map((entry) => ({ value: String(entry.id), label: `${entry.name} (${entry.providerId})` }))}
        w={220}
      />
      {withMachine && (
        <ChoiceField
          name="machineId"
          label={t('columns.machine')}
          placeholder={t('filters.all')}
          data={(game?.machines ?? []).map((machine) => ({
            value: String(machine.id),
            label: t('games.machine', { number: machine.number }),
          }))}
          disabled={!game}
          w={160}
        />
      )}
    </FilterForm>
  );
}

function RoundRow({ round }: { round: GameRound }) {
  const { t } = useTranslation('admin');
  const profit = round.betAmount - round.winAmount;
  return (
    <Table.Tr>
      <Table.Td>{formatDateTime(round.playedAt)}</Table.Td>
      <Table.Td>
        <PlayerCell user={round.user} />
      </Table.Td>
      <Table.Td>{round.game.name}</Table.Td>
      <Table.Td>{round.machineNumber === null ? '—' : t('games.machine', { number: round.machineNumber })}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <AnchorLink
            to="/admin/rounds/$roundId"
            params={{ roundId: String(round.id) }}
            ff="monospace"
            size="sm"
            aria-label={t('rounds.open', { round: round.round })}
          >
            {round.round}
          </AnchorLink>
        </Group>
      </Table.Td>
      <Table.Td>{formatAmount(round.betAmount)}</Table.Td>
      <Table.Td>{formatAmount(round.winAmount)}</Table.Td>
      <Table.Td c={profit < 0 ? 'red' : 'teal'} fw={600}>
        {formatAmount(profit)}
      </Table.Td>
    </Table.Tr>
  );
}
