import * as v from 'valibot';
import { gameKinds } from './content';
import { emptyBody, endpoint, isoDateTime, rowId } from './endpoint';

export const machineStates = ['free', 'yours', 'occupied'] as const;
export type MachineState = (typeof machineStates)[number];

const hallMachine = v.object({
  id: v.number(),
  /** The number shown on the machine (台番号), from 1 within its game. */
  number: v.number(),
  state: v.picklist(machineStates),
});

const hallGame = v.object({
  id: v.number(),
  code: v.string(),
  kind: v.picklist(gameKinds),
  /** In the request's language. */
  name: v.string(),
  /** The return to player the provider states, in basis points; null when not stated. */
  rtpBasisPoints: v.nullable(v.number()),
  machines: v.array(hallMachine),
});
export type HallGame = v.InferOutput<typeof hallGame>;

export const gameHall = endpoint({
  path: '/v2/app/game/machines',
  access: 'user',
  summary: 'The hall: every playable game with its machines, each free, yours or occupied',
  body: emptyBody,
  data: v.array(hallGame),
});

export const gameLaunch = endpoint({
  path: '/v2/app/game/launch',
  access: 'user',
  summary: 'Take a machine’s seat (leaving any other) and get the provider’s launch URL with a single-use launch token',
  body: v.object({ machineId: rowId('validation.machine') }),
  data: v.object({
    /** Open this to play: the provider's address with the launch token, machine and language. */
    url: v.string(),
    /** The launch token must be redeemed by the provider before this. */
    expiresAt: isoDateTime,
    gameCode: v.string(),
    machineNumber: v.number(),
  }),
});

export const gameSeatRelease = endpoint({
  path: '/v2/app/game/seat/release',
  access: 'user',
  summary: 'Leave the machine the player sits at (nothing to do when none)',
  body: emptyBody,
  data: v.object({ released: v.boolean() }),
});
