/** What the composition root wires of auth: captchas, limits, identity providers, sessions, housekeeping. */

export { createSessionCache } from './cached-sessions';
export { createCaptchas, randomCaptchaText } from './captcha';
export { type AuthLimits, defaultAuthLimits, defaultSessionLifetimes } from './context';
export { runAuthHousekeeping } from './housekeeping';
export { createIdentityVerifier, googleIssuers, type IdentityProvidersConfig } from './identity-providers';
export { profileWatchMs } from './profile';
export { createPrincipalResolver, lastSeenResolutionMs } from './sessions';
