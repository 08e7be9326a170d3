import type { ChainAdapter } from '@server/adapters/chain';
import { type ChainNetwork, chainNetworks } from '@server/shared/chain-addresses';
import type { PlayerDeps } from '@server/shared/player-deps';
import type { Logger } from 'pino';
import { watchDeposits } from './watcher';

/** Never look more often than this, whatever a network's block time. */
const minLookMs = 1_000;
/** The periodic job runs every minute anyway. */
const maxLookMs = 60_000;

export interface ChainFollower {
  stop(): Promise<void>;
}

/**
 * Runs the deposit watcher as soon as a network has a new block, so a deposit shows from its first
 * block and its confirmations count up block by block (requirements §16.6), where the minutely
 * `crypto-watcher` job alone left it unseen for most of a minute. Every process follows: the
 * watcher is safe to run in any number of processes at once, and a look that finds no new block
 * costs one height read per network.
 */
export function followChain(deps: PlayerDeps, chain: ChainAdapter, logger: Logger): ChainFollower {
  const networks = Object.keys(chainNetworks) as ChainNetwork[];
  const lookMs = Math.min(
    maxLookMs,
    Math.max(minLookMs, Math.min(...networks.map((network) => chain.blockIntervalMs(network))) / 2),
  );
  const seen = new Map<ChainNetwork, number>();
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const look = async () => {
    let moved = false;
    for (const network of networks) {
      const height = await chain.height(network);
      if (seen.get(network) !== height) moved = true;
      seen.set(network, height);
    }
    if (moved) await watchDeposits(deps);
  };
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = look()
        .catch((error: unknown) => logger.warn({ err: error }, 'following the chain failed; trying again'))
        .finally(next);
    }, lookMs);
  };
  next();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
