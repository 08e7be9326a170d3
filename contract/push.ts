import * as v from 'valibot';
import { amount } from './money';

/**
 * The push channel (docs/architecture.md §14): `GET` this path with the player's `TOKEN` header
 * answers a stream of server-sent events for as long as the session lasts. The long-lived token
 * never goes in a URL: the page reads the stream with fetch, which sends headers (EventSource
 * cannot). A call without a player's session is refused with the usual envelope (401, or 403 for
 * an operator's session).
 */
export const pushStreamPath = '/v2/app/push/stream';

/**
 * What a stream says, one server-sent event each (its `event` names the kind, its `data` is JSON):
 * `ready` once it listens (what changed before may have been missed: fetch everything again),
 * `balance` the spendable balance after a move, `letters` a letter arrived or was read,
 * `cryptoDeposits` a crypto deposit was seen or moved on, `refetch` notifications may have been
 * missed (a gap) so every pushed value must be fetched again.
 */
export const pushEvent = v.variant('kind', [
  v.object({ kind: v.literal('ready') }),
  v.object({ kind: v.literal('balance'), balance: amount }),
  v.object({ kind: v.literal('letters') }),
  v.object({ kind: v.literal('cryptoDeposits') }),
  v.object({ kind: v.literal('refetch') }),
]);
export type PushEvent = v.InferOutput<typeof pushEvent>;
