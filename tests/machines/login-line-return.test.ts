import { describe, expect, it } from 'vitest';
import { lineAuthorizeUrl, rememberLineSignIn, takeLineReturn } from '@/features/auth/line-sign-in';

/** sessionStorage's contract, for the node test environment. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

const config = {
  channelId: '1650000000',
  authorizeUrl: 'https://access.line.me/oauth2/v2.1/authorize',
  redirectUri: 'https://hall.example/auth/line/callback',
};

describe('LINE sign-in for the login flow', () => {
  it('asks LINE for profile, openid and email with a random state', () => {
    const storage = memoryStorage();
    const first = rememberLineSignIn(storage, '/user/record', 'AG1234');
    const second = rememberLineSignIn(memoryStorage(), null, null);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    const url = new URL(lineAuthorizeUrl(config, first));
    expect(url.origin + url.pathname).toBe(config.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: config.channelId,
      redirect_uri: config.redirectUri,
      state: first,
      scope: 'profile openid email',
    });
  });

  it('accepts the code once, with the matching state, and keeps the page and agent code', () => {
    const storage = memoryStorage();
    const state = rememberLineSignIn(storage, '/user/record', 'AG1234');
    expect(takeLineReturn(`?code=abc&state=${state}`, storage)).toEqual({
      outcome: 'signedIn',
      credential: { provider: 'line', token: 'abc' },
      agentCode: 'AG1234',
      returnTo: '/user/record',
    });
    expect(takeLineReturn(`?code=abc&state=${state}`, storage)).toEqual({ outcome: 'refused', returnTo: null });
  });

  it('refuses an answer with another state, without a code, or that nobody asked for', () => {
    const storage = memoryStorage();
    rememberLineSignIn(storage, null, null);
    expect(takeLineReturn('?code=abc&state=forged', storage).outcome).toBe('refused');
    const state = rememberLineSignIn(storage, null, null);
    expect(takeLineReturn(`?error=access_denied&state=${state}`, storage).outcome).toBe('refused');
    expect(takeLineReturn('?code=abc&state=anything', memoryStorage()).outcome).toBe('refused');
    const broken = memoryStorage();
    broken.setItem('lineSignIn', '{not json');
    expect(takeLineReturn('?code=abc&state=x', broken).outcome).toBe('refused');
  });
});
