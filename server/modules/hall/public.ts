/** What the game hall offers other modules: its deps, the wallet's tokens and user names, game images, rounds, the desk's game calls. */

export {
  deskGames,
  gameProfitDaily,
  gameRoundDetail,
  gameRounds,
  setGameEnabled,
  setMachineEnabled,
  setMachineSetting,
} from './desk';
export { type GameDeps, sessionTokenFor, tokenHash, userIdOfWalletUser, walletUserOf } from './game-deps';
export { gameImageUrl } from './hall';
export { roundVerifyUrl } from './providers';
