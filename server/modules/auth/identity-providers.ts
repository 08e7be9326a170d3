import type { Clock } from '@server/clock';
import type { IdentityProviderName } from '@server/db/schema/auth';
import { createRemoteJWKSet, errors, type JWTPayload, jwtVerify } from 'jose';

export interface OidcClientConfig {
  clientId: string;
  /** Accepted `iss` values. */
  issuers: string[];
  jwksUrl: string;
}

export interface LineClientConfig extends OidcClientConfig {
  channelSecret: string;
  tokenUrl: string;
  authorizeUrl: string;
  redirectUri: string;
}

/** A provider is offered only when it is configured. */
export interface IdentityProvidersConfig {
  google: OidcClientConfig | null;
  line: LineClientConfig | null;
}

/** Google writes its issuer with and without the scheme; a test issuer is taken as given. */
export function googleIssuers(issuer: string): string[] {
  return issuer === 'https://accounts.google.com' ? [issuer, 'accounts.google.com'] : [issuer];
}

export interface VerifiedIdentity {
  provider: IdentityProviderName;
  subject: string;
  /** Only an address the provider vouches for; accounts are linked by it. */
  verifiedEmail: string | null;
  name: string | null;
}

/** The token is forged, expired, for another client or from another issuer. */
export class IdentityRefused extends Error {}
/** The provider is not configured or could not be reached. */
export class IdentityProviderUnavailable extends Error {}

export interface IdentityVerifier {
  verify(provider: IdentityProviderName, token: string): Promise<VerifiedIdentity>;
}

/** jose errors that mean "this token is not acceptable", as opposed to "could not check". */
const refusalCodes = new Set([
  errors.JWTExpired.code,
  errors.JWTClaimValidationFailed.code,
  errors.JWTInvalid.code,
  errors.JWSInvalid.code,
  errors.JWSSignatureVerificationFailed.code,
  errors.JWKSNoMatchingKey.code,
  errors.JWKSMultipleMatchingKeys.code,
  errors.JOSEAlgNotAllowed.code,
  errors.JOSENotSupported.code,
]);

const providerTimeoutMs = 10_000;
/** Provider clocks drift a little; more than this and the token is refused. */
const clockToleranceSeconds = 30;

/**
 * Verifies ID tokens against the provider's published keys: signature, issuer, audience (our client
 * id) and expiry, at the time of the injected clock. For LINE the browser only holds the
 * authorization code; it is exchanged here, with the channel secret, for the ID token.
 */
export function createIdentityVerifier(config: IdentityProvidersConfig, clock: Clock): IdentityVerifier {
  const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  const keySetOf = (url: string) => {
    let keySet = keySets.get(url);
    if (!keySet) {
      keySet = createRemoteJWKSet(new URL(url), { timeoutDuration: providerTimeoutMs });
      keySets.set(url, keySet);
    }
    return keySet;
  };

  async function verifyIdToken(client: OidcClientConfig, idToken: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(idToken, keySetOf(client.jwksUrl), {
        issuer: client.issuers,
        audience: client.clientId,
        algorithms: ['RS256', 'ES256'],
        currentDate: clock.now(),
        clockTolerance: clockToleranceSeconds,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError && refusalCodes.has(error.code)) throw new IdentityRefused(error.code);
      throw new IdentityProviderUnavailable(error instanceof Error ? error.message : String(error));
    }
  }

  async function exchangeLineCode(line: LineClientConfig, code: string): Promise<string> {
    let response: Response;
    try {
      response = await fetch(line.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: line.redirectUri,
          client_id: line.clientId,
          client_secret: line.channelSecret,
        }),
        signal: AbortSignal.timeout(providerTimeoutMs),
      });
    } catch (error) {
      throw new IdentityProviderUnavailable(error instanceof Error ? error.message : String(error));
    }
    // 400 is the provider's answer to an unknown, used or expired code; anything else is its trouble.
    if (response.status === 400 || response.status === 401)
      throw new IdentityRefused(`token endpoint ${response.status}`);
    if (!response.ok) throw new IdentityProviderUnavailable(`token endpoint ${response.status}`);
    const body = (await response.json().catch(() => null)) as { id_token?: unknown } | null;
    if (!body || typeof body.id_token !== 'string')
      throw new IdentityProviderUnavailable('token endpoint sent no id_token');
    return body.id_token;
  }

  const stringClaim = (payload: JWTPayload, name: string) => {
    const value = payload[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  };
  /** The subject is stored and compared as given, so it must be text PostgreSQL can hold. */
  const subjectOf = (payload: JWTPayload) => {
    const subject = payload.sub;
    if (typeof subject !== 'string' || subject === '' || subject.length > 255 || /[\x00-\x1f\x7f]/.test(subject)) {
      throw new IdentityRefused('unusable sub claim');
    }
    return subject;
  };

  return {
    async verify(provider, token) {
      if (provider === 'google') {
        if (!config.google) throw new IdentityProviderUnavailable('google is not configured');
        const payload = await verifyIdToken(config.google, token);
        return {
          provider,
          subject: subjectOf(payload),
          verifiedEmail: payload.email_verified === true ? stringClaim(payload, 'email') : null,
          name: stringClaim(payload, 'name'),
        };
      }
      if (!config.line) throw new IdentityProviderUnavailable('line is not configured');
      const payload = await verifyIdToken(config.line, await exchangeLineCode(config.line, token));
      return {
        provider,
        subject: subjectOf(payload),
        // LINE returns only an address its user has confirmed with LINE and has no email_verified claim.
        verifiedEmail: stringClaim(payload, 'email'),
        name: stringClaim(payload, 'name'),
      };
    },
  };
}
