import { gameKinds, gameVolatilities } from '@contract/content';
import {
  type BigWin,
  type HallGame,
  type HallMachine,
  type HallMachineEvents,
  jackpotMultiplier,
} from '@contract/hall';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Image,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame';
import { ButtonLink } from '@/components/router-links';
import { ShownInJapaneseBadge, textLang } from '@/components/shown-in-japanese';
import { formatAmount, formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import classes from './hall.module.css';
import { type HallSearch, hallSearchOf, hallSorts, visibleGames, winMultiple } from './hall-filters';
import { hallQueryOptions } from './queries';

/** The game hall (docs/requirements.md §10.8): the games, their machines and each machine's data counter. */
export function HallPage({ search, onSearchChange }: { search: HallSearch; onSearchChange(next: HallSearch): void }) {
  const { t } = useTranslation('hall');
  const hall = useQuery(hallQueryOptions(currentLanguage()));
  const change = (patch: Partial<HallSearch>) => onSearchChange(hallSearchOf({ ...search, ...patch }));
  const shownGame = search.game ? hall.data?.find((game) => game.code === search.game) : undefined;
  return (
    <PageFrame title={t('title')} description={t('description')}>
      <HallFilters search={search} onChange={change} />
      {search.game && (
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm">{t('oneGame.showing', { name: shownGame?.name ?? search.game })}</Text>
          <Button size="compact-sm" variant="light" onClick={() => change({ game: undefined })}>
            {t('oneGame.all')}
          </Button>
        </Group>
      )}
      {hall.isPending && <Skeleton h={360} radius="md" />}
      {hall.isError && (
        <Alert color="red" title={t('loadFailed.title')} role="alert">
          <Button size="sm" onClick={() => void hall.refetch()}>
            {t('loadFailed.retry')}
          </Button>
        </Alert>
      )}
      {hall.data && <HallGames games={visibleGames(hall.data, search)} />}
      <Text size="xs" c="dimmed">
        {t('rule')}
      </Text>
    </PageFrame>
  );
}

function HallFilters({ search, onChange }: { search: HallSearch; onChange(patch: Partial<HallSearch>): void }) {
  const { t } = useTranslation('hall');
  // The box keeps what is typed (spaces included); the URL keeps the trimmed search. Every change
  // applies at once, so the hall follows the typing.
  const form = useForm({
    initialValues: {
      q: search.q ?? '',
      kind: search.kind ?? 'all',
      volatility: search.volatility ?? 'all',
      sort: search.sort ?? 'popular',
    },
    onValuesChange: ({ q, kind, volatility, sort }) =>
      onChange({
        q,
        kind: kind === 'all' ? undefined : (kind as HallGame['kind']),
        volatility: volatility === 'all' ? undefined : (volatility as NonNullable<HallGame['volatility']>),
        sort: sort === 'newest' ? 'newest' : undefined,
      }),
  });
  return (
    <Stack gap="sm" role="search" aria-label={t('filters.label')}>
      <TextInput
        {...form.getInputProps('q')}
        label={t('filters.search')}
        placeholder={t('filters.searchPlaceholder')}
        type="search"
        maxLength={50}
      />
      <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="hall-kind-label">
            {t('filters.kind')}
          </Text>
          <SegmentedControl
            {...form.getInputProps('kind')}
            aria-labelledby="hall-kind-label"
            data={['all', ...gameKinds].map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="hall-volatility-label">
            {t('filters.volatility')}
          </Text>
          <SegmentedControl
            {...form.getInputProps('volatility')}
            aria-labelledby="hall-volatility-label"
            data={['all', ...gameVolatilities].map((volatility) => ({
              value: volatility,
              label: t(`volatility.${volatility}`),
            }))}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="hall-sort-label">
            {t('filters.sort')}
          </Text>
          <SegmentedControl
            {...form.getInputProps('sort')}
            aria-labelledby="hall-sort-label"
            data={hallSorts.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
          />
        </Stack>
      </Group>
    </Stack>
  );
}

function HallGames({ games }: { games: HallGame[] }) {
  const { t } = useTranslation('hall');
  if (games.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <Stack gap="lg">
      {games.map((game) => (
        <GameSection key={game.id} game={game} />
      ))}
    </Stack>
  );
}

function GameSection({ game }: { game: HallGame }) {
  const { t } = useTranslation('hall');
  const free = game.machines.filter((machine) => machine.state === 'free').length;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`hall-game-${game.id}`}>
      <Group gap="md" wrap="nowrap" align="flex-start" mb="md">
        <Image src={game.imageUrl} alt="" radius="sm" className={classes.thumbnail} fit="cover" />
        <Stack gap={4} miw={0}>
          <Title order={2} size="h4" id={`hall-game-${game.id}`} lang={textLang(game.lang)}>
            {game.name}
          </Title>
          <Group gap={6}>
            <ShownInJapaneseBadge lang={game.lang} />
            <Badge size="sm" variant="light" color={kindColors[game.kind]}>
              {t(`kind.${game.kind}`)}
            </Badge>
            {game.volatility !== null && (
              <Badge size="sm" variant="outline" color="gray">
                {t('game.volatility', { value: t(`volatility.${game.volatility}`) })}
              </Badge>
            )}
            {game.rtpBasisPoints !== null && (
              <Text size="xs" c="dimmed">
                {t('game.rtp', { rtp: (game.rtpBasisPoints / 100).toFixed(2) })}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('game.popularity', { count: formatAmount(game.popularity) })} ·{' '}
            {t('game.free', { free, total: game.machines.length })}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 2, xs: 3, md: 4 }} spacing="sm">
        {game.machines.map((machine) => (
          <MachineTile key={machine.id} machine={machine} gameName={game.name} />
        ))}
      </SimpleGrid>
    </Card>
  );
}

const stateColors = { free: 'teal', yours: 'blue', occupied: 'gray' } as const;
const kindColors = { slot: 'crimson', pachinko: 'gold', pachislot: 'indigo' } as const;

/** `gameName` names the play button with its game: the hall shows the same machine numbers for every game. */
function MachineTile({ machine, gameName }: { machine: HallMachine; gameName: string }) {
  const { t } = useTranslation('hall');
  const label = t('machine.label', { number: machine.number });
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={label}
      className={classes.machine}
      data-state={machine.state}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="nowrap">
          <Text fw={700}>{label}</Text>
          <Badge size="sm" color={stateColors[machine.state]} variant="light">
            {t(`machine.state.${machine.state}`)}
          </Badge>
        </Group>
        <Text size="xs">{t('machine.sinceJackpot', { count: formatAmount(machine.roundsSinceJackpot) })}</Text>
        <Text size="xs" c="dimmed">
          {t('machine.lastDay', { count: formatAmount(machine.roundsLastDay) })}
        </Text>
        {machine.events && <MachineEvents events={machine.events} />}
        <BigWins wins={machine.bigWins} />
        {machine.state === 'occupied' ? (
          <Button size="xs" disabled>
            {t('machine.occupied')}
          </Button>
        ) : (
          <ButtonLink
            size="xs"
            to="/amigo-springboard"
            search={{ machine: machine.id }}
            variant={machine.state === 'yours' ? 'filled' : 'light'}
            aria-label={t(machine.state === 'yours' ? 'machine.resumeName' : 'machine.playName', {
              game: gameName,
              number: machine.number,
            })}
          >
            {t(machine.state === 'yours' ? 'machine.resume' : 'machine.play')}
          </ButtonLink>
        )}
      </Stack>
    </Paper>
  );
}

function BigWins({ wins }: { wins: BigWin[] }) {
  const { t } = useTranslation('hall');
  if (wins.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('machine.noBigWins')}
      </Text>
    );
  }
  return (
    <Stack gap={0} component="ol" aria-label={t('machine.bigWins')} m={0} p={0} style={{ listStyle: 'none' }}>
      {wins.map((win) => {
        const multiple = winMultiple(win);
        return (
          <Text
            component="li"
            size="xs"
            key={win.playedAt + win.win}
            c={multiple >= jackpotMultiplier ? 'red' : undefined}
          >
            {t(multiple >= jackpotMultiplier ? 'machine.jackpot' : 'machine.bigWin', { multiple })} ·{' '}
            {formatDateTime(win.playedAt)}
          </Text>
        );
      })}
    </Stack>
  );
}

/** What the provider reported of the machine: a pachislot's games and bonuses, a pachinko's jackpots and rushes. */
function MachineEvents({ events }: { events: HallMachineEvents }) {
  const { t } = useTranslation('hall');
  if (events.kind === 'pachinko') {
    return (
      <Text size="xs">
        {t('machine.events.jackpots', { count: formatAmount(events.jackpots) })} ·{' '}
        {t('machine.events.rushes', { count: formatAmount(events.rushes) })}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="xs">{t('machine.events.sinceBonus', { count: formatAmount(events.gamesSinceBonus) })}</Text>
      <Text size="xs" c="dimmed">
        {t('machine.events.games', { count: formatAmount(events.games) })} ·{' '}
        {t('machine.events.bigReg', { big: formatAmount(events.big), reg: formatAmount(events.reg) })}
      </Text>
      {events.bonuses.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('machine.events.noBonuses')}
        </Text>
      ) : (
        <Stack
          gap={0}
          component="ol"
          aria-label={t('machine.events.bonuses')}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
        >
          {events.bonuses.map((bonus) => (
            <Text
              component="li"
              size="xs"
              key={bonus.playedAt + bonus.kind}
              c={bonus.kind === 'big' ? 'red' : undefined}
            >
              {t('machine.events.bonus', {
                kind: t(`machine.events.bonusKinds.${bonus.kind}`),
                games: formatAmount(bonus.afterGames),
              })}{' '}
              · {formatDateTime(bonus.playedAt)}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
