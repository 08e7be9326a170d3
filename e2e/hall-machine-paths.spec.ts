import type { HallGame } from '@contract/hall';
import type { PlaySummary } from '@contract/protection';
import type { StudioRound } from '@contract/studio';
import {
  type Launch,
  selectRealityCheck,
  selectSpringboardStage,
  springboardMachine,
} from '@machines/hall-launch.machine';
import {
  type ClientSeedSet,
  type PlayedRound,
  type SeedRotation,
  type StudioSession,
  selectAutoSpin,
  selectCanSpin,
  selectReelMotion,
  selectStudioStage,
  studioRoundMachine,
} from '@machines/studio-round.machine';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import {
  apiCaller,
  type Call,
  expect,
  fundedPlayer,
  pathOf,
  pauseClockSoon,
  registeredPlayer,
  test,
  text,
  useLanguage,
} from './fixtures';
import { type Adapter, outcomeActor, type Path, replayMachinePaths, type Snapshot, type Step } from './machine-replay';

/**
 * The game hall's machines, replayed as clicks (see machine-replay.ts): the springboard from the hall
 * into a game, and one visit to a studio machine (its game page on its own, as the frame shows it).
 *
 * Outcomes come from the real server: a machine another player took through the API first, a player
 * without coins, a machine that does not exist, a session signed out through the API while the hall was
 * open, a seat given back through the API before a round (the studio's next wallet call is refused), a
 * launch link the wallet does not know. A failed network is the only condition the test makes itself:
 * a request aborted before it leaves, or, for a round, its answer lost on the way back (the server
 * played it). The page's clock is paused and moved by the path's timers, so every delay is the
 * model's. Wins are the studio's to draw: the checks never depend on a round's win.
 */

const locale = 'en-US';
const password = 'Machine-Paths-7q';
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, key, values);
const coins = (amount: number) => new Intl.NumberFormat(locale).format(amount);
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const offline = (message: string) => Object.assign(new Error(message), { code: 0 });
const refusal = (code: number) => Object.assign(new Error(`refused ${code}`), { code });

/** The outcome events of one actor in a path, with the index of the step each is. */
function outcomesOf(path: Path, actor: string) {
  return path.steps.flatMap((step, index) => (outcomeActor(step.event.type)?.[2] === actor ? [{ step, index }] : []));
}

const errorCode = (step: Step | undefined) => {
  const error = (step?.event as { error?: { code?: number } } | undefined)?.error;
  return error?.code ?? null;
};

/** Seats the walks took, given back after each test so the other specs find free machines. */
const seatedTokens: string[] = [];

test.afterEach(async ({ request }) => {
  const call = apiCaller(request, locale);
  for (const token of seatedTokens.splice(0)) {
    // A session the walk signed out has no seat to give back.
    await call('/v2/app/game/seat/release', {}, { token }).catch(() => {});
  }
});

/**
 * Takes a free machine of the kind through the API, trying them in random order: the other worker's
 * players take machines too, so one taken since the list was read is passed over.
 */
async function takeMachine(call: Call, token: string, which: { kind?: string; code?: string } = {}) {
  const hall = await call<HallGame[]>('/v2/app/game/machines', {}, { token });
  const free = hall
    .filter((game) => (which.kind ?? game.kind) === game.kind && (which.code ?? game.code) === game.code)
    .flatMap((game) =>
      game.machines.filter((machine) => machine.state === 'free').map((machine) => ({ game, machine })),
    )
    .sort(() => Math.random() - 0.5);
  for (const choice of free) {
    try {
      const launched = await call<{ url: string }>('/v2/app/game/launch', { machineId: choice.machine.id }, { token });
      seatedTokens.push(token);
      return { ...choice, url: new URL(launched.url) };
    } catch {
      // Taken since the list was read.
    }
  }
  throw new Error(`no free ${which.code ?? which.kind ?? ''} machine could be taken`);
}

/* ------------------------------------------------------------------ springboard */

/** The play the portal's reality check shows and sends the page. */
const playSummary: PlaySummary = {
  startedAt: '2026-01-01T00:00:00.000Z',
  minutes: 60,
  bets: 1_200,
  wins: 900,
  net: -300,
  realityCheckMinutes: 60,
};

const launch: Launch = {
  url: 'http://studio/play',
  gameCode: 'sakura-sevens',
  gameName: 'Sakura Sevens',
  machineNumber: 1,
};

interface SpringboardWalk {
  token: string;
  /** The frame's page, held until the path says it has loaded, so `launching` lasts as long as the path needs. */
  frame: Route | null;
  frameReleased: boolean;
}
const springboardWalks = new WeakMap<Page, SpringboardWalk>();

/** The session is signed out elsewhere (another device): the page's next call finds it ended. */
async function signOutElsewhere(request: APIRequestContext, token: string) {
  await apiCaller(request, locale)('/v2/app/auth/logout', {}, { token });
}

function springboardUnsupported(step: Step): string | null {
  const { event } = step;
  if (errorCode(step) === 403 && event.type === 'xstate.error.actor.launchGame')
    return 'a frozen account’s session is refused (402, the session ends) before the launch reads the account; a time-out’s refusal needs the server’s player protection, not merged yet';
  if (event.type.startsWith('realityCheck.') || event.type.startsWith('xstate.after.realityCheck'))
    return 'a check comes after an hour of play on a clock this replay does not pause on the springboard';
  return null;
}

const springboardAdapter: Adapter = {
  machine: springboardMachine,
  events: [
    { type: 'game.loaded' },
    { type: 'leave' },
    { type: 'seat.retry' },
    { type: 'xstate.done.actor.launchGame', output: launch },
    { type: 'xstate.error.actor.launchGame', error: refusal(409) },
    { type: 'xstate.error.actor.launchGame', error: refusal(422) },
    { type: 'xstate.error.actor.launchGame', error: refusal(403) },
    { type: 'xstate.error.actor.launchGame', error: refusal(404) },
    { type: 'xstate.error.actor.launchGame', error: refusal(401) },
    { type: 'xstate.error.actor.launchGame', error: offline('Failed to fetch') },
    { type: 'xstate.done.actor.releaseSeat', output: { released: true } },
    { type: 'xstate.error.actor.releaseSeat', error: offline('Failed to fetch') },
    { type: 'realityCheck.keepPlaying' },
    { type: 'realityCheck.done' },
    { type: 'xstate.done.actor.playSummary', output: playSummary },
    { type: 'xstate.error.actor.playSummary', error: offline('Failed to fetch') },
    { type: 'xstate.after.realityCheck.springboard.playing.timing' },
  ] as EventObject[],
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.launch !== null,
      (snapshot.context as { realityCheck: unknown }).realityCheck !== null,
    ]),
  unsupported: springboardUnsupported,
  inFlight: ['requestingSeat', 'leaving', { playing: 'readingInterval' }, { playing: 'fetchingSummary' }],
  calls: {
    launchGame: '/v2/app/game/launch',
    releaseSeat: '/v2/app/game/seat/release',
    playSummary: '/v2/app/protection/play-summary',
  },
  networkFailures: ['launchGame', 'releaseSeat', 'playSummary'],
  isNetworkFailure: (step) => errorCode(step) === 0,
  async start({ page, request, path }) {
    const call = apiCaller(request, locale);
    const launches = outcomesOf(path, 'launchGame');
    const last = launches.at(-1)?.step;
    // What the last launch of the path must be answered decides the player and the machine.
    const answer = last?.event.type === 'xstate.done.actor.launchGame' ? 200 : errorCode(last);
    let machineId = 999_999_999;
    let token: string;
    if (answer === 200 || answer === 409) {
      token = (await fundedPlayer(request, call, password)).token;
      // The player's own seat, taken first, is theirs again when the page asks; a rival's is refused.
      const seatHolder = answer === 409 ? (await fundedPlayer(request, call, password)).token : token;
      machineId = (await takeMachine(call, seatHolder)).machine.id;
    } else {
      token = (await registeredPlayer(request, call, password)).token;
      if (answer === 422) {
        const hall = await call<HallGame[]>('/v2/app/game/machines', {}, { token });
        machineId = hall[0]!.machines[0]!.id;
      }
    }
    const walk: SpringboardWalk = { token, frame: null, frameReleased: false };
    springboardWalks.set(page, walk);
    await page.route('**/studio/play?**', (route) => {
      if (walk.frameReleased) return route.continue();
      walk.frame = route;
    });
    await useLanguage(page, locale);
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    if (answer === 401) {
      // From the hall, where the player sits while the session is signed out elsewhere.
      await page.goto('/amigo');
      const play = page.getByRole('link', { name: new RegExp(`^${say('hall:machine.play')}`) }).first();
      await expect(play).toBeVisible();
      if (launches.length === 1) await signOutElsewhere(request, token);
      await play.click();
    } else {
      await page.goto(`/amigo-springboard?machine=${machineId}`);
    }
  },
  async perform({ page, request, path }, step, index) {
    const { event } = step;
    const walk = springboardWalks.get(page)!;
    if (event.type === 'seat.retry') {
      if (errorCode(path.steps[index + 1]) === 401) await signOutElsewhere(request, walk.token);
      await page.getByRole('button', { name: say('hall:springboard.launchFailed.retry') }).click();
    } else if (event.type === 'leave') {
      await page.getByRole('button', { name: say('hall:springboard.leave') }).click();
      walk.frameReleased = true;
      // The frame is gone: its page is no longer waited for.
      await walk.frame?.continue().catch(() => {});
    } else if (event.type === 'game.loaded') {
      walk.frameReleased = true;
      await expect.poll(() => walk.frame !== null).toBe(true);
      await walk.frame!.continue();
    }
  },
  async check({ page }, snapshot) {
    const alertTitled = (key: string) => page.getByRole('alert').getByText(say(`hall:springboard.${key}.title`));
    const value = selectSpringboardStage(snapshot as never);
    switch (value) {
      case 'launching':
        await expect(page.getByText(say('hall:springboard.launching'))).toBeVisible();
        await expect(page.locator('iframe')).toHaveCount(1);
        return;
      case 'playing':
        await expect(page.getByText(say('hall:springboard.launching'))).toHaveCount(0);
        await expect(page.locator('iframe')).toHaveCount(1);
        await expect(page.getByRole('button', { name: say('hall:springboard.leave') })).toBeVisible();
        if (selectRealityCheck(snapshot as never))
          await expect(page.getByRole('dialog', { name: say('hall:springboard.realityCheck.title') })).toBeVisible();
        else await expect(page.getByRole('dialog')).toHaveCount(0);
        return;
      case 'left':
        await expect.poll(() => pathOf(page)).toBe('/amigo');
        expect(new URL(page.url()).searchParams.get('game')).not.toBeNull();
        return;
      case 'sessionEnded':
        // The site signs the player out and goes home; the sign-in dialog offers to come back.
        await expect.poll(() => pathOf(page)).toBe('/');
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByRole('banner').getByRole('button', { name: say('auth.login') })).toBeVisible();
        return;
      case 'machineTaken':
      case 'notEnoughCoins':
      case 'machineNotFound':
      case 'launchFailed':
        await expect(alertTitled(value)).toBeVisible();
        return;
    }
  },
};

/* ------------------------------------------------------------------ studioRound */

const stakes = [20, 40, 100, 200, 400, 1000];
const fairness = { serverSeedHash: 'a'.repeat(64), nextServerSeedHash: 'c'.repeat(64), clientSeed: 'player', nonce: 0 };
/** The balance the page opens with lies in [300, 700): the least stake is always affordable, the greatest never. */
const session: StudioSession = {
  sessionToken: 'from the studio',
  game: {
    code: 'sakura-sevens',
    kind: 'slot',
    mechanic: 'lines',
    volatility: 'medium',
    name: 'Sakura Sevens',
    stakes,
    rtpBasisPoints: 9600,
  },
  machineNumber: 1,
  currency: 'COIN',
  balance: 600,
  fairness,
  resumedRound: null,
};
const round = (status: StudioRound['status'] = 'settled'): StudioRound => ({
  id: 'from the studio',
  nonce: 0,
  stake: 20,
  win: 0,
  status,
  outcome: { totalBet: 20, totalWin: 0, steps: [] },
  playedAt: '2026-01-01T00:00:00.000Z',
});
const played: PlayedRound = { round: round(), balance: 580, fairness };
/** The player's first visit to the game: the server seeds are committed, no client seed is chosen yet. */
const firstVisit: StudioSession = { ...session, fairness: { ...fairness, clientSeed: null } };
const clientSeedSet: ClientSeedSet = { fairness };
const seedRotation: SeedRotation = {
  revealed: { serverSeed: 'a'.repeat(64), serverSeedHash: 'b'.repeat(64), roundsPlayed: 0 },
  fairness,
};
const roundState = 'studioRound.session.round';
const timers: Record<string, number> = {
  [`xstate.after.resultAnimation.${roundState}.showingResult.animating`]: 1_800,
  [`xstate.after.winShow.${roundState}.showingResult.winShown`]: 1_500,
  [`xstate.after.autoSpinPause.${roundState}.idle`]: 600,
  [`xstate.after.reconnectDelay.${roundState}.connectionLost`]: 2_000,
};
/** Chromium's message for a fetch that got no answer, which the page shows as the studio's sentence. */
const noAnswer = 'Failed to fetch';

const studioEvents = [
  { type: 'open.retry' },
  { type: 'stake.changed', stake: 20 },
  { type: 'stake.changed', stake: 1000 },
  { type: 'round.spin' },
  { type: 'result.skip' },
  { type: 'connection.retry' },
  // `field` names the dialog's field filled besides the count, and tells the replays apart.
  { type: 'auto.start', settings: { count: 10, lossLimit: null, singleWinAbove: null } },
  { type: 'auto.start', field: 'lossLimit', settings: { count: 10, lossLimit: 1, singleWinAbove: null } },
  { type: 'auto.start', field: 'singleWinAbove', settings: { count: 10, lossLimit: null, singleWinAbove: 0 } },
  { type: 'auto.start', field: 'singleWin', settings: { count: 10, lossLimit: null, singleWinAbove: 100 } },
  { type: 'auto.stop' },
  { type: 'fairness.setClientSeed', clientSeed: 'lucky-7' },
  { type: 'fairness.setClientSeed', clientSeed: 'has space' },
  { type: 'fairness.rotate' },
  { type: 'notice.dismiss' },
  { type: 'session.leave' },
  { type: 'realityCheck.show', summary: playSummary },
  { type: 'realityCheck.keepPlaying' },
  { type: 'realityCheck.leave' },
  { type: 'realityCheck.closed' },
  { type: 'xstate.done.actor.openSession', output: session },
  { type: 'xstate.done.actor.openSession', output: firstVisit },
  { type: 'xstate.done.actor.openSession', output: { ...session, resumedRound: round('rolledBack') } },
  { type: 'xstate.error.actor.openSession', error: offline(noAnswer) },
  { type: 'xstate.error.actor.openSession', error: refusal(401) },
  { type: 'xstate.done.actor.playRound', output: played },
  { type: 'xstate.error.actor.playRound', error: offline(noAnswer) },
  { type: 'xstate.error.actor.playRound', error: refusal(402) },
  { type: 'xstate.error.actor.playRound', error: refusal(422) },
  { type: 'xstate.error.actor.playRound', error: Object.assign(refusal(403), { reason: 'lossLimit' }) },
  { type: 'xstate.done.actor.resumeRound', output: { round: round(), balance: 580, fairness } },
  { type: 'xstate.done.actor.resumeRound', output: { round: null, balance: 600, fairness } },
  { type: 'xstate.error.actor.resumeRound', error: offline(noAnswer) },
  { type: 'xstate.error.actor.resumeRound', error: refusal(402) },
  { type: 'xstate.done.actor.setClientSeed', output: clientSeedSet },
  { type: 'xstate.error.actor.setClientSeed', error: offline(noAnswer) },
  { type: 'xstate.error.actor.setClientSeed', error: refusal(402) },
  { type: 'xstate.done.actor.rotateSeed', output: seedRotation },
  { type: 'xstate.error.actor.rotateSeed', error: offline(noAnswer) },
  { type: 'xstate.error.actor.rotateSeed', error: refusal(402) },
  ...Object.keys(timers).map((type) => ({ type })),
] as EventObject[];

const inRound = (snapshot: Snapshot, round: unknown) => snapshot.matches({ session: { round } });

function studioUnsupported(step: Step, previous: Snapshot): string | null {
  const { event } = step;
  const code = errorCode(step);
  if (event.type.startsWith('realityCheck.'))
    return 'the reality check comes from the portal’s page framing the game; this replay opens the game page on its own';
  if (event.type === 'xstate.error.actor.playRound' && code === 403)
    return 'a limit the player set refuses the bet only once reached, which this replay does not arrange';
  if (event.type === 'xstate.done.actor.openSession' && (event.output as StudioSession).resumedRound)
    return 'a round left open needs a wallet that did not answer the studio; the portal’s wallet always answers';
  if (event.type === 'auto.start' && event.field === 'singleWin')
    return 'a win is the studio’s to draw from its secret seed: a path cannot ask for one';
  if (event.type === 'xstate.error.actor.playRound' && code === 422)
    return 'the page checks the stake against the balance it was told; the studio refuses only coins spent elsewhere meanwhile';
  if ((event.type === 'xstate.error.actor.setClientSeed' || event.type === 'xstate.error.actor.rotateSeed') && code)
    return 'seed changes ask the studio alone, which ends its sessions only after idling for its own time';
  if (event.type === 'auto.start' && !inRound(previous, 'idle'))
    return 'auto-spin is set up from idle only: elsewhere its button is disabled or not shown';
  if (event.type === 'round.spin' && previous.matches({ session: { autoSpin: 'on' } }))
    return 'spin is disabled while auto-spin plays';
  if (event.type === 'notice.dismiss' && inRound(previous, 'idle') && previous.context.notice === null)
    return 'without a notice there is nothing to close';
  if (event.type === 'stake.changed' && inRound(previous, 'insufficientCoins') && event.stake === 1000)
    return 'only stakes within the balance are offered there';
  return null;
}

interface StudioWalk {
  token: string | null;
  machineId: number;
  /** How each play request of the path is answered: passed on, aborted, or played with its answer lost. */
  plays: ('answer' | 'abort' | 'loseAnswer')[];
}
const studioWalks = new WeakMap<Page, StudioWalk>();

/**
 * How each play request is failed, told by what the path says the reconnection finds: the round
 * (the server played it, its answer was lost) or nothing (the request never left).
 */
function playAnswers(path: Path): StudioWalk['plays'] {
  return outcomesOf(path, 'playRound').map(({ step, index }) => {
    if (step.event.type === 'xstate.done.actor.playRound' || errorCode(step) !== 0) return 'answer';
    const resumed = path.steps
      .slice(index + 1)
      .find((later) => later.event.type === 'xstate.done.actor.resumeRound' || later.event.type.includes('playRound'));
    const found =
      resumed?.event.type === 'xstate.done.actor.resumeRound' && (resumed.event.output as { round: unknown }).round;
    return found ? 'loseAnswer' : 'abort';
  });
}

/** Whether the path opens the game on the player's first visit to it, before any client seed is chosen. */
const opensFirstVisit = (path: Path) =>
  outcomesOf(path, 'openSession').some(
    ({ step }) =>
      step.event.type === 'xstate.done.actor.openSession' &&
      (step.event.output as StudioSession).fairness.clientSeed === null,
  );

/**
 * Brings the player's coins into [300, 700) with rounds played through the studio's API in a session
 * of their own on a machine, as another tab of the player's would, choosing a client seed there
 * first; on a machine of the other game when the walk's game must stay unvisited.
 */
async function spendDown(request: APIRequestContext, call: Call, token: string, machineId: number) {
  const { url } = await call<{ url: string }>('/v2/app/game/launch', { machineId }, { token });
  const launchToken = new URL(url).searchParams.get('token');
  const studio = async <T>(path: string, body: unknown, sessionToken?: string) => {
    const response = await request.post(path, {
      data: body,
      headers: sessionToken ? { 'studio-session': sessionToken } : {},
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    expect(envelope.code, `${path}: ${envelope.msg}`).toBe(200);
    return envelope.data;
  };
  const opened = await studio<StudioSession>('/studio/api/session/open', { launchToken });
  if (opened.fairness.clientSeed === null) {
    await studio(
      '/studio/api/fairness/client-seed',
      { clientSeed: `tab-${runId}`, serverSeedHash: opened.fairness.serverSeedHash },
      opened.sessionToken,
    );
  }
  let balance = opened.balance;
  while (balance >= 700) {
    const stake = opened.game.stakes.filter((offered) => offered <= balance - 300).at(-1)!;
    const answer = await studio<{ balance: number }>(
      '/studio/api/round/play',
      { stake, roundKey: crypto.randomUUID() },
      opened.sessionToken,
    );
    balance = answer.balance;
  }
}

/** Arranges what the server will answer to the call the step after `index` settles. */
async function arrangeStudioOutcome(request: APIRequestContext, walk: StudioWalk, next: Step | undefined) {
  const type = next?.event.type ?? '';
  const seatGone =
    (type === 'xstate.error.actor.playRound' || type === 'xstate.error.actor.resumeRound') && errorCode(next) === 402;
  if (seatGone && walk.token) {
    // The seat given back (from another tab): the studio's next wallet call finds the session ended.
    await apiCaller(request, locale)('/v2/app/game/seat/release', {}, { token: walk.token });
  }
}

const studioAdapter: Adapter = {
  machine: studioRoundMachine,
  events: studioEvents,
  serializeState: (snapshot) => {
    const { auto, stake, endReason, notice, roundOrigin } = snapshot.context as {
      auto: { settings: unknown; played: number; stopReason: string | null };
      stake: number;
      endReason: string | null;
      notice: { key?: string } | null;
      roundOrigin: string;
    };
    const active = snapshot.matches({ session: { autoSpin: 'on' } });
    const showing = inRound(snapshot, 'showingResult');
    return JSON.stringify([
      snapshot.value,
      stake,
      active ? [auto.settings, auto.played] : auto.stopReason,
      endReason,
      notice ? (notice.key ?? 'text') : null,
      showing ? roundOrigin : null,
    ]);
  },
  unsupported: studioUnsupported,
  inFlight: [
    'opening',
    { session: { round: 'awaitingResult' } },
    { session: { round: 'reconnecting' } },
    { session: { round: 'settingClientSeed' } },
    { session: { round: 'rotatingSeed' } },
  ],
  calls: {
    openSession: '/studio/api/session/open',
    playRound: '/studio/api/round/play',
    resumeRound: '/studio/api/round/resume',
    setClientSeed: '/studio/api/fairness/client-seed',
    rotateSeed: '/studio/api/fairness/rotate',
  },
  networkFailures: ['openSession', 'resumeRound', 'setClientSeed', 'rotateSeed'],
  isNetworkFailure: (step) => errorCode(step) === 0,
  async start({ page, request, path }) {
    const call = apiCaller(request, locale);
    const walk: StudioWalk = { token: null, machineId: 0, plays: playAnswers(path) };
    studioWalks.set(page, walk);
    await page.route('**/studio/api/round/play', async (route) => {
      const answer = walk.plays.shift() ?? 'answer';
      if (answer === 'abort') return route.abort('failed');
      if (answer === 'answer') return route.continue();
      await route.fetch();
      return route.abort('failed');
    });
    const opens = outcomesOf(path, 'openSession');
    let address: URL;
    if (opens.some(({ step }) => errorCode(step) === 401)) {
      // A link whose token the wallet does not know (used up, mistyped): no player is needed.
      address = new URL('/studio/play?token=unknown-launch-token&game=sakura-sevens&machine=1', 'http://studio');
    } else {
      walk.token = (await fundedPlayer(request, call, password, 1_000)).token;
      const firstVisitToSlot = opensFirstVisit(path);
      if (firstVisitToSlot)
        await spendDown(
          request,
          call,
          walk.token,
          (await takeMachine(call, walk.token, { kind: 'pachinko' })).machine.id,
        );
      // The model plays Sakura Sevens' stakes.
      const taken = await takeMachine(call, walk.token, { code: 'sakura-sevens' });
      walk.machineId = taken.machine.id;
      if (!firstVisitToSlot) await spendDown(request, call, walk.token, walk.machineId);
      const { url } = await call<{ url: string }>(
        '/v2/app/game/launch',
        { machineId: walk.machineId },
        { token: walk.token },
      );
      address = new URL(url);
    }
    address.searchParams.set('lang', locale);
    await page.clock.install();
    await page.goto(`${address.pathname}${address.search}`);
    // From here on the timers move only when the path says their time has passed; nothing waits yet.
    await pauseClockSoon(page, 1000);
    await arrangeStudioOutcome(request, walk, path.steps[1]);
  },
  async perform({ page, request, path }, step, index) {
    const { event } = step;
    const walk = studioWalks.get(page)!;
    await arrangeStudioOutcome(request, walk, path.steps[index + 1]);
    const button = (key: string) => page.getByRole('button', { name: say(`studio:${key}`), exact: true });
    const fairnessPanel = async () => {
      const details = page.locator('details');
      if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
        await page.getByText(say('studio:fairness.title')).click();
    };
    if (event.type in timers) {
      await page.clock.runFor(timers[event.type]!);
    } else if (outcomeActor(event.type)) {
      // The call's answer was awaited by the replay.
    } else if (event.type === 'open.retry' || event.type === 'connection.retry') {
      await button('retry').click();
    } else if (event.type === 'stake.changed') {
      await page.getByRole('button', { name: coins(Number(event.stake)), exact: true }).click();
    } else if (event.type === 'round.spin') {
      await button('spin').click();
    } else if (event.type === 'result.skip') {
      await button('skip').click();
    } else if (event.type === 'auto.start') {
      await button('auto.open').click();
      const dialog = page.getByRole('dialog', { name: say('studio:auto.title') });
      await dialog.getByRole('button', { name: '10', exact: true }).click();
      const settings = event.settings as { lossLimit: number | null; singleWinAbove: number | null };
      if (settings.lossLimit !== null)
        await dialog.getByLabel(say('studio:auto.lossLimit')).fill(String(settings.lossLimit));
      if (settings.singleWinAbove !== null)
        await dialog.getByLabel(say('studio:auto.singleWinAbove')).fill(String(settings.singleWinAbove));
      await dialog.getByRole('button', { name: say('studio:auto.start') }).click();
    } else if (event.type === 'auto.stop') {
      await page
        .getByRole('button', { name: new RegExp(say('studio:auto.stop', { count: '\\d+' }).replace(/[()]/g, '\\$&')) })
        .click();
    } else if (event.type === 'fairness.setClientSeed') {
      await fairnessPanel();
      await page.getByLabel(say('studio:fairness.clientSeed')).fill(String(event.clientSeed));
      await button('fairness.setClientSeed').click();
    } else if (event.type === 'fairness.rotate') {
      await fairnessPanel();
      await button('fairness.rotate').click();
    } else if (event.type === 'notice.dismiss') {
      await button('dismiss').click();
    } else if (event.type === 'session.leave') {
      await button('leave').click();
    }
  },
  async check({ page }, snapshot) {
    if (studioAdapter.inFlight.some((value) => snapshot.matches(value))) return;
    const stage = selectStudioStage(snapshot as never);
    const context = snapshot.context as {
      endReason: string | null;
      notice: { key: string } | { text: string } | null;
      stake: number;
      roundOrigin: string;
    };
    if (stage === 'openFailed') {
      await expect(page.getByRole('alert')).toHaveText(say('studio:openFailed'));
      return;
    }
    if (stage === 'protectionRefused') {
      await expect(page.getByRole('heading', { name: say('studio:protection.title') })).toBeVisible();
      await expect(page.getByRole('alert')).not.toBeEmpty();
      await expect(page.getByRole('button', { name: say('studio:backToHall') })).toBeVisible();
      return;
    }
    if (stage === 'sessionEnded') {
      await expect(page.getByRole('status')).toHaveText(say(`studio:ended.${context.endReason}`));
      await expect(page.getByRole('button', { name: say('studio:backToHall') })).toBeVisible();
      return;
    }
    // The reels' window names its own motion: it lands, then shows each step, while the machine says stopping.
    const motions = { turning: 'turning', stopping: 'stopping|landing|shown', still: 'still|shown' } as const;
    await expect(page.locator('[data-motion]')).toHaveAttribute(
      'data-motion',
      new RegExp(`^(${motions[selectReelMotion(snapshot as never)]})$`),
    );
    const spin = page.getByRole('button', { name: say('studio:spin'), exact: true });
    const auto = selectAutoSpin(snapshot as never);
    if (stage === 'idle' || stage === 'showingResult') {
      if (selectCanSpin(snapshot as never)) await expect(spin).toBeEnabled();
      else await expect(spin).toBeDisabled();
      if (auto.active)
        await expect(
          page.getByRole('button', { name: say('studio:auto.stop', { count: auto.remaining }) }),
        ).toBeVisible();
    }
    // How many rounds it played is the page's own count: paths reaching the same state may differ there.
    if (stage === 'idle' && auto.stopReason) {
      const [before, after] = say(`studio:auto.stopped.${auto.stopReason}`, { played: '\u0000' }).split('\u0000');
      await expect(page.getByRole('status').filter({ hasText: `${before}` })).toContainText(after!);
    }
    const notice = context.notice;
    const noticeText = notice ? ('key' in notice ? say(`studio:notice.${notice.key}`) : notice.text) : null;
    if (noticeText) await expect(page.getByRole('alert').filter({ hasText: noticeText })).toBeVisible();
    if (stage === 'idle' && !noticeText) await expect(page.getByRole('alert')).toHaveCount(0);
    if (stage === 'showingResult') {
      const shown = snapshot.matches({ session: { round: { showingResult: 'winShown' } } });
      const result = page.getByRole('status').filter({ hasText: /./ });
      await expect(page.getByRole('button', { name: say('studio:skip') })).toBeVisible();
      if (!shown) await expect(result).toHaveCount(0);
      else if (context.roundOrigin === 'resumed')
        await expect(result.first()).toContainText(say('studio:result.resumed', { result: '' }).trim());
      else await expect(result.first()).toBeVisible();
    }
    if (stage === 'insufficientCoins') {
      const [before] = say('studio:insufficient', { stake: coins(context.stake), balance: '\u0000' }).split('\u0000');
      await expect(page.getByRole('alert')).toContainText(before!);
      await expect(page.getByRole('button', { name: coins(1000), exact: true })).toHaveCount(0);
    }
    if (stage === 'connectionLost') await expect(page.getByRole('alert')).toContainText(say('studio:connectionLost'));
  },
};

replayMachinePaths({ springboard: springboardAdapter, studioRound: studioAdapter }, runId, 90_000);
