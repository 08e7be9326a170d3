import * as v from 'valibot';
import type { ProviderCredential } from '../../../machines/login.machine';

/**
 * LINE Login (spec section 7): the browser goes to LINE's authorize page with scope
 * `profile openid email` and a random `state` kept in sessionStorage; LINE sends it back to the
 * redirect URI with `code` and `state`. Only a matching state is accepted (it ties the answer to this
 * browser's request), and the code is handed to the server (/v2/app/auth/login3), which exchanges it
 * with the channel secret, so no secret reaches the browser.
 */
export const lineScope = 'profile openid email';

const pendingKey = 'lineSignIn';

const pendingSignIn = v.object({ state: v.string(), returnTo: v.nullable(v.string()) });

export interface LineConfig {
  channelId: string;
  authorizeUrl: string;
  redirectUri: string;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function lineAuthorizeUrl(config: LineConfig, state: string): string {
  const url = new URL(config.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.channelId);
  url.searchParams.set('redirect_uri', config.redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('scope', lineScope);
  return url.toString();
}

/** Leaves for LINE; `returnTo` is the page to continue to once signed in. */
export function startLineSignIn(config: LineConfig, returnTo: string | null): void {
  const state = randomState();
  sessionStorage.setItem(pendingKey, JSON.stringify({ state, returnTo }));
  window.location.assign(lineAuthorizeUrl(config, state));
}

export type LineReturn =
  | { outcome: 'signedIn'; credential: ProviderCredential; returnTo: string | null }
  | { outcome: 'refused'; returnTo: string | null };

/**
 * Reads LINE's answer from the callback URL's query. The pending state is spent either way, so an
 * answer is accepted once at most.
 */
export function takeLineReturn(search: string): LineReturn {
  const query = new URLSearchParams(search);
  const raw = sessionStorage.getItem(pendingKey);
  sessionStorage.removeItem(pendingKey);
  let pending: v.InferOutput<typeof pendingSignIn> | null = null;
  try {
    const parsed = v.safeParse(pendingSignIn, raw === null ? null : JSON.parse(raw));
    pending = parsed.success ? parsed.output : null;
  } catch {
    pending = null;
  }
  const code = query.get('code');
  const state = query.get('state');
  const returnTo = pending?.returnTo ?? null;
  if (!pending || !code || state !== pending.state) return { outcome: 'refused', returnTo };
  return { outcome: 'signedIn', credential: { provider: 'line', token: code }, returnTo };
}

/*
 * The callback page hands the credential to the sign-in dialog, which opens next; the dialog's
 * machine says when it has used it. Reading does not consume it, so a dialog created twice (React's
 * development double render) still sees it.
 */
let returnedCredential: ProviderCredential | null = null;

export function handOverCredential(credential: ProviderCredential): void {
  returnedCredential = credential;
}

export function peekReturnedCredential(): ProviderCredential | null {
  return returnedCredential;
}

export function forgetReturnedCredential(): void {
  returnedCredential = null;
}
