/** What the composition root wires of the game hall: its times, providers and keys, and the seats' housekeeping. */
export { defaultGameHallTimes, type GameHallTimes } from './game-deps';
export { deleteExpiredLaunchTokens, releaseIdleSeats } from './hall';
export {
  type GameHallOptions,
  gameProvidersConfig,
  providerOrigins,
  setUpGameHall,
  studioProviderId,
} from './providers';
