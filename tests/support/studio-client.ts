import type { Envelope } from '@contract/endpoint';
import { studioSessionHeader } from '@contract/studio';
import { expect } from 'vitest';
import { createStudioApp } from '../../studio/app';
import type { StudioDeps } from '../../studio/studio-deps';
import type { TestServer } from '../api/harness';
import { launchTokenOf, machinesOf } from './game-provider';
import type { TestPlayer } from './players';

export interface StudioAnswer<T> {
  status: number;
  body: Envelope & { data?: T };
}

/** Calls a studio over HTTP at `base` (the product's own address serves the embedded one). */
export type StudioCaller = <T = unknown>(
  path: string,
  body: unknown,
  options?: { session?: string; lang?: string },
) => Promise<StudioAnswer<T>>;

export function studioOver(fetchIt: (request: Request) => Response | Promise<Response>, base: string): StudioCaller {
  return async (path, body, options = {}) => {
    const response = await fetchIt(
      new Request(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept-language': options.lang ?? 'en-US',
          ...(options.session ? { [studioSessionHeader]: options.session } : {}),
        },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, body: (await response.json()) as StudioAnswer<never>['body'] };
  };
}

/** Another studio on the same tables and wallet (another process, or one whose network misbehaves). */
export async function anotherStudio(deps: StudioDeps, overrides: Partial<StudioDeps> = {}) {
  const app = await createStudioApp({ ...deps, schedule: async () => undefined, ...overrides });
  return studioOver((request) => app.fetch(request), 'http://studio.test');
}

let machineCursor = 0;

/** Seats the player at a machine of the game (freeing it first) and answers the launch token. */
export async function launchStudioGame(server: TestServer, player: TestPlayer, gameCode: string): Promise<string> {
  const machines = await machinesOf(server, player, gameCode);
  const machine = machines[machineCursor % machines.length];
  machineCursor += 1;
  await server.db.execute(`DELETE FROM game_seats WHERE machine_id = ${machine?.id}`);
  const launched = await server.call<{ url: string }>(
    '/v2/app/game/launch',
    { machineId: machine?.id },
    { token: player.token },
  );
  expect(launched.body, JSON.stringify(launched.body)).toMatchObject({ code: 200 });
  return launchTokenOf(launched.body.data?.url ?? '');
}
