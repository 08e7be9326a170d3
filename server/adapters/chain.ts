import type { ChainNetwork } from '@server/shared/chain-addresses';

/** One transaction output paying one of our addresses. */
export interface ChainOutput {
  txHash: string;
  outputIndex: number;
  coin: string;
  toAddress: string;
  /** Base units of the coin. */
  amount: bigint;
  blockHeight: number;
}

export interface ChainPayout {
  /** Ours, unique per payout: asking again with it never sends twice. */
  reference: string;
  network: ChainNetwork;
  coin: string;
  toAddress: string;
  amount: bigint;
}

/** The chain could not be reached: the outcome is unknown, ask again later. */
export class ChainUnavailable extends Error {}

/**
 * What the watcher and the payouts need of a chain (docs/architecture.md §13). The embedded
 * simulator implements it over our database; a node or indexer of each network would implement
 * it the same way.
 */
export interface ChainAdapter {
  /** About how long the network takes to add a block: what a confirmation takes, for estimates and for following the chain. */
  blockIntervalMs(network: ChainNetwork): number;
  /** The newest block's height. */
  height(network: ChainNetwork): Promise<number>;
  /** Outputs paying any of `addresses` in blocks from `fromHeight` on. */
  outputsTo(network: ChainNetwork, addresses: readonly string[], fromHeight: number): Promise<ChainOutput[]>;
  /** The block an output is in, or null when it is no longer on chain (a reorganisation dropped it). */
  blockOf(network: ChainNetwork, txHash: string, outputIndex: number): Promise<number | null>;
  /** Sends a payout once per reference and answers its transaction hash. */
  payout(payout: ChainPayout): Promise<{ txHash: string }>;
}
