import type { ProviderCredential } from '@machines/login.machine';
import * as v from 'valibot';

/**
 * LINE Login (docs/requirements.md §7): the browser goes to LINE's authorize page with scope
 * `profile openid email` and a random `state` kept in sessionStorage; LINE sends it back to the
 * redirect URI with `code` and `state`. Only a matching state is accepted (it ties the answer to this
 * browser's request), and the code is handed to the server (/v2/app/auth/login3), which exchanges it
 * with the channel secret, so no secret reaches the browser.
 */
export const lineScope = 'profile openid email';

const pendingKey = 'lineSignIn';

const pendingSignIn = v.object({
  state: v.string(),
  returnTo: v.nullable(v.string()),
  agentCode: v.nullable(v.string()),
});

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

/**
 * Leaves for LINE. `returnTo` is the page to continue to once signed in; the agent code of the page
 * the visitor came from travels along, since LINE's answer arrives on another URL.
 */
export function startLineSignIn(config: LineConfig, returnTo: string | null, agentCode: string | null): void {
  window.location.assign(lineAuthorizeUrl(config, rememberLineSignIn(sessionStorage, returnTo, agentCode)));
}

/** Keeps a new random state (and where to go on) for the answer to match; returns the state. */
export function rememberLineSignIn(storage: Storage, returnTo: string | null, agentCode: string | null): string {
  const state = randomState();
  storage.setItem(pendingKey, JSON.stringify({ state, returnTo, agentCode }));
  return state;
}

/** What the sign-in dialog needs from LINE's answer. */
export interface ReturnedSignIn {
  credential: ProviderCredential;
  agentCode: string | null;
}

export type LineReturn =
  | ({ outcome: 'signedIn'; returnTo: string | null } & ReturnedSignIn)
  | { outcome: 'refused'; returnTo: string | null };

/**
 * Reads LINE's answer from the callback URL's query. The pending state is spent either way, so an
 * answer is accepted once at most.
 */
export function takeLineReturn(search: string, storage: Storage = sessionStorage): LineReturn {
  const query = new URLSearchParams(search);
  const raw = storage.getItem(pendingKey);
  storage.removeItem(pendingKey);
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
  return { outcome: 'signedIn', credential: { provider: 'line', token: code }, agentCode: pending.agentCode, returnTo };
}

/*
 * The callback page hands LINE's answer to the sign-in dialog, which opens next; the dialog's machine
 * says when it has used it. Reading does not consume it, so a dialog created twice (React's
 * development double render) still sees it.
 */
let returnedSignIn: ReturnedSignIn | null = null;

export function handOverSignIn(signIn: ReturnedSignIn): void {
  returnedSignIn = signIn;
}

export function peekReturnedSignIn(): ReturnedSignIn | null {
  return returnedSignIn;
}

export function forgetReturnedSignIn(): void {
  returnedSignIn = null;
}
