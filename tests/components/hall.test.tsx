import type { HallGame, HallMachine } from '@contract/hall';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { type HallSearch, hallSearchOf, visibleGames } from '@/features/hall/hall-filters';
import { HallPage } from '@/features/hall/hall-page';
import { hallQueryOptions } from '@/features/hall/queries';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const machine = (id: number, overrides: Partial<HallMachine> = {}): HallMachine => ({
  id,
  number: id,
  state: 'free',
  roundsSinceJackpot: 0,
  roundsLastDay: 0,
  bigWins: [],
  events: null,
  ...overrides,
});

const game = (id: number, overrides: Partial<HallGame>): HallGame => ({
  id,
  code: `game-${id}`,
  kind: 'slot',
  name: `Game ${id}`,
  lang: 'en-US',
  rtpBasisPoints: 9600,
  volatility: 'medium',
  imageUrl: '/images/games/slot.svg',
  popularity: 0,
  addedAt: '2026-05-01T00:00:00.000Z',
  machines: [machine(id * 10 + 1)],
  ...overrides,
});

const sakura = game(1, {
  code: 'sakura-sevens',
  name: 'Sakura Sevens',
  popularity: 120,
  addedAt: '2026-04-01T00:00:00.000Z',
  machines: [
    machine(11, {
      number: 1,
      state: 'yours',
      roundsSinceJackpot: 321,
      roundsLastDay: 45,
      bigWins: [
        { bet: 10, win: 1_500, playedAt: '2026-05-01T03:00:00.000Z' },
        { bet: 10, win: 250, playedAt: '2026-05-01T02:00:00.000Z' },
      ],
    }),
    machine(12, { number: 2, state: 'occupied' }),
  ],
});
const fuji = game(2, {
  code: 'fuji-rush',
  kind: 'pachinko',
  name: 'Fuji Rush',
  popularity: 300,
  addedAt: '2026-03-01T00:00:00.000Z',
  // Every game numbers its machines from 1: only the game tells two play buttons apart.
  machines: [machine(21, { number: 1 })],
});
const koi = game(3, {
  code: 'golden-koi',
  name: 'Ｇｏｌｄｅｎ Koi',
  popularity: 5,
  addedAt: '2026-06-01T00:00:00.000Z',
  machines: [machine(31, { number: 1 })],
});
const hall = [sakura, fuji, koi];

/** The hall page with its search kept as the route keeps it; every change is recorded. */
function StatefulHall({ initial, searches }: { initial: HallSearch; searches: HallSearch[] }) {
  const [search, setSearch] = useState(initial);
  return (
    <HallPage
      search={search}
      onSearchChange={(next) => {
        searches.push(next);
        setSearch(next);
      }}
    />
  );
}

function renderHall(initial: HallSearch = {}, lng: 'en-US' | 'ja-JP' = 'en-US') {
  const searches: HallSearch[] = [];
  const view = renderPlayerView(<StatefulHall initial={initial} searches={searches} />, {
    seed: (queryClient) => queryClient.setQueryData(hallQueryOptions(lng).queryKey, hall),
  });
  return { ...view, searches };
}

const shownGames = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('hall filters', () => {
  it('keep only what the URL may say', () => {
    expect(hallSearchOf({ game: 'fuji-rush', kind: 'pachinko', q: '  koi ', sort: 'newest' })).toEqual({
      game: 'fuji-rush',
      kind: 'pachinko',
      q: 'koi',
      sort: 'newest',
    });
    expect(hallSearchOf({ game: '<script>', kind: 'roulette', q: '   ', sort: 'popular', extra: 1 })).toEqual({});
    expect(hallSearchOf({ q: 'x'.repeat(80) }).q).toHaveLength(50);
  });

  it('sort by popularity, or newest first, and search names as typed in any width', () => {
    expect(visibleGames(hall, {}).map((g) => g.code)).toEqual(['fuji-rush', 'sakura-sevens', 'golden-koi']);
    expect(visibleGames(hall, { sort: 'newest' }).map((g) => g.code)).toEqual([
      'golden-koi',
      'sakura-sevens',
      'fuji-rush',
    ]);
    expect(visibleGames(hall, { q: 'golden' }).map((g) => g.code)).toEqual(['golden-koi']);
    expect(visibleGames(hall, { kind: 'pachinko' }).map((g) => g.code)).toEqual(['fuji-rush']);
  });
});

describe('hall page', () => {
  it.each([
    ['en-US', ['Play Fuji Rush - machine 1', 'Resume Sakura Sevens - machine 1', 'Play Ｇｏｌｄｅｎ Koi - machine 1']],
    ['ja-JP', ['Fuji Rush 1番台で遊ぶ', 'Sakura Sevens 1番台で続ける', 'Ｇｏｌｄｅｎ Koi 1番台で遊ぶ']],
  ] as const)('names each play button with its game and machine, no two alike (%s)', async (lng, names) => {
    await startI18nIn(lng);
    renderHall({}, lng);
    await screen.findByRole('heading', { name: 'Fuji Rush' });
    const links = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href')?.startsWith('/amigo-springboard'));
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(names);
  });

  it('shows every game, most popular first, with each machine’s state and data counter', async () => {
    await startI18nIn('en-US');
    renderHall();
    expect(await screen.findByRole('heading', { name: 'Fuji Rush' })).toBeInTheDocument();
    expect(shownGames()).toEqual(['Fuji Rush', 'Sakura Sevens', 'Ｇｏｌｄｅｎ Koi']);
    const section = screen.getByRole('region', { name: 'Sakura Sevens' });
    const yours = within(section).getByRole('article', { name: 'Machine 1' });
    expect(within(yours).getByText('Yours')).toBeInTheDocument();
    expect(within(yours).getByText('Since jackpot: 321 rounds')).toBeInTheDocument();
    expect(within(yours).getByText('24 h: 45 rounds')).toBeInTheDocument();
    const wins = within(within(yours).getByRole('list', { name: 'Latest big wins' })).getAllByRole('listitem');
    expect(wins.map((item) => item.textContent?.split(' · ')[0])).toEqual(['Jackpot ×150', 'Big win ×25']);
    expect(within(yours).getByRole('link', { name: 'Resume Sakura Sevens - machine 1' })).toHaveAttribute(
      'href',
      '/amigo-springboard?machine=11',
    );
    const occupied = within(section).getByRole('article', { name: 'Machine 2' });
    expect(within(occupied).getByRole('button', { name: 'Occupied' })).toBeDisabled();
    expect(within(occupied).queryByRole('link')).toBeNull();
  });

  it('filters by kind, searches and sorts, keeping each choice in the search', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { searches } = renderHall();
    await screen.findByRole('heading', { name: 'Fuji Rush' });

    await user.click(screen.getByRole('radio', { name: 'Pachinko' }));
    expect(shownGames()).toEqual(['Fuji Rush']);
    expect(searches.at(-1)).toEqual({ kind: 'pachinko' });

    await user.click(screen.getByRole('radio', { name: 'Slot' }));
    await user.click(screen.getByRole('radio', { name: 'Newest' }));
    expect(shownGames()).toEqual(['Ｇｏｌｄｅｎ Koi', 'Sakura Sevens']);
    expect(searches.at(-1)).toEqual({ kind: 'slot', sort: 'newest' });

    const searchBox = screen.getByRole('searchbox', { name: 'Search games' });
    await user.click(searchBox);
    await user.paste('sakura');
    expect(shownGames()).toEqual(['Sakura Sevens']);
    expect(searches.at(-1)).toEqual({ kind: 'slot', sort: 'newest', q: 'sakura' });

    await user.clear(searchBox);
    await user.paste('nothing like it');
    expect(screen.getByText('No game matches.')).toBeInTheDocument();
  });

  it('opens on the game a home tile names, in Japanese, and shows them all on request', async () => {
    await startI18nIn('ja-JP');
    const user = userEvent.setup();
    const { searches } = renderHall({ game: 'sakura-sevens' }, 'ja-JP');
    expect(await screen.findByText('「Sakura Sevens」を表示しています')).toBeInTheDocument();
    expect(shownGames()).toEqual(['Sakura Sevens']);
    expect(screen.getByRole('article', { name: '1番台' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'すべてのゲーム' }));
    expect(shownGames()).toEqual(['Fuji Rush', 'Sakura Sevens', 'Ｇｏｌｄｅｎ Koi']);
    expect(searches.at(-1)).toEqual({});
  });
});
