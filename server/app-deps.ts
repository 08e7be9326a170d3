import type { PlayerDeps } from '@server/shared/player-deps';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import type { SandboxPay } from './adapters/sandbox-pay';
import type { Clock } from './clock';
import type { AppEnv, ResolvePrincipal } from './contract-router';
import type { Database } from './db/client';
import type { ServerI18n } from './i18n';
import type { AccountTransferDeps } from './modules/account-transfer/setup';
import type { AuthDeps } from './modules/auth/public';
import type { PublicContentCache } from './modules/content/setup';
import type { GameDeps } from './modules/hall/public';
import type { PushHub } from './modules/push/public';

export interface AppConfig {
  production: boolean;
  publicUrl: string;
  /** The built SPA (dist/); null when the SPA is served by Vite in development. */
  staticDir: string | null;
  xsrfSecret: string;
}

/** What the app answers with: every service, built by compose.ts. */
export interface AppDeps {
  db: Database;
  contentCache: PublicContentCache;
  logger: Logger;
  clock: Clock;
  i18n: ServerI18n;
  config: AppConfig;
  resolvePrincipal: ResolvePrincipal;
  auth: AuthDeps;
  player: PlayerDeps;
  accountTransfer: AccountTransferDeps;
  games: GameDeps;
  /** The open push streams of this process (docs/architecture.md §14). */
  push: PushHub;
  /** The embedded sandbox payment provider, when it is served. */
  sandboxPay: SandboxPay | null;
  /** The chain simulator's sandbox routes, served outside production only. */
  chainSandbox: Hono<AppEnv> | null;
  /** The embedded game studio's own API, answering `/studio/api/*` (studio/app.ts). */
  studioApi: { fetch(request: Request): Response | Promise<Response> };
  /** Set once the process has begun to shut down. */
  lifecycle: { stopping: boolean };
}
