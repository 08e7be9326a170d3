/** The API under /v2 (and the provider callbacks and wallet beside it): body limits, XSRF, the caller's session, every route. */
import { adminLogin } from '@contract/admin';
import { login, login3, loginWithAppKey, registerUser } from '@contract/auth';
import { chainSandboxPath } from '@contract/crypto';
import { endpoints } from '@contract/endpoints';
import { maxKycSubmissionBytes, submitKyc } from '@contract/kyc';
import { Hono } from 'hono';
import { sandboxBasePath } from './adapters/sandbox-pay';
import type { AppDeps } from './app-deps';
import { bodyLimit } from './body-limit';
import { type AppEnv, mountContract, type Route } from './contract-router';
import { ApiError } from './errors';
import { accountTransferRoutes } from './modules/account-transfer/routes';
import { adminRoutes } from './modules/admin/routes';
import { agentRoutes } from './modules/agent/routes';
import { appAccessRoutes } from './modules/app-access/routes';
import { deviceRecognition } from './modules/auth/public';
import { authRoutes } from './modules/auth/routes';
import { bankRoutes } from './modules/bank/routes';
import { contentRoutes } from './modules/content/routes';
import { cryptoRoutes } from './modules/crypto/routes';
import { depositRoutes, payCallbackHandler, payCallbackPath, payCallbackPrefix } from './modules/deposit/routes';
import { gameRoutes } from './modules/hall/routes';
import { kycPhotoHandler, kycPhotoPath, kycRoutes } from './modules/kyc/routes';
import { stationRoutes } from './modules/letters/routes';
import { protectionRoutes } from './modules/protection/routes';
import { mountPushStream } from './modules/push/routes';
import { recordRoutes } from './modules/record/routes';
import { supportRoutes } from './modules/support/routes';
import { userRoutes } from './modules/user/routes';
import { walletBasePath, walletRoutes } from './modules/wallet/routes';
import { withdrawalRoutes } from './modules/withdrawal/routes';
import { buildOpenApiDocument, mountApiReference } from './openapi';
import type { StandardHeaders } from './response-headers';
import { xsrfProtection } from './xsrf';

const jsonBodyLimitBytes = 1024 * 1024;

export function apiRoutes(deps: AppDeps, standardHeaders: StandardHeaders): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const limitBody = (maxSize: number) =>
    bodyLimit({
      maxSize,
      onError: (c) => {
        // The rest of the body stays unread and the socket is dropped: tell the client not to reuse it.
        c.header('Connection', 'close');
        throw new ApiError(413, 'error.bodyTooLarge');
      },
    });
  const jsonBodyLimit = limitBody(jsonBodyLimitBytes);
  // Identity photos are the one large upload.
  const kycBodyLimit = limitBody(maxKycSubmissionBytes);
  api.use((c, next) => (c.req.path === submitKyc.path ? kycBodyLimit : jsonBodyLimit)(c, next));
  api.use(
    xsrfProtection({
      secret: deps.config.xsrfSecret,
      secure: deps.config.production,
      // Provider callbacks and wallet calls carry their own signatures; the sandbox provider plays an
      // outside site, and the chain sandbox plays the chain (neither is served in production).
      exempt: (requestPath) =>
        requestPath.startsWith(payCallbackPrefix) ||
        requestPath.startsWith(`${chainSandboxPath}/`) ||
        requestPath.startsWith(`${sandboxBasePath}/`) ||
        requestPath.startsWith(`${walletBasePath}/`),
    }),
  );
  // Sign-ins record the device they come from, for the risk checks beside a payout.
  const recogniseDevice = deviceRecognition({ secure: deps.config.production });
  for (const signIn of [login, loginWithAppKey, login3, registerUser, adminLogin])
    api.use(signIn.path, recogniseDevice);
  api.use(async (c, next) => {
    const token = c.req.header('token');
    if (token) c.set('principal', await deps.resolvePrincipal(token));
    await next();
  });
  // A cheap call that hands out the XSRF cookie to clients that have none yet.
  api.get('/v2/xsrf', (c) => c.body(null, 204));
  api.post(payCallbackPath, payCallbackHandler(deps.player));
  api.get(kycPhotoPath, kycPhotoHandler(deps.player));
  api.route(walletBasePath, walletRoutes(deps.games));
  mountPushStream(api, { hub: deps.push, resolvePrincipal: deps.resolvePrincipal });
  mountApiReference(api, buildOpenApiDocument(endpoints));
  mountContract(api, endpoints, contractRoutes(deps), standardHeaders);
  api.all('/v2/*', () => {
    throw new ApiError(404, 'error.notFound');
  });
  return api;
}

/** Every contract endpoint's route, from each module. */
function contractRoutes(deps: AppDeps): Route[] {
  return [
    ...contentRoutes(deps),
    ...authRoutes(deps.auth),
    ...agentRoutes(deps.player),
    ...userRoutes(deps.player),
    ...appAccessRoutes(deps.auth, deps.player),
    ...kycRoutes(deps.player),
    ...bankRoutes(deps.player),
    ...depositRoutes(deps.player),
    ...withdrawalRoutes(deps.player),
    ...cryptoRoutes(deps.player),
    ...recordRoutes(deps.player),
    ...stationRoutes(deps.player),
    ...gameRoutes(deps.games),
    ...adminRoutes(deps.auth, deps.player),
    ...supportRoutes({ ...deps.player, mail: deps.auth.mail, translator: deps.i18n.translator }),
    ...accountTransferRoutes(deps.accountTransfer),
    ...protectionRoutes(deps.player),
  ];
}
