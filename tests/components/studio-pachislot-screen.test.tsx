import type { PachislotGame, PachislotPlayed } from '@contract/studio-pachislot';
import type { LeverResult, PachislotState } from '@games/engine/pachislot';
import { DrawStream } from '@games/provably-fair';
import { luckyLampTitle } from '@games/titles/lucky-lamp';
import {
  type PachislotMachineData,
  type StopRequest,
  studioPachislotMachine,
} from '@machines/studio-pachislot.machine';
import { type StudioSession, studioRoundMachine } from '@machines/studio-round.machine';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { initStudioI18n } from '../../studio/page/i18n';
import { PachislotScreen } from '../../studio/page/play/pachislot-screen';
import { StudioActorContext } from '../../studio/page/play/studio-actor';
import { TitleContext } from '../../studio/page/play/title-context';
import { loadTitle } from '../../studio/page/title-loaders';

/**
 * The pachislot screen against its machine, whose studio calls are a small studio of the test's own
 * playing Lucky Lamp's real maths at 設定 1: what the screen shows and what it sends.
 */
const title = luckyLampTitle;
const session: StudioSession = {
  sessionToken: 'studio-session',
  game: {
    code: title.code,
    kind: 'pachislot',
    mechanic: 'pachislot',
    volatility: title.volatility,
    name: title.name,
    stakes: [...title.stakes],
    rtpBasisPoints: title.rtpBasisPoints,
  },
  machineNumber: 2,
  currency: 'COIN',
  balance: 100,
  fairness: { serverSeedHash: 'f'.repeat(64), nextServerSeedHash: 'c'.repeat(64), clientSeed: 'page', nonce: 0 },
  resumedRound: null,
};

/** A studio that draws each game from its seed, stops each reel where the title says and settles on the third. */
function fakeStudio() {
  let balance = session.balance;
  let state: PachislotState = title.initialState();
  let lottery: LeverResult | null = null;
  let nonce = 0;
  let presses: StopRequest[] = [];
  let stops: number[] = [];
  const view = (win: number, outcome: unknown): PachislotGame => ({
    id: `00000000-0000-4000-8000-00000000000${nonce}`,
    nonce,
    stake: 3,
    status: outcome ? 'settled' : 'playing',
    notice: lottery ? title.notice(lottery) : { mode: 'normal', lamp: false, assist: null },
    stops: [0, 1, 2].map((reel) => {
      const stop = stops[reel];
      return stop === undefined ? null : { pressFrame: presses[reel]?.pressFrame ?? 0, stop };
    }),
    win,
    outcome,
    autoStopped: false,
  });
  const lever = async (): Promise<PachislotPlayed> => {
    nonce += 1;
    lottery = title.lever(state, 1, new DrawStream({ serverSeed: 'a'.repeat(64), clientSeed: 'page', nonce }));
    balance -= 3;
    presses = [];
    stops = [];
    return { game: view(0, null), balance };
  };
  const stop = async (request: StopRequest): Promise<PachislotPlayed> => {
    if (!lottery) throw new Error('no lever');
    presses.push(request);
    stops.push(title.stop(lottery, request.reel, request.pressFrame, stops));
    if (stops.length < 3) return { game: view(0, null), balance };
    const settled = title.settle(lottery, stops);
    state = settled.state;
    balance += settled.outcome.totalWin;
    return { game: view(settled.outcome.totalWin, JSON.parse(JSON.stringify(settled.outcome))), balance };
  };
  const machine = studioPachislotMachine.provide({
    actors: {
      loadMachine: fromPromise(
        async (): Promise<PachislotMachineData> => ({
          game: null,
          busy: false,
          last: null,
          games: 0,
          rtpRange: {
            low: Math.min(...title.rtpBasisPointsBySetting),
            high: Math.max(...title.rtpBasisPointsBySetting),
          },
        }),
      ),
      lever: fromPromise(lever),
      stop: fromPromise(({ input }: { input: StopRequest }) => stop(input)),
    },
  });
  return { machine, presses: () => presses, stops: () => stops, balance: () => balance };
}

async function openScreen(lng: 'en-US' | 'ja-JP') {
  await initStudioI18n(lng);
  const studio = fakeStudio();
  const round = createActor(studioRoundMachine.provide({ actors: { openSession: fromPromise(async () => session) } }), {
    input: { launchToken: 'launch-token' },
  }).start();
  await waitFor(() => expect(round.getSnapshot().context.sessionToken).toBe('studio-session'));
  const loaded = await loadTitle(title.code);
  render(
    <StudioActorContext.Provider value={round}>
      <TitleContext.Provider value={loaded}>
        <PachislotScreen title={title} machine={studio.machine} />
      </TitleContext.Provider>
    </StudioActorContext.Provider>,
  );
  return studio;
}

const reels = () => [0, 1, 2].map((reel) => document.querySelector(`[data-reel="${reel}"]`) as HTMLElement);

describe('the pachislot screen', () => {
  it('plays a game: the lever by click, the stops by click and by key, the reels stop where the studio says', async () => {
    const studio = await openScreen('en-US');
    const lever = await screen.findByRole('button', { name: 'Lever' });
    await waitFor(() => expect(lever).toBeEnabled());
    expect(screen.getByTestId('balance')).toHaveTextContent('100');
    expect(screen.getByTestId('bet')).toHaveTextContent('3');
    expect(screen.getByText(/Space or ↓: lever · 1, 2, 3 or Z, X, C: stop/)).toBeInTheDocument();
    expect(screen.getByTestId('mode')).toHaveTextContent('Normal');

    fireEvent.click(lever);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop 1' })).toBeEnabled());
    expect(reels().map((reel) => reel.getAttribute('data-turning'))).toEqual(['true', 'true', 'true']);
    expect(screen.getByTestId('balance')).toHaveTextContent('97');
    // The reels stop left to right: the third button waits for the first two.
    expect(screen.getByRole('button', { name: 'Stop 3' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Stop 1' }));
    await waitFor(() => expect(reels()[0]).toHaveAttribute('data-turning', 'false'));
    fireEvent.keyDown(window, { key: '2' });
    await waitFor(() => expect(reels()[1]).toHaveAttribute('data-turning', 'false'));
    fireEvent.keyDown(window, { key: 'c' });
    await waitFor(() => expect(screen.getByTestId('game-win')).toBeInTheDocument());

    expect(studio.presses().map((press) => press.reel)).toEqual([0, 1, 2]);
    expect(reels().map((reel) => Number(reel.getAttribute('data-stop')))).toEqual(studio.stops());
    // Each stopped reel shows three frames of its strip, the line in the middle.
    const middle = reels().map((reel) => reel.querySelectorAll('li')[1]?.getAttribute('data-symbol'));
    expect(middle).toEqual(studio.stops().map((stop, reel) => title.machine.strips[reel]?.[stop]));
    expect(screen.getByTestId('balance')).toHaveTextContent(String(studio.balance()));
    expect(screen.getByTestId('since-bonus')).toHaveTextContent('1');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lever' })).toBeEnabled());
  });

  it('pulls the lever and stops the reels by key, in Japanese', async () => {
    const studio = await openScreen('ja-JP');
    const lever = await screen.findByRole('button', { name: 'レバー' });
    await waitFor(() => expect(lever).toBeEnabled());
    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'ストップ1' })).toBeEnabled());
    for (const [reel, key] of ['1', '2', '3'].entries()) {
      fireEvent.keyDown(window, { key });
      await waitFor(() => expect(reels()[reel]).toHaveAttribute('data-turning', 'false'));
    }
    await waitFor(() => expect(screen.getByTestId('game-win')).toBeInTheDocument());
    expect(studio.presses()).toHaveLength(3);
    expect(screen.getByTestId('balance')).toHaveTextContent(String(studio.balance()));
  });

  it('shows the pays and every 設定’s stated RTP, and speaks of games in auto-play', async () => {
    await openScreen('en-US');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lever' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'How to play & pays' }));
    const dialog = screen.getByRole('dialog');
    const settingRows = within(within(dialog).getByTestId('settings')).getAllByRole('row').slice(1);
    const percent = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: 2 });
    expect(settingRows.map((row) => row.textContent)).toEqual(
      title.rtpBasisPointsBySetting.map((points, index) => `Setting ${index + 1}${percent.format(points / 10_000)}`),
    );
    expect(within(dialog).getByText('Bell')).toBeInTheDocument();
    expect(dialog).toHaveTextContent("the machine's own setting is never shown");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'Auto' }));
    const auto = screen.getByRole('dialog');
    expect(within(auto).getByRole('heading')).toHaveTextContent('Auto-play');
    expect(within(auto).getByText('Games')).toBeInTheDocument();
    // The slot's limits: a loss limit and a single win that stop auto-play.
    expect(within(auto).getByRole('textbox', { name: /Stop when the loss would pass/ })).toHaveValue('');
    expect(within(auto).getByRole('textbox', { name: /Stop after a single win above/ })).toHaveValue('');
    fireEvent.click(within(auto).getByRole('button', { name: 'Start auto-play' }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Stop auto/ })).toBeInTheDocument());
    act(() => fireEvent.click(screen.getByRole('button', { name: /Stop auto/ })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Auto' })).toBeInTheDocument());
    expect(screen.getByText(/^Auto play stopped after \d+ games?\.$/)).toBeInTheDocument();
  });

  it('sounds each stop and the lever once the player turns sound on', async () => {
    // The browser's audio at the edge: a context that records the tones it is asked to play.
    const tones: number[] = [];
    class RecordingAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          type: 'triangle',
          frequency: { setValueAtTime: (hz: number) => tones.push(hz), exponentialRampToValueAtTime: () => {} },
          connect: (node: unknown) => node,
          start: () => {},
          stop: () => {},
        };
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
          connect: (node: unknown) => node,
        };
      }
    }
    vi.stubGlobal('AudioContext', RecordingAudioContext);
    try {
      await openScreen('en-US');
      const lever = await screen.findByRole('button', { name: 'Lever' });
      await waitFor(() => expect(lever).toBeEnabled());
      fireEvent.click(lever);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Stop 1' })).toBeEnabled());
      expect(tones).toEqual([]);

      const sound = screen.getByRole('button', { name: 'Sound: off' });
      expect(sound).toHaveAttribute('aria-pressed', 'false');
      fireEvent.click(sound);
      expect(screen.getByRole('button', { name: 'Sound: on' })).toHaveAttribute('aria-pressed', 'true');
      for (const reel of [1, 2, 3]) {
        fireEvent.click(screen.getByRole('button', { name: `Stop ${reel}` }));
        await waitFor(() => expect(tones.filter((hz) => hz === 180)).toHaveLength(reel));
      }
      await waitFor(() => expect(screen.getByRole('button', { name: 'Lever' })).toBeEnabled());
      fireEvent.click(screen.getByRole('button', { name: 'Lever' }));
      await waitFor(() => expect(tones).toContain(330));
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
