/** The seamless wallet game providers call, and where it is mounted. */
export { walletBasePath, walletRoutes } from './wallet';
