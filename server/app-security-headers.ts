import type { AppDeps } from './app-deps';
import { createStandardHeaders, type StandardHeaders } from './response-headers';

const googleIdentityOrigin = 'https://accounts.google.com';

/** The security headers every answer carries, with the content security policy this configuration needs. */
export function createAppStandardHeaders({ auth, games, config }: AppDeps): StandardHeaders {
  // Google's sign-in button is its own script and frame; it is allowed only when Google is configured.
  const google = auth.providers.google ? [googleIdentityOrigin] : [];
  // The springboard frames the game page of whichever provider the launch names (our own studio
  // included), and the hall shows the providers' pictures (docs/requirements.md §10.10).
  const { frames, images } = games.origins;
  return createStandardHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...google],
      // Mantine sets style attributes at run time; scripts stay strict.
      styleSrc: ["'self'", "'unsafe-inline'", ...google],
      imgSrc: ["'self'", 'data:', 'blob:', ...images],
      connectSrc: ["'self'", ...google],
      frameSrc: ["'self'", ...frames, ...google],
      fontSrc: ["'self'", 'data:'],
      // The installable app's manifest and its service worker (/sw.js) are our own files.
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // Only our own pages may frame ours: the springboard frames the studio's game page.
      frameAncestors: ["'self'"],
    },
    strictTransportSecurity: config.production ? 'max-age=63072000; includeSubDomains' : null,
  });
}
