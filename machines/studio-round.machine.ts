/**
 * studioRound: one visit to a machine of the studio's game page, from the launch token to leaving
 * (docs/requirements.md §11).
 *
 * States:
 * - opening: the launch token is redeemed for the studio's session (game, machine, balance, fairness,
 *   and any round the last visit left open, now settled or rolled back). A first visit has no client
 *   seed yet: the page chooses one at once, after the server seeds' commitments were shown.
 * - openFailed: no answer came; the same token may be tried again while it is still valid.
 * - session (parallel), the game on screen: `turbo.toggle` switches turbo at any time in it (the
 *   result animates in at most 600 ms instead of 1.5 s, the win is shown shorter); leaving tells the
 *   studio, which ends the session and reveals its server seed.
 *   - round: one round at a time.
 *     - idle: choosing the stake; spin, seed changes and auto-spin start here. While auto-spin runs,
 *       `autoSpinPause` after entering idle spins again by itself.
 *     - awaitingResult: the round is in flight. The roundKey made by the press is kept, so every retry
 *       of this press asks for the same round and money moves once.
 *     - showingResult.animating: reels turning to their drawn stops, or balls falling, for
 *       `resultAnimation`; the balance shown does not include the win yet. A tap skips it.
 *     - showingResult.winShown: the win (or the resumed round's ending) shown for `winShow`.
 *     - insufficientCoins: the stake is more than the balance; a smaller stake or going back.
 *     - connectionLost: no answer about the round; after `reconnectDelay` (or a tap) we ask again.
 *     - reconnecting: resumeRound with the same roundKey: the round, brought to its end (won or
 *       rolled back) and shown as resumed, or nothing when it never started.
 *     - settingClientSeed: the player's client seed (or, on a first visit or after a resumed round
 *       without one, one of the page's own) sent for the active server seed, by the hash shown.
 *     - rotatingSeed: the active server seed revealed and the committed next one taken, with a new
 *       client seed of the page's own, sent with the next seed's hash as shown.
 *   - autoSpin: off or on. On counts the rounds played and the net loss since it started, and stops
 *     by itself at the count, before a round that could take the loss past the limit, after a single
 *     win above the chosen amount, when the round region stops (no coins, no connection), or when
 *     the reality check is shown.
 *   - realityCheck: hidden or shown. The portal around the game sends its reality check (the play
 *     since the play session began); shown, it stops auto-spin and spin until the player keeps
 *     playing (the portal is told) or the portal's own check was closed; leaving from it leaves.
 * - protectionRefused: the player's own protection (a limit, a time-out, an exclusion) refused the
 *   bet: nothing was booked, auto-spin is over, and the page says which and leads back to the hall.
 * - sessionEnded (final): left for the hall, or the studio ended the session (expired, refused
 *   token); the page offers the way back to the hall.
 */

import type { StudioRound } from '@contract/studio';
import { isClientSeed } from '@games/provably-fair';
import { and, assign, fromPromise, not, type SnapshotFrom, setup, stateIn } from 'xstate';
import { answerMissing } from './call-refusals';
import {
  type AutoSpinStopReason,
  autoCountReached,
  autoLossLimitReached,
  autoSingleWinReached,
  idleAuto,
  validAutoSettings,
} from './studio-round-auto-spin';
import type {
  ClientSeedRequest,
  ClientSeedSet,
  PlayedRound,
  PlayRoundRequest,
  ResumedRound,
  ResumeRoundRequest,
  RotateSeedRequest,
  SeedChange,
  SeedRotation,
  StudioSession,
} from './studio-round-calls';
import {
  errorOf,
  freshClientSeed,
  initialContext,
  protectionRefusalOf,
  protectionStopped,
  refusalText,
  roundPlayed,
  roundResumed,
  type StudioRoundContext,
  type StudioRoundEvent,
  type StudioRoundInput,
  seedChanged,
  sessionGone,
  sessionOpened,
} from './studio-round-context';
import { countUpMs, winTierOf } from './studio-round-win-tier';

// The calls' types are part of the machine's interface: whoever provides its actors, tests included, names them here.
export type {
  ClientSeedRequest,
  ClientSeedSet,
  PlayedRound,
  PlayRoundRequest,
  ResumedRound,
  ResumeRoundRequest,
  RotateSeedRequest,
  SeedRotation,
  StudioSession,
};

/**
 * The longest a round's result animates, reels stopping or balls landing: a normal round at most
 * 1.5 s, a turbo round at most 0.6 s (the player chose to see rounds faster).
 */
export const resultAnimationLimitMs = { normal: 1_500, turbo: 600 } as const;
export const slotAnimationMs = resultAnimationLimitMs.normal;
/** Balls leave one after another, this far apart, and each takes ballFallMs to land (at normal speed). */
export const ballLaunchMs = 5;
export const ballFallMs = 1_000;
/** A turbo round runs every animation at this share of its normal time. */
const turboShare = resultAnimationLimitMs.turbo / resultAnimationLimitMs.normal;
/** How long the win is held, once counted up, before the next round may start. */
export const winShowMs = { normal: 1_500, turbo: 600 } as const;

/**
 * How long the round's win is shown: a big, mega or epic win's count-up, then the hold, so neither a
 * spin nor auto-play cuts a celebrated win short (the page counts it up as the reels stop).
 */
export function winShowDurationMs(round: StudioRound | null, turbo: boolean): number {
  const hold = turbo ? winShowMs.turbo : winShowMs.normal;
  if (!round || round.status === 'rolledBack') return hold;
  return countUpMs(winTierOf(round.win, round.stake), { turbo }) + hold;
}

/** The balls a round launched, when its title's outcome has them (a pachinko title). */
function ballsOf(round: StudioRound | null): number {
  const balls = round?.outcome.balls;
  return Array.isArray(balls) ? balls.length : 0;
}

/**
 * How long the reels turn or the balls fall for a round: the views time their CSS animations with
 * it, so the win appears when the last reel stops or the last ball lands.
 */
export function resultAnimationMs(round: StudioRound | null, turbo = false): number {
  const balls = ballsOf(round);
  const normal =
    balls === 0 ? slotAnimationMs : Math.min(resultAnimationLimitMs.normal, ballFallMs + balls * ballLaunchMs);
  return turbo ? Math.round(normal * turboShare) : normal;
}

/**
 * How a seed change ends, set or rotated alike: the new fairness shown (with the server seed a
 * rotation revealed), or the refusal; a session the studio ended ends the visit.
 */
const seedChangeOutcomes = {
  onDone: {
    target: 'idle',
    actions: { type: 'storeSeedChange', params: ({ event }: { event: { output: SeedChange } }) => event.output },
  },
  onError: [
    { guard: 'sessionGone', target: '#studioRound.sessionEnded', actions: 'sessionExpired' },
    { target: 'idle', actions: 'refused' },
  ],
} as const;

export const studioRoundMachine = setup({
  types: {
    context: {} as StudioRoundContext,
    events: {} as StudioRoundEvent,
    input: {} as StudioRoundInput,
  },
  actors: {
    openSession: fromPromise<StudioSession, { launchToken: string }>(async () => {
      throw new Error('openSession must be provided');
    }),
    playRound: fromPromise<PlayedRound, PlayRoundRequest>(async () => {
      throw new Error('playRound must be provided');
    }),
    resumeRound: fromPromise<ResumedRound, ResumeRoundRequest>(async () => {
      throw new Error('resumeRound must be provided');
    }),
    setClientSeed: fromPromise<ClientSeedSet, ClientSeedRequest>(async () => {
      throw new Error('setClientSeed must be provided');
    }),
    rotateSeed: fromPromise<SeedRotation, RotateSeedRequest>(async () => {
      throw new Error('rotateSeed must be provided');
    }),
  },
  delays: {
    resultAnimation: ({ context }) => resultAnimationMs(context.round, context.turbo),
    winShow: ({ context }) => winShowDurationMs(context.round, context.turbo),
    autoSpinPause: 600,
    reconnectDelay: 2_000,
  },
  actions: {
    newRoundKey: assign({ roundKey: () => crypto.randomUUID(), notice: null }),
    storeSession: assign((_, session: StudioSession) => sessionOpened(session)),
    showResumed: assign(({ context }, round: StudioRound) => roundResumed(context, round)),
    showPlayed: assign(({ context }, played: PlayedRound) => roundPlayed(context, played)),
    storeSeedChange: assign(({ context }, change: SeedChange) => seedChanged(context, change)),
    refused: assign(({ event }) => ({ notice: refusalText(errorOf(event)) })),
    sessionExpired: assign({ endReason: 'expired' as const, sessionToken: null }),
    stopAuto: assign(({ context }, stopReason: AutoSpinStopReason) => ({ auto: { ...context.auto, stopReason } })),
    storeProtection: assign(({ event }) => ({ protection: protectionStopped(errorOf(event)), roundKey: null })),
    showRealityCheck: assign(({ event }) => ({
      realityCheck: event.type === 'realityCheck.show' ? event.summary : null,
    })),
    hideRealityCheck: assign({ realityCheck: null }),
    /** Tells the portal around the game that the player keeps playing: its own check closes too. */
    realityCheckDone: () => {},
    /** Tells the portal around the game that the player leaves: it gives the seat back and returns to the hall. */
    toHall: () => {},
    /** Tells the studio the player left the machine: the session ends and its seed is revealed. */
    leaveSession: () => {},
  },
  guards: {
    /** These read the error event of the invoked call. */
    noAnswer: ({ event }) => answerMissing(errorOf(event)),
    sessionGone: ({ event }) => sessionGone(errorOf(event)),
    protectionRefused: ({ event }) => protectionRefusalOf(errorOf(event)) !== null,
    realityCheckShown: stateIn('#studioRound.session.realityCheck.shown'),
    stakeOffered: ({ context, event }) =>
      event.type === 'stake.changed' && (context.game?.stakes.includes(event.stake) ?? false),
    canAfford: ({ context }) => context.stake > 0 && context.stake <= context.balance,
    autoSpinning: stateIn('#studioRound.session.autoSpin.on'),
    autoSpinOff: stateIn('#studioRound.session.autoSpin.off'),
    autoSettingsValid: ({ event }) => event.type === 'auto.start' && validAutoSettings(event.settings),
    clientSeedValid: ({ event }) => event.type === 'fairness.setClientSeed' && isClientSeed(event.clientSeed),
    clientSeedMissing: ({ context }) => context.fairness?.clientSeed === null,
    autoCountReached: ({ context }) => autoCountReached(context.auto),
    autoLossLimitReached: ({ context }) => autoLossLimitReached(context.auto, context.stake),
    autoSingleWinReached: ({ context }) => autoSingleWinReached(context.auto),
    roundInterrupted: stateIn('#studioRound.session.round.insufficientCoins'),
    connectionInterrupted: stateIn('#studioRound.session.round.connectionLost'),
  },
}).createMachine({
  id: 'studioRound',
  context: ({ input }) => initialContext(input),
  initial: 'opening',
  states: {
    opening: {
      invoke: {
        id: 'openSession',
        src: 'openSession',
        input: ({ context }) => ({ launchToken: context.launchToken }),
        onDone: [
          {
            guard: ({ event }) => event.output.resumedRound !== null,
            target: 'session.round.showingResult',
            actions: [
              { type: 'storeSession', params: ({ event }) => event.output },
              { type: 'showResumed', params: ({ event }) => event.output.resumedRound as StudioRound },
            ],
          },
          {
            guard: ({ event }) => event.output.fairness.clientSeed === null,
            target: 'session.round.settingClientSeed',
            actions: { type: 'storeSession', params: ({ event }) => event.output },
          },
          { target: 'session', actions: { type: 'storeSession', params: ({ event }) => event.output } },
        ],
        onError: [
          { guard: 'noAnswer', target: 'openFailed' },
          { target: 'sessionEnded', actions: assign({ endReason: 'launchRefused' as const }) },
        ],
      },
    },
    openFailed: {
      on: { 'open.retry': { target: 'opening' } },
    },
    session: {
      type: 'parallel',
      on: {
        'session.leave': { target: 'sessionEnded', actions: [assign({ endReason: 'left' as const }), 'leaveSession'] },
        'turbo.toggle': { actions: assign({ turbo: ({ context }) => !context.turbo }) },
      },
      states: {
        round: {
          initial: 'idle',
          states: {
            idle: {
              after: {
                autoSpinPause: [
                  { guard: and(['autoSpinning', 'canAfford']), target: 'awaitingResult', actions: 'newRoundKey' },
                  { guard: 'autoSpinning', target: 'insufficientCoins' },
                ],
              },
              on: {
                'round.spin': [
                  {
                    guard: and(['canAfford', not('realityCheckShown')]),
                    target: 'awaitingResult',
                    actions: 'newRoundKey',
                  },
                  { guard: not('realityCheckShown'), target: 'insufficientCoins' },
                ],
                'stake.changed': {
                  guard: and(['stakeOffered', 'autoSpinOff']),
                  actions: assign({ stake: ({ event }) => event.stake, notice: null }),
                },
                // Entering idle again starts the pause before the first automatic round.
                'auto.start': {
                  guard: and(['autoSpinOff', 'autoSettingsValid']),
                  target: 'idle',
                  reenter: true,
                },
                'fairness.setClientSeed': [
                  {
                    guard: and(['clientSeedValid', 'autoSpinOff']),
                    target: 'settingClientSeed',
                  },
                  { guard: 'autoSpinOff', actions: assign({ notice: { key: 'clientSeedInvalid' } }) },
                ],
                'fairness.rotate': { guard: 'autoSpinOff', target: 'rotatingSeed' },
                'notice.dismiss': { actions: assign({ notice: null }) },
              },
            },
            awaitingResult: {
              invoke: {
                id: 'playRound',
                src: 'playRound',
                input: ({ context }) => ({
                  sessionToken: context.sessionToken ?? '',
                  stake: context.stake,
                  roundKey: context.roundKey ?? '',
                }),
                onDone: {
                  target: 'showingResult',
                  actions: { type: 'showPlayed', params: ({ event }) => event.output },
                },
                onError: [
                  { guard: 'noAnswer', target: 'connectionLost' },
                  { guard: 'protectionRefused', target: '#studioRound.protectionRefused', actions: 'storeProtection' },
                  {
                    guard: 'sessionGone',
                    target: '#studioRound.sessionEnded',
                    actions: 'sessionExpired',
                  },
                  // Refused (a stake not taken, a short balance): nothing was played; a new key next time.
                  {
                    target: 'idle',
                    actions: [assign({ roundKey: null }), 'refused'],
                  },
                ],
              },
            },
            showingResult: {
              initial: 'animating',
              states: {
                animating: {
                  after: { resultAnimation: { target: 'winShown' } },
                  on: { 'result.skip': { target: 'winShown' } },
                },
                // A round resumed from before the player had a client seed leaves the page to choose one.
                winShown: {
                  after: {
                    winShow: [
                      { guard: 'clientSeedMissing', target: '#studioRound.session.round.settingClientSeed' },
                      { target: '#studioRound.session.round.idle' },
                    ],
                  },
                  on: {
                    'result.skip': [
                      { guard: 'clientSeedMissing', target: '#studioRound.session.round.settingClientSeed' },
                      { target: '#studioRound.session.round.idle' },
                    ],
                  },
                },
              },
            },
            insufficientCoins: {
              on: {
                'stake.changed': {
                  guard: 'stakeOffered',
                  target: 'idle',
                  actions: assign({ stake: ({ event }) => event.stake }),
                },
                'notice.dismiss': { target: 'idle' },
              },
            },
            connectionLost: {
              after: { reconnectDelay: { target: 'reconnecting' } },
              on: { 'connection.retry': { target: 'reconnecting' } },
            },
            reconnecting: {
              invoke: {
                id: 'resumeRound',
                src: 'resumeRound',
                input: ({ context }) => ({
                  sessionToken: context.sessionToken ?? '',
                  roundKey: context.roundKey ?? '',
                }),
                onDone: [
                  {
                    guard: ({ event }) => event.output.round !== null,
                    target: 'showingResult',
                    actions: [
                      assign(({ event }) => ({ balance: event.output.balance, fairness: event.output.fairness })),
                      { type: 'showResumed', params: ({ event }) => event.output.round as StudioRound },
                    ],
                  },
                  // The press never reached the studio: nothing was bet.
                  {
                    target: 'idle',
                    actions: assign(({ event }) => ({
                      balance: event.output.balance,
                      fairness: event.output.fairness,
                      roundKey: null,
                      notice: { key: 'roundNotPlayed' as const },
                    })),
                  },
                ],
                onError: [
                  { guard: 'noAnswer', target: 'connectionLost' },
                  {
                    guard: 'sessionGone',
                    target: '#studioRound.sessionEnded',
                    actions: 'sessionExpired',
                  },
                  { target: 'connectionLost', actions: 'refused' },
                ],
              },
            },
            settingClientSeed: {
              invoke: {
                id: 'setClientSeed',
                src: 'setClientSeed',
                input: ({ context, event }) => ({
                  sessionToken: context.sessionToken ?? '',
                  clientSeed: event.type === 'fairness.setClientSeed' ? event.clientSeed : freshClientSeed(),
                  serverSeedHash: context.fairness?.serverSeedHash ?? '',
                }),
                ...seedChangeOutcomes,
              },
            },
            rotatingSeed: {
              invoke: {
                id: 'rotateSeed',
                src: 'rotateSeed',
                input: ({ context }) => ({
                  sessionToken: context.sessionToken ?? '',
                  clientSeed: freshClientSeed(),
                  nextServerSeedHash: context.fairness?.nextServerSeedHash ?? '',
                }),
                ...seedChangeOutcomes,
              },
            },
          },
        },
        autoSpin: {
          initial: 'off',
          states: {
            off: {
              on: {
                'auto.start': [
                  {
                    guard: 'autoSettingsValid',
                    target: 'on',
                    actions: assign(({ event }) => ({ auto: { ...idleAuto, settings: event.settings }, notice: null })),
                  },
                  { actions: assign({ notice: { key: 'autoSettingsInvalid' } }) },
                ],
              },
            },
            on: {
              always: [
                { guard: 'autoCountReached', target: 'off', actions: { type: 'stopAuto', params: 'count' } },
                { guard: 'autoSingleWinReached', target: 'off', actions: { type: 'stopAuto', params: 'singleWin' } },
                { guard: 'autoLossLimitReached', target: 'off', actions: { type: 'stopAuto', params: 'lossLimit' } },
                { guard: 'roundInterrupted', target: 'off', actions: { type: 'stopAuto', params: 'interrupted' } },
                { guard: 'connectionInterrupted', target: 'off', actions: { type: 'stopAuto', params: 'interrupted' } },
                { guard: 'realityCheckShown', target: 'off', actions: { type: 'stopAuto', params: 'realityCheck' } },
              ],
              on: { 'auto.stop': { target: 'off', actions: { type: 'stopAuto', params: 'stopped' } } },
            },
          },
        },
        realityCheck: {
          initial: 'hidden',
          states: {
            hidden: {
              on: { 'realityCheck.show': { target: 'shown', actions: 'showRealityCheck' } },
            },
            shown: {
              on: {
                'realityCheck.show': { actions: 'showRealityCheck' },
                'realityCheck.keepPlaying': { target: 'hidden', actions: ['hideRealityCheck', 'realityCheckDone'] },
                'realityCheck.closed': { target: 'hidden', actions: 'hideRealityCheck' },
                'realityCheck.leave': {
                  target: '#studioRound.sessionEnded',
                  actions: [assign({ endReason: 'left' as const, realityCheck: null }), 'leaveSession', 'toHall'],
                },
              },
            },
          },
        },
      },
    },
    protectionRefused: {
      on: {
        'session.leave': { target: 'sessionEnded', actions: [assign({ endReason: 'left' as const }), 'leaveSession'] },
      },
    },
    sessionEnded: { type: 'final' },
  },
});

export type StudioRoundSnapshot = SnapshotFrom<typeof studioRoundMachine>;

export type StudioStage =
  | 'opening'
  | 'openFailed'
  | 'sessionEnded'
  | 'protectionRefused'
  | 'idle'
  | 'awaitingResult'
  | 'showingResult'
  | 'insufficientCoins'
  | 'connectionLost'
  | 'reconnecting'
  | 'settingClientSeed'
  | 'rotatingSeed';

/** The view to show: the top state, or inside the session the round's state. */
export function selectStudioStage(snapshot: StudioRoundSnapshot): StudioStage {
  const { value } = snapshot;
  if (typeof value === 'string') return value as StudioStage;
  const round = (value as { session: { round: unknown } }).session.round;
  return (typeof round === 'string' ? round : 'showingResult') as StudioStage;
}

/** How the reels or balls move: turning while the answer is awaited, stopping on the drawn result, at rest. */
export function selectReelMotion(snapshot: StudioRoundSnapshot): 'turning' | 'stopping' | 'still' {
  if (snapshot.matches({ session: { round: 'awaitingResult' } })) return 'turning';
  if (snapshot.matches({ session: { round: 'connectionLost' } })) return 'turning';
  if (snapshot.matches({ session: { round: 'reconnecting' } })) return 'turning';
  if (snapshot.matches({ session: { round: { showingResult: 'animating' } } })) return 'stopping';
  return 'still';
}

/** The win is announced once the animation ends. */
export const selectWinShown = (snapshot: StudioRoundSnapshot) =>
  snapshot.matches({ session: { round: { showingResult: 'winShown' } } });

/** The balance as the player should see it: while the result animates, the win is not in it yet. */
export function selectShownBalance(snapshot: StudioRoundSnapshot): number {
  const { balance, round, roundOrigin } = snapshot.context;
  const animating = snapshot.matches({ session: { round: { showingResult: 'animating' } } });
  return animating && round && roundOrigin === 'played' ? balance - round.win : balance;
}

export const selectGame = (snapshot: StudioRoundSnapshot) => snapshot.context.game;
/** Whether rounds play in turbo: shorter animations, the player's choice for this visit. */
export const selectTurbo = (snapshot: StudioRoundSnapshot) => snapshot.context.turbo;
/** How long the round on show animates, at the speed chosen: the views time their animations with it. */
export const selectResultAnimationMs = (snapshot: StudioRoundSnapshot) =>
  resultAnimationMs(snapshot.context.round, snapshot.context.turbo);
export const selectMachineNumber = (snapshot: StudioRoundSnapshot) => snapshot.context.machineNumber;
export const selectSessionToken = (snapshot: StudioRoundSnapshot) => snapshot.context.sessionToken;
export const selectStake = (snapshot: StudioRoundSnapshot) => snapshot.context.stake;
export const selectRound = (snapshot: StudioRoundSnapshot) => snapshot.context.round;
export const selectRoundOrigin = (snapshot: StudioRoundSnapshot) => snapshot.context.roundOrigin;
export const selectHistory = (snapshot: StudioRoundSnapshot) => snapshot.context.history;
export const selectFairness = (snapshot: StudioRoundSnapshot) => snapshot.context.fairness;
export const selectRevealed = (snapshot: StudioRoundSnapshot) => snapshot.context.revealed;
export const selectNotice = (snapshot: StudioRoundSnapshot) => snapshot.context.notice;
export const selectEndReason = (snapshot: StudioRoundSnapshot) => snapshot.context.endReason;
export const selectProtection = (snapshot: StudioRoundSnapshot) => snapshot.context.protection;
/** The reality check's summary while it is shown. */
export const selectRealityCheck = (snapshot: StudioRoundSnapshot) =>
  snapshot.matches({ session: { realityCheck: 'shown' } }) ? snapshot.context.realityCheck : null;

/** The last round's win once it is shown: the win of a round still animating is not known yet. */
export function selectLastWin(snapshot: StudioRoundSnapshot): number {
  const { round } = snapshot.context;
  if (!round || snapshot.matches({ session: { round: { showingResult: 'animating' } } })) return 0;
  return round.win;
}

export function selectAutoSpin(snapshot: StudioRoundSnapshot) {
  const { auto } = snapshot.context;
  const active = snapshot.matches({ session: { autoSpin: 'on' } });
  return {
    active,
    remaining: active && auto.settings ? auto.settings.count - auto.played : 0,
    played: auto.played,
    netLoss: auto.netLoss,
    stopReason: active ? null : auto.stopReason,
  };
}

/** Spin is offered in idle only, and not while auto-spin plays for the player or the reality check is shown. */
export const selectCanSpin = (snapshot: StudioRoundSnapshot) =>
  snapshot.matches({ session: { round: 'idle', autoSpin: 'off', realityCheck: 'hidden' } });
