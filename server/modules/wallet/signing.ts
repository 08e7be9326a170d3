/** Signing: the provider's signature over a request verified with its public key, and our answers signed with ours. */

import { createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import type { Answer, Provider } from './protocol';

const publicKeys = new Map<string, KeyObject>();
function publicKeyOf(pem: string): KeyObject {
  let key = publicKeys.get(pem);
  if (!key) {
    key = createPublicKey(pem);
    publicKeys.set(pem, key);
  }
  return key;
}

export function signatureValid(provider: Provider, raw: string, signature: string | undefined): boolean {
  if (!signature || !/^[A-Za-z0-9+/=_-]{16,2048}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(raw), publicKeyOf(provider.publicKeyPem), Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** The answer as the provider gets it: HTTP 200, its JSON text signed with our private key. */
export function signedResponse(privateKey: KeyObject, answer: Answer): Response {
  const text = JSON.stringify(answer);
  const signature = sign('sha256', Buffer.from(text), privateKey).toString('base64');
  return new Response(text, {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'x-hub88-signature': signature },
  });
}
