import type { StudioRound } from '@contract/studio';
import { sakuraSevensTitle } from '@games/titles/sakura-sevens';
import {
  type ClientSeedRequest,
  type ClientSeedSet,
  type PlayedRound,
  type PlayRoundRequest,
  type ResumedRound,
  type RotateSeedRequest,
  resultAnimationLimitMs,
  type SeedRotation,
  type StudioSession,
  studioRoundMachine,
  winShowDurationMs,
} from '@machines/studio-round.machine';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { initStudioI18n } from '../../studio/page/i18n';
import { GamePage } from '../../studio/page/play/game-page';
import { loadTitle } from '../../studio/page/title-loaders';

/**
 * The game page against the round machine, whose calls to the studio are test doubles at the edge:
 * what the page shows in each state, and what it sends the machine.
 */
const fairness = {
  serverSeedHash: 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
  nextServerSeedHash: 'c'.repeat(64),
  clientSeed: 'player',
  nonce: 0,
};
const slotSession: StudioSession = {
  sessionToken: 'studio-session',
  game: {
    code: 'sakura-sevens',
    kind: 'slot',
    mechanic: 'lines',
    volatility: 'medium',
    name: 'Sakura Sevens',
    stakes: [20, 40, 100, 200, 400, 1000],
    rtpBasisPoints: 9600,
  },
  machineNumber: 3,
  currency: 'COIN',
  balance: 500,
  fairness,
  resumedRound: null,
};

/** docs/games.md §2's example: stops 11, 17, 11, 15, 6 at 1 coin a line win 73 on lines 5, 14 and 16. */
const exampleRound: StudioRound = {
  id: 'round-73',
  nonce: 0,
  stake: 20,
  win: 73,
  status: 'settled',
  outcome: { ...sakuraSevensTitle.play({ serverSeed: 'a'.repeat(64), clientSeed: 'player', nonce: 0 }, 20) },
  playedAt: '2026-11-21T00:00:00.000Z',
};
const played: PlayedRound = { round: exampleRound, balance: 553, fairness: { ...fairness, nonce: 1 } };
const noAnswer = Object.assign(new Error('fetch failed'), { code: 0 });

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function openGame(
  options: {
    lng?: 'en-US' | 'ja-JP';
    session?: StudioSession;
    play?: (request: PlayRoundRequest) => Promise<PlayedRound>;
    resume?: () => Promise<ResumedRound>;
    setClientSeed?: (request: ClientSeedRequest) => Promise<ClientSeedSet>;
    rotateSeed?: (request: RotateSeedRequest) => Promise<SeedRotation>;
  } = {},
) {
  await initStudioI18n(options.lng ?? 'en-US');
  const clock = new SimulatedClock();
  const plays: PlayRoundRequest[] = [];
  const actor = createActor(
    studioRoundMachine.provide({
      actors: {
        openSession: fromPromise(async () => options.session ?? slotSession),
        playRound: fromPromise(async ({ input }) => {
          plays.push(input);
          return (options.play ?? (async () => played))(input);
        }),
        resumeRound: fromPromise(async () =>
          (options.resume ?? (async () => ({ round: null, balance: 500, fairness })))(),
        ),
        setClientSeed: fromPromise(async ({ input }) => {
          if (!options.setClientSeed) throw new Error('not expected');
          return options.setClientSeed(input);
        }),
        rotateSeed: fromPromise(async ({ input }) => {
          if (!options.rotateSeed) throw new Error('not expected');
          return options.rotateSeed(input);
        }),
      },
    }),
    { input: { launchToken: 'launch-token' }, clock },
  ).start();
  render(<GamePage actor={actor} />);
  await flush();
  // The game screen shows once its title's chunk is loaded.
  await act(() => loadTitle((options.session ?? slotSession).game.code));
  await flush();
  const wait = async (ms: number) => {
    act(() => clock.increment(ms));
    await flush();
  };
  return { actor, plays, wait };
}

const reels = () => screen.getByRole('region', { name: /^Reels/ });
const topRow = () =>
  within(reels())
    .getAllByRole('list')
    .map((reel) => within(reel).getAllByRole('img')[0]?.getAttribute('aria-label'));

describe('studio game page', () => {
  it('spins the reels, stops them on the drawn stops and shows the paylines won', async () => {
    const { plays, wait } = await openGame();
    expect(screen.getByRole('heading', { name: /Sakura Sevens/ })).toHaveTextContent('Machine 3');
    expect(screen.getByTestId('balance')).toHaveTextContent('500');
    expect(screen.getByRole('button', { name: 'Sound: off' })).toHaveAttribute('aria-pressed', 'false');

    fireEvent.click(screen.getByRole('button', { name: '40' }));
    fireEvent.click(screen.getByRole('button', { name: '20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    await flush();
    expect(plays).toEqual([
      { sessionToken: 'studio-session', stake: 20, roundKey: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    ]);
    expect(reels()).toHaveAttribute('data-motion', 'landing');
    // The win is not counted before the reels stop.
    expect(screen.getByTestId('balance')).toHaveTextContent('480');
    expect(screen.getByTestId('last-win')).toHaveTextContent('0');

    await wait(resultAnimationLimitMs.normal);
    expect(reels()).toHaveAttribute('data-motion', 'shown');
    expect(screen.getByRole('status')).toHaveTextContent('You won 73 coins!');
    expect(screen.getByTestId('balance')).toHaveTextContent('553');
    expect(screen.getByTestId('last-win')).toHaveTextContent('73');
    // Top row plum, bell, wild, cherry, plum, as docs/games.md shows the window; line 14 runs through three of them.
    expect(topRow()).toEqual(['Plum, winning', 'Bell', 'Wild, winning', 'Cherry', 'Plum, winning']);
    // 73 coins for 20 is a small win: its coins, no tier named.
    expect(screen.getByTestId('win-count')).toHaveAttribute('data-tier', 'small');
    const lines = [...document.querySelectorAll('[data-line]')].map((line) => line.getAttribute('data-line'));
    expect(lines).toEqual(['5', '14', '16']);
    const wins = within(screen.getByRole('list', { name: 'Winning lines' }));
    expect(wins.getByText('Line 14: 5 × Plum wins 60')).toBeInTheDocument();

    await wait(1_500);
    expect(screen.getByRole('button', { name: 'Spin' })).toBeEnabled();
    const verify = screen.getByRole('link', { name: 'Verify' });
    expect(verify).toHaveAttribute('href', '/studio/verify?round=round-73&lang=en-US');
  });

  it('shows the lost connection and the round resumed with the same key', async () => {
    let resumedKey: string | null = null;
    const { actor, plays, wait } = await openGame({
      play: async () => {
        throw noAnswer;
      },
      resume: async () => {
        resumedKey = actor.getSnapshot().context.roundKey;
        return { round: exampleRound, balance: 553, fairness };
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Connection lost');
    expect(reels()).toHaveAttribute('data-motion', 'turning');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(resumedKey).toBe(plays[0]?.roundKey);
    await wait(resultAnimationLimitMs.normal);
    expect(screen.getByRole('status')).toHaveTextContent('Your unfinished round was completed: You won 73 coins!');
  });

  it('refuses a stake above the balance before asking the studio', async () => {
    const { plays } = await openGame();
    fireEvent.click(screen.getByRole('button', { name: '1,000' }));
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    await flush();
    expect(plays).toHaveLength(0);
    expect(screen.getByRole('alert')).toHaveTextContent('A round of 1,000 coins is more than your balance of 500');
    expect(screen.queryByRole('button', { name: '1,000' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '100' }));
    expect(screen.getByRole('button', { name: 'Spin' })).toBeEnabled();
  });

  it('auto-spins with the stop conditions chosen in its dialog', async () => {
    const { actor, plays, wait } = await openGame();
    fireEvent.click(screen.getByRole('button', { name: 'Auto' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Auto-spin' }));
    fireEvent.click(dialog.getByRole('button', { name: '25' }));
    fireEvent.change(dialog.getByLabelText(/loss would pass/), { target: { value: '200' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Start auto-spin' }));
    expect(actor.getSnapshot().context.auto.settings).toEqual({ count: 25, lossLimit: 200, singleWinAbove: null });
    expect(screen.getByRole('button', { name: 'Stop auto (25 left)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Spin' })).toBeDisabled();
    await wait(600);
    expect(plays).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Stop auto (24 left)' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stop auto (24 left)' }));
    await wait(resultAnimationLimitMs.normal);
    await wait(1_500);
    expect(screen.getByText('Auto play stopped after 1 spin.')).toBeInTheDocument();
  });

  it('shows both commitments, sets the client seed for the shown seed, and rotates to the shown next seed', async () => {
    const seeds: ClientSeedRequest[] = [];
    const rotations: RotateSeedRequest[] = [];
    await openGame({
      setClientSeed: async (request) => {
        seeds.push(request);
        return { fairness: { ...fairness, clientSeed: request.clientSeed } };
      },
      rotateSeed: async (request) => {
        rotations.push(request);
        return {
          revealed: { serverSeed: 'a'.repeat(64), serverSeedHash: fairness.serverSeedHash, roundsPlayed: 4 },
          fairness: {
            serverSeedHash: fairness.nextServerSeedHash,
            nextServerSeedHash: 'b'.repeat(64),
            clientSeed: request.clientSeed,
            nonce: 0,
          },
        };
      },
    });
    expect(screen.getByTestId('server-seed-hash')).toHaveTextContent(fairness.serverSeedHash);
    expect(screen.getByTestId('next-server-seed-hash')).toHaveTextContent(fairness.nextServerSeedHash);
    const seed = screen.getByLabelText('Your client seed');
    fireEvent.change(seed, { target: { value: 'has space' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set seed' }));
    expect(screen.getByRole('alert')).toHaveTextContent('A client seed is 1 to 64 printable characters');
    fireEvent.change(seed, { target: { value: 'lucky-7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set seed' }));
    await flush();
    expect(seeds).toEqual([
      { sessionToken: 'studio-session', clientSeed: 'lucky-7', serverSeedHash: fairness.serverSeedHash },
    ]);
    expect(screen.queryByTestId('revealed-seed')).toBeNull();
    expect(screen.getByTestId('server-seed-hash')).toHaveTextContent(fairness.serverSeedHash);
    expect(seed).toHaveValue('lucky-7');

    fireEvent.click(screen.getByRole('button', { name: 'Reveal and rotate' }));
    await flush();
    expect(rotations).toEqual([
      {
        sessionToken: 'studio-session',
        clientSeed: expect.stringMatching(/^[0-9a-f]{32}$/),
        nextServerSeedHash: fairness.nextServerSeedHash,
      },
    ]);
    expect(screen.getByTestId('revealed-seed')).toHaveTextContent(
      `Revealed server seed (used for 4 rounds):${'a'.repeat(64)}`,
    );
    expect(screen.getByTestId('server-seed-hash')).toHaveTextContent(fairness.nextServerSeedHash);
    expect(screen.getByTestId('next-server-seed-hash')).toHaveTextContent('b'.repeat(64));
    expect(seed).toHaveValue(rotations[0]?.clientSeed);
  });

  it('drops the balls into their pockets and announces the jackpot and the rush, in Japanese', async () => {
    const pachinkoRound: StudioRound = {
      id: 'round-rush',
      nonce: 210,
      stake: 10,
      win: 2_063,
      status: 'settled',
      outcome: {
        totalBet: 10,
        totalWin: 2_063,
        jackpots: 2,
        balls: [
          { lane: 501, pocket: 'prize', jackpots: 0, win: 3 },
          { lane: 329, pocket: 'start', lottery: 0, rushDraws: [41, 62], jackpots: 2, win: 2_048 },
          { lane: 9_000, pocket: 'out', jackpots: 0, win: 0 },
        ],
      },
      playedAt: '2026-11-21T00:00:00.000Z',
    };
    const { wait } = await openGame({
      lng: 'ja-JP',
      session: {
        ...slotSession,
        game: {
          code: 'fuji-rush',
          kind: 'pachinko',
          mechanic: 'pachinko',
          volatility: 'high',
          name: 'Fuji Rush',
          stakes: [10, 20, 50, 100],
          rtpBasisPoints: 9600,
        },
      },
      play: async () => ({ round: pachinkoRound, balance: 2_553, fairness }),
    });
    expect(screen.getByRole('heading', { name: /富士ラッシュ/ })).toHaveTextContent('3番台');
    fireEvent.click(screen.getByRole('button', { name: '発射' }));
    await flush();
    const board = screen.getByRole('img', { name: 'パチンコ盤面' });
    expect(board).toHaveAttribute('data-motion', 'stopping');
    expect(board.querySelectorAll('[data-pocket]')).toHaveLength(3);
    await wait(resultAnimationLimitMs.normal);
    expect(screen.getByText('スタートチャッカー：1')).toBeInTheDocument();
    expect(screen.getByText(/大当たり×2：2,048コイン！/)).toHaveTextContent('ラッシュ 2連！');
    expect(screen.getByText('2,063コイン獲得！')).toBeInTheDocument();
    // 2,063 coins for 10 balls is over 100 times the stake: an epic win.
    expect(screen.getByTestId('win-count')).toHaveAttribute('data-tier', 'epic');
    expect(screen.getByTestId('win-count')).toHaveTextContent('エピックウィン');

    // The epic win counts up, then is held, before the next round may start.
    await wait(winShowDurationMs(pachinkoRound, false));
    fireEvent.click(screen.getByRole('button', { name: 'オート' }));
    const dialog = screen.getByRole('dialog', { name: 'オート発射' });
    expect(within(dialog).getByRole('group', { name: /ラウンド数/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'オート発射開始' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/スピン/);
  });

  it('opens the paytable and rules from the game screen and closes it again', async () => {
    await openGame();
    fireEvent.click(screen.getByRole('button', { name: 'How to play & pays' }));
    const dialog = screen.getByRole('dialog', { name: 'How to play and the paytable' });
    expect(within(dialog).getByTestId('stated-rtp')).toHaveTextContent('96.00%');
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the end of the session with the way back to the hall', async () => {
    const { actor } = await openGame();
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(actor.getSnapshot().status).toBe('done');
    expect(screen.getByRole('status')).toHaveTextContent('You left the machine.');
    expect(screen.getByRole('button', { name: 'Back to the hall' })).toBeInTheDocument();
  });

  it('stops and says why when the player’s own protection refuses the bet', async () => {
    const refusal = Object.assign(new Error('損失上限に達しました。上限は次の期間の始まりにリセットされます'), {
      code: 403,
      reason: 'lossLimit',
    });
    await openGame({
      lng: 'ja-JP',
      play: async () => {
        throw refusal;
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'スピン' }));
    await flush();
    expect(screen.getByRole('heading', { name: 'プレイを停止しました' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('損失上限に達しました');
    expect(screen.getByRole('main')).toHaveAttribute('data-reason', 'lossLimit');
    expect(screen.getByRole('button', { name: 'ホールに戻る' })).toBeInTheDocument();
  });

  it('shows the reality check over the game, and keeping on playing closes it', async () => {
    const { actor, plays, wait } = await openGame();
    actor.send({
      type: 'realityCheck.show',
      summary: { startedAt: null, minutes: 60, bets: 1_200, wins: 900, net: -300, realityCheckMinutes: 60 },
    });
    await flush();
    const check = screen.getByRole('alertdialog', { name: 'Reality check' });
    expect(check).toHaveTextContent('You have played for 60 minutes');
    expect(within(check).getByTestId('reality-check-summary')).toHaveTextContent('Total bets1,200');
    expect(within(check).getByTestId('reality-check-summary')).toHaveTextContent('Net result-300');
    expect(screen.getByRole('button', { name: 'Spin' })).toBeDisabled();
    fireEvent.click(within(check).getByRole('button', { name: 'Keep playing' }));
    await wait(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Spin' }));
    await flush();
    expect(plays).toHaveLength(1);
  });
});
