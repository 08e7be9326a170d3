import { type PushEvent, pushStreamPath } from '@contract/push';
import type { AppEnv, ResolvePrincipal } from '@server/contract-router';
import { ApiError } from '@server/errors';
import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { PushHub } from './service';

export interface PushStreamTimes {
  /** A comment this often keeps proxies from closing a quiet stream, and checks the session is still open. */
  heartbeatMs: number;
}

export const defaultPushStreamTimes: PushStreamTimes = { heartbeatMs: 20_000 };

/**
 * `GET /v2/app/push/stream` (contract/push.ts): the player's events as server-sent events. Only a
 * player's session opens one (the TOKEN header, as every call; never a token in the URL). It ends
 * when the client goes, when the process stops, or at the first heartbeat after the session ended
 * (signed out, frozen, expired): the page then asks again, and is refused.
 */
export function mountPushStream(
  api: Hono<AppEnv>,
  deps: { hub: PushHub; resolvePrincipal: ResolvePrincipal; times?: PushStreamTimes },
) {
  const times = deps.times ?? defaultPushStreamTimes;
  api.get(pushStreamPath, (c) => {
    const principal = c.get('principal');
    if (!principal) throw new ApiError(401, 'error.unauthorised');
    if (principal.isOperator) throw new ApiError(403, 'error.forbidden');
    const token = c.req.header('token') as string;
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      let finish = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      // Events go out one after another, in the order the database sent them.
      let queue = Promise.resolve();
      const write = (event: PushEvent) => {
        queue = queue.then(() => stream.writeSSE({ event: event.kind, data: JSON.stringify(event) }));
      };
      const unsubscribe = deps.hub.subscribe(principal.userId, { send: write, end: finish });
      stream.onAbort(finish);
      write({ kind: 'ready' });
      const heartbeat = setInterval(() => {
        void deps.resolvePrincipal(token).then(
          (current) => {
            if (current?.sessionId !== principal.sessionId) finish();
            else queue = queue.then(() => stream.write(': heartbeat\n\n').then(() => undefined));
          },
          () => finish(),
        );
      }, times.heartbeatMs);
      try {
        await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        await queue;
      }
    });
  });
}
