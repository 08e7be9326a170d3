/** What the composition root wires of crypto: its edges (keys, chain), the deposit watcher's job and the chain's follower. */
export { followChain } from './chain-follower';
export { type CryptoOptions, setUpCrypto } from './crypto-setup';
export { watchDeposits } from './watcher';
