import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export interface IdTokenOptions {
  /** The instant the token is issued at; expiry is an hour later unless `expiresAt` says otherwise. */
  now: Date;
  expiresAt?: Date;
  audience?: string;
  issuer?: string;
  /** 'forged' signs with a key that is not in the provider's key set, under the real key's id. */
  key?: 'own' | 'forged';
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A tiny OpenID provider on loopback with its own RSA keys: a JWKS at /jwks and, for the LINE
 * flow, a token endpoint at /token that trades single-use authorization codes for ID tokens after
 * checking client id, client secret and redirect URI. Tokens are real RS256 JWTs.
 */
export async function startIdentityProvider(options: {
  clientId: string;
  clientSecret?: string;
  redirectUri?: string;
}) {
  const keyId = `test-key-${randomBytes(4).toString('hex')}`;
  const own = await generateKeyPair('RS256', { extractable: true });
  const forged = await generateKeyPair('RS256', { extractable: true });
  const publicJwk = { ...(await exportJWK(own.publicKey)), kid: keyId, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, string>();
  const tokenRequests: Record<string, string>[] = [];

  const server = createServer((request, response) => {
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method === 'GET' && request.url === '/jwks') return answer(200, { keys: [publicJwk] });
    if (request.method === 'POST' && request.url === '/token') {
      void readBody(request).then((text) => {
        const form = Object.fromEntries(new URLSearchParams(text));
        tokenRequests.push(form);
        const idToken = form.code ? codes.get(form.code) : undefined;
        const clientOk =
          form.client_id === options.clientId &&
          form.client_secret === options.clientSecret &&
          form.redirect_uri === options.redirectUri &&
          form.grant_type === 'authorization_code' &&
          request.headers['content-type'] === 'application/x-www-form-urlencoded';
        if (!clientOk || !idToken || !form.code) return answer(400, { error: 'invalid_grant' });
        codes.delete(form.code);
        return answer(200, {
          access_token: randomBytes(16).toString('hex'),
          token_type: 'Bearer',
          expires_in: 2592000,
          scope: 'profile openid email',
          id_token: idToken,
        });
      });
      return;
    }
    answer(404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function signIdToken(claims: JWTPayload & { sub: string }, tokenOptions: IdTokenOptions): Promise<string> {
    const issuedAt = Math.floor(tokenOptions.now.getTime() / 1000);
    const expiresAt = Math.floor(
      (tokenOptions.expiresAt ?? new Date(tokenOptions.now.getTime() + 3600_000)).getTime() / 1000,
    );
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: keyId, typ: 'JWT' })
      .setIssuer(tokenOptions.issuer ?? issuer)
      .setAudience(tokenOptions.audience ?? options.clientId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(tokenOptions.key === 'forged' ? forged.privateKey : own.privateKey);
  }

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    tokenUrl: `${issuer}/token`,
    clientId: options.clientId,
    tokenRequests,
    signIdToken,
    /** An authorization code the token endpoint will trade once for an ID token with these claims. */
    async issueAuthorizationCode(claims: JWTPayload & { sub: string }, tokenOptions: IdTokenOptions): Promise<string> {
      const code = randomBytes(12).toString('base64url');
      codes.set(code, await signIdToken(claims, tokenOptions));
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type TestIdentityProvider = Awaited<ReturnType<typeof startIdentityProvider>>;
