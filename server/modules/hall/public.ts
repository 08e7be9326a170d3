/** What the game hall offers other modules: its deps, the wallet's tokens and user names, game images, rounds. */
export { type GameDeps, sessionTokenFor, tokenHash, userIdOfWalletUser, walletUserOf } from './game-deps';
export { gameImageUrl } from './hall';
export { roundVerifyUrl } from './providers';
