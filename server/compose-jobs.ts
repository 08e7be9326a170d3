import type { PlayerDeps } from '@server/shared/player-deps';
import type { SandboxPay } from './adapters/sandbox-pay';
import type { JobQueue } from './job-queue';
import { settleDueCommissions } from './modules/agent/setup';
import { runAuthHousekeeping } from './modules/auth/setup';
import { watchDeposits } from './modules/crypto/setup';
import type { GameDeps } from './modules/hall/public';
import { deleteExpiredLaunchTokens, releaseIdleSeats } from './modules/hall/setup';
import { writeEventLetter } from './modules/letters/setup';
import type { MailDelivery } from './modules/mail/public';
import { resumePayouts } from './modules/withdrawal/setup';

/**
 * Background work runs as jobs in whichever process takes them first (job-queue.ts). The queue
 * looks at the schedules every 30 to 60 s and adds a job whose time came within the last minute,
 * so now and then a turn is missed; each periodic job catches up on the next.
 */
export async function scheduleBackgroundJobs(
  jobs: JobQueue,
  services: { mail: MailDelivery; player: PlayerDeps; games: GameDeps; sandboxPay: SandboxPay | null },
) {
  const { mail, player, games, sandboxPay } = services;
  const { db, clock } = player;
  if (mail.deliverable) await jobs.work('mail', ({ mailId }) => mail.deliver(mailId));
  await jobs.work('station-letter', (letter) => writeEventLetter(db, clock, letter));
  await jobs.every('accounts-housekeeping', '*/15 * * * *', () => runAuthHousekeeping({ db, clock }));
  await jobs.every('payout-resume', '* * * * *', async () => void (await resumePayouts(player)));
  await jobs.every('game-seats-housekeeping', '* * * * *', async () => {
    await releaseIdleSeats({ db, clock }, games.times.seatIdleMs);
    await deleteExpiredLaunchTokens({ db, clock });
  });
  // Japan's midnight is 15:00 UTC: the run at 15:10 settles the day just ended.
  await jobs.every('agent-commission', '10 * * * *', async () => void (await settleDueCommissions({ db, clock })));
  if (player.crypto.chain) await jobs.every('crypto-watcher', '* * * * *', () => watchDeposits(player));
  if (sandboxPay)
    await jobs.every('sandbox-pay-callbacks', '* * * * *', async () => void (await sandboxPay.deliverPending()));
}
