/**
 * The studio's side of the wallet protocol (docs/architecture.md §11): every body signed with the
 * studio's RSA key (RSA-SHA256, base64 in X-Hub88-Signature), every answer's signature checked
 * with the wallet's public key. An answer that is not signed by the wallet, not HTTP 200, not JSON,
 * or later than the timeout counts as no answer: the caller cannot know whether it was acted on.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import * as v from 'valibot';

export const signatureHeader = 'X-Hub88-Signature';

const walletAnswer = v.looseObject({
  status: v.string(),
  request_uuid: v.optional(v.string()),
  user: v.optional(v.string()),
  currency: v.optional(v.string()),
  balance: v.optional(v.pipe(v.number(), v.safeInteger())),
  token: v.optional(v.string()),
  game_code: v.optional(v.string()),
  machine: v.optional(v.pipe(v.number(), v.safeInteger())),
  /** Beside RS_ERROR_USER_DISABLED: the player's own limit, time-out or exclusion that refused a bet. */
  reason: v.optional(v.unknown()),
});
export type WalletAnswer = v.InferOutput<typeof walletAnswer>;

/** What a call came to: the wallet's signed answer, or none that can be trusted. */
export type WalletReply = { answered: true; answer: WalletAnswer } | { answered: false; why: string };

export type WalletPath = 'user/info' | 'user/balance' | 'transaction/bet' | 'transaction/win' | 'transaction/rollback';

export interface WalletClientOptions {
  /** The wallet's protocol base, e.g. https://hall.example/v2/wallet; the provider id follows it. */
  walletUrl: string;
  providerId: string;
  privateKeyPem: string;
  walletPublicKeyPem: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

export type WalletClient = (path: WalletPath, body: Record<string, unknown>) => Promise<WalletReply>;

export function createWalletClient(options: WalletClientOptions): WalletClient {
  const privateKey: KeyObject = createPrivateKey(options.privateKeyPem);
  const walletKey: KeyObject = createPublicKey(options.walletPublicKeyPem);
  const base = options.walletUrl.replace(/\/+$/, '');
  return async (path, body) => {
    const raw = JSON.stringify(body);
    let response: Response;
    let text: string;
    try {
      response = await options.fetch(`${base}/${options.providerId}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [signatureHeader]: sign('sha256', Buffer.from(raw), privateKey).toString('base64'),
        },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      return { answered: false, why: error instanceof Error ? error.message : String(error) };
    }
    if (response.status !== 200) return { answered: false, why: `HTTP ${response.status}` };
    const signature = response.headers.get(signatureHeader) ?? '';
    if (!signatureValid(walletKey, text, signature)) return { answered: false, why: 'answer not signed by the wallet' };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { answered: false, why: 'answer is not JSON' };
    }
    const parsed = v.safeParse(walletAnswer, json);
    if (!parsed.success) return { answered: false, why: 'answer has no status' };
    return { answered: true, answer: parsed.output };
  };
}

function signatureValid(key: KeyObject, text: string, signature: string): boolean {
  if (!/^[A-Za-z0-9+/=]{16,2048}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(text), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
