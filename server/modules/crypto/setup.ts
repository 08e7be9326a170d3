/** What the composition root wires of crypto: its edges (keys, chain) and the deposit watcher's job. */
export { type CryptoOptions, setUpCrypto } from './crypto-setup';
export { watchDeposits } from './watcher';
