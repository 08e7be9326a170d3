import { Secret, TOTP } from 'otpauth';

/** Codes of the step before and after the current one are accepted too (clock drift of the phone). */
const stepWindow = 1;
const issuer = 'Game Hall';

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

/** A new random secret (160 bits, base32), as authenticator apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app scans or imports. */
export function totpUrl(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The code of the step containing `at`; for tests and the e2e operator. */
export function totpCodeAt(secret: string, at: Date): string {
  return totpOf(secret, 'code').generate({ timestamp: at.getTime() });
}

/** The 30-second step the code belongs to, or null when it matches no step within the window. */
export function matchingTotpStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret, 'code').validate({ token: code, timestamp: at.getTime(), window: stepWindow });
  if (delta === null) return null;
  return TOTP.counter({ period: 30, timestamp: at.getTime() }) + delta;
}
