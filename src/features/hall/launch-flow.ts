import { gameLaunch, gameSeatRelease } from '@contract/hall';
import { type PlaySummary, playSummaryQuery } from '@contract/protection';
import { roundSettledMessage } from '@contract/studio';
import {
  type GameFrameMessage,
  type Launch,
  type SpringboardEvent,
  springboardMachine,
} from '@machines/hall-launch.machine';
import type { SessionEvent } from '@machines/session.machine';
import type { QueryClient } from '@tanstack/react-query';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { api } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { showBalance } from '../user/use-account-refresh';
import { hallQueryOptions } from './queries';

/** Where the springboard for a machine is: the sign-in dialog continues there. */
export function springboardHref(machineId: number): string {
  return `/amigo-springboard?machine=${machineId}`;
}

/**
 * The springboard with the real calls. Refusals are shown by the machine's views, so the calls are
 * quiet; the game's name comes from the hall's list (already in the cache when the player came from
 * the hall).
 */
export function springboardLogic(deps: {
  queryClient: QueryClient;
  session: { send(event: SessionEvent): void };
  goToHall(gameCode: string | null): void;
  refreshAccount(): void;
  /** The game's frame as it is now (none before it is shown). */
  gameFrame(): HTMLIFrameElement | null;
}) {
  return springboardMachine.provide({
    actors: {
      launchGame: fromPromise<Launch, { machineId: number }>(async ({ input }) => {
        const launched = await api.call(gameLaunch, input, { silent: true });
        const hall = await deps.queryClient.ensureQueryData(hallQueryOptions(currentLanguage())).catch(() => []);
        const game = hall.find((entry) => entry.code === launched.gameCode);
        return {
          url: launched.url,
          gameCode: launched.gameCode,
          gameName: game?.name ?? launched.gameCode,
          machineNumber: launched.machineNumber,
        };
      }),
      releaseSeat: fromPromise<unknown>(() => api.call(gameSeatRelease, {}, { silent: true })),
      playSummary: fromPromise<PlaySummary>(() => api.call(playSummaryQuery, {}, { silent: true })),
    },
    actions: {
      hallChanged: () =>
        void deps.queryClient.invalidateQueries({ queryKey: hallQueryOptions(currentLanguage()).queryKey }),
      coinsMayHaveMoved: () => deps.refreshAccount(),
      balanceSettled: (_, { balance }) => showBalance(deps, balance),
      askToSignIn: (_, { machineId }) =>
        deps.session.send({
          type: 'authDialog.show',
          view: 'login',
          target: springboardHref(machineId),
        }),
      returnToHall: (_, { gameCode }) => deps.goToHall(gameCode),
      tellGame: (_, message) => tellGameFrame(deps.gameFrame(), message),
    },
  });
}

/** The frame's page, when it is of our own origin (the studio's); a third party's is told nothing. */
function ownFrameWindow(frame: HTMLIFrameElement | null): Window | null {
  if (!frame?.contentWindow) return null;
  const origin = new URL(frame.src, window.location.href).origin;
  return origin === window.location.origin ? frame.contentWindow : null;
}

export function tellGameFrame(frame: HTMLIFrameElement | null, message: GameFrameMessage): void {
  ownFrameWindow(frame)?.postMessage(message, window.location.origin);
}

/** The springboard's event for a message from the game's frame (our own origin only); null for anything else. */
export function gameFrameEvent(message: MessageEvent, frame: HTMLIFrameElement | null): SpringboardEvent | null {
  const own = ownFrameWindow(frame);
  if (!own || message.origin !== window.location.origin || message.source !== own) return null;
  const type = (message.data as { type?: unknown } | null)?.type;
  if (type === 'realityCheckDone') return { type: 'realityCheck.done' };
  if (type === 'studio.closed') return { type: 'leave' };
  const settled = v.safeParse(roundSettledMessage, message.data);
  if (settled.success) return { type: 'game.roundSettled', balance: settled.output.balance };
  return null;
}
