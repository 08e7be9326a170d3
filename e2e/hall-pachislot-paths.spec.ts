import type { PachislotGame } from '@contract/studio-pachislot';
import {
  gameTimings,
  type PachislotMachineData,
  selectAutoLeft,
  selectCanLever,
  selectNextReel,
  selectPachislotStage,
  studioPachislotMachine,
} from '@machines/studio-pachislot.machine';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCaller, expect, fundedPlayer, launchFreeMachine, pauseClockSoon, test, text } from './fixtures';
import { type Adapter, outcomeActor, type Path, replayMachinePaths, type Snapshot, type Step } from './machine-replay';

/**
 * The pachislot machine replayed as clicks (see machine-replay.ts) on a pachislot machine of the
 * hall, against the real studio: the lever and the three stop buttons, turbo, auto-play started
 * and stopped, and a lost connection while loading the machine, levering or pressing (the request
 * aborted before it leaves; the retry sends the same lever key or press, which the studio answers
 * once). The page's clock is paused and moved by the path's timers. The games' pays are the
 * studio's to draw: the checks never depend on them.
 */

const locale = 'en-US';
const password = 'Pachislot-Paths-7q';
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `studio:${key}`, values);
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const studioButton = (page: Page, key: string, values: Record<string, string | number> = {}) =>
  page.getByRole('button', { name: say(key, values), exact: true });
/** The button that stops auto-play, whatever the games left. */
const autoStopButton = (page: Page) => {
  const [before] = say('pachislot.autoStop', { count: '\u0000' }).split('\u0000');
  return page.getByRole('button', { name: new RegExp(`^${before!.replace(/[()]/g, '\\$&')}`) });
};
const offline = Object.assign(new Error('Failed to fetch'), { code: 0 });

/** A game as the model's outcomes carry it: `stopped` reels stopped, settled with the third. */
const modelGame = (stopped: number): PachislotGame => ({
  id: '00000000-0000-4000-8000-000000000001',
  nonce: 0,
  stake: 3,
  status: stopped === 3 ? 'settled' : 'playing',
  notice: { mode: 'normal', lamp: false, assist: null },
  stops: [0, 1, 2].map((reel) => (reel < stopped ? { pressFrame: 0, stop: 0 } : null)),
  win: 0,
  outcome: null,
  autoStopped: false,
});
const freeMachine: PachislotMachineData = {
  game: null,
  busy: false,
  last: null,
  games: 0,
  rtpRange: { low: 9_700, high: 10_900 },
};

const machineId = 'studioPachislot';
const pachislotEvents = [
  { type: 'lever.pull', gameKey: '00000000-0000-4000-8000-00000000000a' },
  { type: 'stop.press', reel: 0, pressFrame: 0 },
  { type: 'stop.press', reel: 1, pressFrame: 0 },
  { type: 'stop.press', reel: 2, pressFrame: 0 },
  { type: 'connection.retry' },
  { type: 'turbo.toggle' },
  { type: 'auto.start', settings: { count: 10, lossLimit: null, singleWinAbove: null } },
  { type: 'auto.stop' },
  { type: 'xstate.done.actor.loadMachine', output: freeMachine },
  { type: 'xstate.error.actor.loadMachine', error: offline },
  { type: 'xstate.done.actor.lever', output: { game: modelGame(0), balance: 997 } },
  { type: 'xstate.error.actor.lever', error: offline },
  ...[1, 2, 3].map((stopped) => ({
    type: 'xstate.done.actor.stop',
    output: { game: modelGame(stopped), balance: 997 },
  })),
  { type: 'xstate.error.actor.stop', error: offline },
  { type: `xstate.after.reel.${machineId}.idle` },
  { type: `xstate.after.reel.${machineId}.spinning` },
  { type: `xstate.after.payout.${machineId}.payout` },
  { type: `xstate.after.reconnect.${machineId}.connectionLost` },
];

type PachislotContext = {
  game: PachislotGame | null;
  turbo: boolean;
  gameKey: string | null;
  press: { reel: number } | null;
  notice: string | null;
  auto: { settings: unknown; stopReason: string | null };
};

const contextOf = (snapshot: Snapshot) => snapshot.context as unknown as PachislotContext;
const reelsStopped = (game: PachislotGame | null) => game?.stops.filter((stop) => stop !== null).length ?? 0;

/**
 * How long a timer of the state the path is in waits: at the speed the page had when it entered the
 * state (a wait is set on entry; turbo toggled since does not change it). Auto-play's start enters
 * idle again.
 */
function timerMs(type: string, path: Path, index: number): number | null {
  let entered = index - 1;
  const valueAt = (at: number) => JSON.stringify(path.steps[at]?.state.value);
  while (entered > 0 && valueAt(entered - 1) === valueAt(entered) && path.steps[entered]?.event.type !== 'auto.start')
    entered -= 1;
  const timing = gameTimings[contextOf(path.steps[entered]!.state).turbo ? 'turbo' : 'normal'];
  if (type.startsWith('xstate.after.reel.')) return timing.reelMs;
  if (type.startsWith('xstate.after.payout.')) return timing.payoutMs;
  if (type.startsWith('xstate.after.reconnect.')) return 2_000;
  return null;
}

/** The seats the walks took, given back after each test so the other specs find free machines. */
const seatedTokens: string[] = [];

test.afterEach(async ({ request }) => {
  const call = apiCaller(request, locale);
  for (const token of seatedTokens.splice(0)) await call('/v2/app/game/seat/release', {}, { token }).catch(() => {});
});

/** A funded player seated at a free pachislot machine, and the machine's launch URL. */
async function launchedPachislot(request: APIRequestContext): Promise<URL> {
  const call = apiCaller(request, locale);
  const { token } = await fundedPlayer(request, call, password, 1_000);
  const address = await launchFreeMachine(call, token, 'pachislot');
  seatedTokens.push(token);
  return address;
}

const pachislotAdapter: Adapter = {
  machine: studioPachislotMachine,
  input: { sessionToken: 'studio-session', balance: 1_000 },
  events: pachislotEvents,
  // Auto-play's games are not counted here: a walk ends auto-play with its stop button.
  serializeState: (snapshot) => {
    const { game, turbo, gameKey, press, notice, auto } = contextOf(snapshot);
    const autoOn = auto.settings !== null && auto.stopReason === null;
    return JSON.stringify([
      snapshot.value,
      game ? reelsStopped(game) : null,
      gameKey !== null,
      press?.reel ?? null,
      turbo,
      autoOn,
      notice,
    ]);
  },
  unsupported(step, previous) {
    if (step.event.type === 'auto.stop' && selectAutoLeft(previous as never) === 0)
      return 'the page offers auto-play’s stop button only while it plays';
    const match = outcomeActor(step.event.type);
    if (match?.[1] === 'done' && match[2] === 'stop') {
      const answered = reelsStopped((step.event as unknown as { output: { game: PachislotGame } }).output.game);
      if (answered !== reelsStopped(contextOf(previous).game) + 1) return 'the studio stops the reel pressed';
    }
    return null;
  },
  inFlight: ['loading', 'levering', 'stopping'],
  calls: {
    loadMachine: '/studio/api/pachislot/machine',
    lever: '/studio/api/pachislot/lever',
    stop: '/studio/api/pachislot/stop',
  },
  networkFailures: ['loadMachine', 'lever', 'stop'],
  // The round machine opens the studio session before the pachislot machine starts.
  async start({ page, request }) {
    const address = await launchedPachislot(request);
    address.searchParams.set('lang', locale);
    await page.clock.install();
    await page.goto(`${address.pathname}${address.search}`);
    await expect(page.locator('[data-pachislot-stage]')).toBeVisible({ timeout: 20_000 });
    // From here on the timers move only when the path says their time has passed.
    await pauseClockSoon(page, 500);
  },
  async perform({ page, path }, step: Step, index) {
    const { event } = step;
    const previous = path.steps[index - 1]!.state;
    const button = (key: string, values: Record<string, string | number> = {}) => studioButton(page, key, values);
    const timer = timerMs(event.type, path, index);
    if (timer !== null) {
      await page.clock.runFor(timer);
    } else if (outcomeActor(event.type)) {
      // The call's answer was awaited by the replay.
    } else if (event.type === 'lever.pull') {
      await button('pachislot.lever').click();
    } else if (event.type === 'stop.press') {
      await button('pachislot.stop', { reel: Number(event.reel) + 1 }).click();
    } else if (event.type === 'connection.retry') {
      await button('retry').click();
    } else if (event.type === 'turbo.toggle') {
      await button(contextOf(previous).turbo ? 'turbo.on' : 'turbo.off').click();
    } else if (event.type === 'auto.start') {
      await button('auto.open').click();
      const dialog = page.getByRole('dialog', { name: say('auto.title_pachislot') });
      await dialog.getByRole('button', { name: '10', exact: true }).click();
      await dialog.getByRole('button', { name: say('auto.start_pachislot') }).click();
    } else if (event.type === 'auto.stop') {
      await autoStopButton(page).click();
    }
  },
  async check({ page }, snapshot) {
    const stage = selectPachislotStage(snapshot as never);
    const screen = page.locator('[data-pachislot-stage]');
    if (pachislotAdapter.inFlight.some((value) => snapshot.matches(value))) return;
    await expect(screen).toHaveAttribute('data-pachislot-stage', stage);
    const { turbo } = contextOf(snapshot);
    await expect(page.getByRole('button', { name: say(turbo ? 'turbo.on' : 'turbo.off') })).toHaveAttribute(
      'aria-pressed',
      String(turbo),
    );
    if (stage === 'connectionLost') {
      await expect(page.getByRole('alert')).toContainText(say('pachislot.connectionLost'));
      return;
    }
    const lever = studioButton(page, 'pachislot.lever');
    if (selectCanLever(snapshot as never)) await expect(lever).toBeEnabled();
    else await expect(lever).toBeDisabled();
    const nextReel = selectNextReel(snapshot as never);
    for (const reel of [0, 1, 2]) {
      const stop = studioButton(page, 'pachislot.stop', { reel: reel + 1 });
      if (reel === nextReel) await expect(stop).toBeEnabled();
      else await expect(stop).toBeDisabled();
    }
    if (selectAutoLeft(snapshot as never) > 0) await expect(autoStopButton(page)).toBeVisible();
    else await expect(studioButton(page, 'auto.open')).toBeVisible();
    if (stage === 'payout') await expect(page.getByTestId('game-win')).toBeVisible();
  },
};

replayMachinePaths({ studioPachislot: pachislotAdapter }, runId, 90_000);
