import type { SandboxPay } from '@server/adapters/sandbox-pay';
import { isDatabaseUnavailable } from '@server/db/client';
import type { PlayerDeps } from '@server/shared/player-deps';
import type { Logger } from 'pino';
import { resumePayouts } from '../draw/service';

const defaultIntervalMs = 30_000;

/**
 * Retries in every process (the work is claimed row by row, so processes do not collide):
 * payouts of approved withdrawals left unsent, and the sandbox provider's unacknowledged callbacks.
 */
export function startMoneyBackgroundWork(
  deps: { player: PlayerDeps; sandboxPay: SandboxPay | null; logger: Logger },
  intervalMs = defaultIntervalMs,
) {
  let running: Promise<void> | null = null;
  const runOnce = async () => {
    await resumePayouts(deps.player);
    await deps.sandboxPay?.deliverPending();
  };
  const timer = setInterval(() => {
    if (running) return;
    running = runOnce()
      .catch((error: unknown) =>
        deps.logger[isDatabaseUnavailable(error) ? 'warn' : 'error']({ err: error }, 'money background work failed'),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
