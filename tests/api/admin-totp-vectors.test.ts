import { matchingTotpStep, totpCodeAt } from '@server/shared/totp';
import { describe, expect, it } from 'vitest';

/*
 * RFC 6238, appendix B: the SHA-1 seed is the ASCII string "12345678901234567890". The RFC prints
 * eight digits; six digits are the same number modulo 10^6, i.e. its last six digits.
 */
const seedBase32 = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const vectors: [seconds: number, eightDigits: string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP as the server computes and checks it (RFC 6238, SHA-1, 30 s, 6 digits)', () => {
  it('encodes the RFC seed as the base32 the server stores', () => {
    expect(Buffer.from('12345678901234567890').toString('hex')).toBe('3132333435363738393031323334353637383930');
    expect(seedBase32).toHaveLength(32);
  });

  it.each(vectors)('at %i s the code is the last six digits of %s', (seconds, eightDigits) => {
    const at = new Date(seconds * 1000);
    expect(totpCodeAt(seedBase32, at)).toBe(eightDigits.slice(-6));
    expect(matchingTotpStep(seedBase32, eightDigits.slice(-6), at)).toBe(Math.floor(seconds / 30));
  });

  it('accepts the step before and after, and nothing further', () => {
    const at = new Date(1111111111 * 1000);
    const step = Math.floor(1111111111 / 30);
    const codeOf = (offsetSteps: number) => totpCodeAt(seedBase32, new Date(at.getTime() + offsetSteps * 30_000));
    expect(matchingTotpStep(seedBase32, codeOf(-1), at)).toBe(step - 1);
    expect(matchingTotpStep(seedBase32, codeOf(1), at)).toBe(step + 1);
    expect(matchingTotpStep(seedBase32, codeOf(-2), at)).toBeNull();
    expect(matchingTotpStep(seedBase32, codeOf(2), at)).toBeNull();
    expect(matchingTotpStep(seedBase32, '000000', at)).toBeNull();
  });
});
