import type { PushEvent } from '@contract/push';
import type { ChannelSubscription, DatabaseHandle } from '@server/db/client';
import type { Logger } from 'pino';
import * as v from 'valibot';

/** The channel push_notify_player (migration 0036) announces a player's changes on. */
const playerPushChannel = 'player_push';

const notification = v.variant('kind', [
  v.object({ kind: v.literal('balance'), userId: v.number(), balance: v.number() }),
  v.object({ kind: v.picklist(['letters', 'cryptoDeposits']), userId: v.nullable(v.number()) }),
]);

/** One open stream: what it is sent, and how it is ended. */
export interface PushSubscriber {
  send(event: PushEvent): void;
  end(): void;
}

export interface PushHub {
  /** Hands the player's events to `subscriber` until the returned function is called. */
  subscribe(userId: number, subscriber: PushSubscriber): () => void;
  /** Ends every open stream (the process is stopping); none opens afterwards. */
  endStreams(): void;
  readonly streams: number;
  close(): Promise<void>;
}

/**
 * The process's one listener on `player_push`, handing each notification to the streams of the
 * player it names (a letter to everyone: to every stream). The database sends it in the
 * transaction of the change, so whichever process made the change, every process serving one of
 * the player's pages hears it. When notifications may have been missed (the listening connection
 * dropped) every stream is told to fetch everything again.
 */
export async function createPushHub(database: DatabaseHandle, logger: Logger): Promise<PushHub> {
  const streamsOfUser = new Map<number, Set<PushSubscriber>>();
  let ended = false;
  const everyStream = () => [...streamsOfUser.values()].flatMap((streams) => [...streams]);

  const deliver = (payload: string) => {
    let parsed: v.InferOutput<typeof notification>;
    try {
      parsed = v.parse(notification, JSON.parse(payload));
    } catch {
      logger.warn({ payload }, 'push notification not understood');
      return;
    }
    const event: PushEvent =
      parsed.kind === 'balance' ? { kind: 'balance', balance: parsed.balance } : { kind: parsed.kind };
    const streams = parsed.userId === null ? everyStream() : [...(streamsOfUser.get(parsed.userId) ?? [])];
    for (const stream of streams) stream.send(event);
  };

  const subscription: ChannelSubscription = await database.listen(playerPushChannel, {
    onNotification: deliver,
    onGap: () => {
      for (const stream of everyStream()) stream.send({ kind: 'refetch' });
    },
  });

  const endStreams = () => {
    ended = true;
    for (const stream of everyStream()) stream.end();
    streamsOfUser.clear();
  };

  return {
    subscribe(userId, subscriber) {
      if (ended) {
        subscriber.end();
        return () => {};
      }
      const streams = streamsOfUser.get(userId) ?? new Set();
      streams.add(subscriber);
      streamsOfUser.set(userId, streams);
      return () => {
        streams.delete(subscriber);
        if (streams.size === 0 && streamsOfUser.get(userId) === streams) streamsOfUser.delete(userId);
      };
    },
    endStreams,
    get streams() {
      return everyStream().length;
    },
    async close() {
      endStreams();
      await subscription.close();
    },
  };
}
