import { createHash, createHmac } from 'node:crypto';
import {
  clientSeedMaxLength,
  DrawStream,
  isClientSeed,
  isServerSeed,
  serverSeedBytes,
  serverSeedCommitment,
  serverSeedFromBytes,
} from '@games/provably-fair';
import { describe, expect, it } from 'vitest';

const serverSeed = '3f1c9a0b7d2e4f6a8b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6';
const clientSeed = 'lucky-player';

/** Node's own HMAC, an implementation independent of the one the games use. */
const block = (nonce: number, index: number) =>
  createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}:${index}`).digest();

describe('the commitment and the seeds (docs/games.md §1)', () => {
  it('commits to the seed with SHA-256 of its 64 hex characters', () => {
    expect(serverSeedCommitment(serverSeed)).toBe(createHash('sha256').update(serverSeed).digest('hex'));
    expect(serverSeedCommitment('0'.repeat(64))).toBe(
      '60e05bd1b195af2f94112fa7197a5c88289058840ce7c6df9693756bc6250f55',
    );
  });

  it('makes a server seed of 32 random bytes and refuses any other length', () => {
    const bytes = Uint8Array.from({ length: serverSeedBytes }, (_, index) => index);
    expect(serverSeedFromBytes(bytes)).toBe('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    expect(() => serverSeedFromBytes(new Uint8Array(16))).toThrow(RangeError);
  });

  it('accepts only well-formed seeds and nonces', () => {
    expect(isServerSeed(serverSeed)).toBe(true);
    expect(isServerSeed(serverSeed.toUpperCase())).toBe(false);
    expect(isClientSeed('a'.repeat(clientSeedMaxLength))).toBe(true);
    for (const bad of ['', 'with space', 'a'.repeat(clientSeedMaxLength + 1), 'ｓｅｅｄ'])
      expect(isClientSeed(bad)).toBe(false);
    expect(() => new DrawStream({ serverSeed: 'abc', clientSeed, nonce: 0 })).toThrow(RangeError);
    expect(() => new DrawStream({ serverSeed, clientSeed: '', nonce: 0 })).toThrow(RangeError);
    expect(() => new DrawStream({ serverSeed, clientSeed, nonce: -1 })).toThrow(RangeError);
    expect(() => new DrawStream({ serverSeed, clientSeed, nonce: 1.5 })).toThrow(RangeError);
  });
});

describe('uniform integers from the HMAC stream', () => {
  it('reads big-endian 32-bit words from block 0, then block 1, …', () => {
    const stream = new DrawStream({ serverSeed, clientSeed, nonce: 7 });
    const expected = [...block(7, 0), ...block(7, 1)];
    for (let word = 0; word < 16; word += 1) {
      const at = word * 4;
      const value =
        ((expected[at]! << 24) | (expected[at + 1]! << 16) | (expected[at + 2]! << 8) | expected[at + 3]!) >>> 0;
      // n = 2^32 rejects nothing and reduces nothing, so each draw is the word itself.
      expect(stream.uniformInt(2 ** 32)).toBe(value);
    }
  });

  it('rejects the words at or above the largest multiple of n and reads on', () => {
    // n = 3 · 2^30: words ≥ 3 · 2^30 (a quarter of them) are rejected, the rest reduced mod n.
    const n = 3 * 2 ** 30;
    let rejections = 0;
    for (let nonce = 0; nonce < 64; nonce += 1) {
      const bytes = block(nonce, 0);
      const words = Array.from({ length: 8 }, (_, index) => bytes.readUInt32BE(index * 4));
      const accepted = words.find((word) => word < n);
      if (accepted === undefined) continue;
      if (words[0]! >= n) rejections += 1;
      expect(new DrawStream({ serverSeed, clientSeed, nonce }).uniformInt(n)).toBe(accepted % n);
    }
    expect(rejections).toBeGreaterThan(0);
  });

  it('reduces an accepted word mod n', () => {
    const bytes = block(3, 0);
    const limit = 2 ** 32 - (2 ** 32 % 30);
    const words = Array.from({ length: 8 }, (_, index) => bytes.readUInt32BE(index * 4)).filter((word) => word < limit);
    const stream = new DrawStream({ serverSeed, clientSeed, nonce: 3 });
    for (const word of words) expect(stream.uniformInt(30)).toBe(word % 30);
  });

  it('gives every value of a small range about equally often', () => {
    const stream = new DrawStream({ serverSeed, clientSeed, nonce: 0 });
    const counts = new Array<number>(6).fill(0);
    for (let draw = 0; draw < 60_000; draw += 1) counts[stream.uniformInt(6)]! += 1;
    // 10,000 expected each; a fair die lands within ±4.5 standard deviations (±424) every time in practice.
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(424);
  });

  it('refuses a range it cannot draw from', () => {
    const stream = new DrawStream({ serverSeed, clientSeed, nonce: 0 });
    for (const n of [0, -1, 2.5, 2 ** 32 + 1]) expect(() => stream.uniformInt(n)).toThrow(RangeError);
  });
});
