/**
 * Provably fair draws (docs/games.md §1): every number a round uses comes from HMAC-SHA256 keyed
 * with the server seed over `clientSeed:nonce:block`, so anyone holding the revealed server seed can
 * recompute a round, and the SHA-256 commitment shown before play proves the seed was not changed.
 * Synchronous and free of Node and DOM APIs, so the studio server and the browser run the same code.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** A server seed is 32 random bytes written as 64 lowercase hex digits. */
export const serverSeedBytes = 32;
const serverSeedPattern = /^[0-9a-f]{64}$/;

/** A client seed is 1–64 printable ASCII characters without spaces; the player may choose any. */
export const clientSeedMaxLength = 64;
const clientSeedPattern = /^[\x21-\x7e]{1,64}$/;

export function isServerSeed(value: string): boolean {
  return serverSeedPattern.test(value);
}

export function isClientSeed(value: string): boolean {
  return clientSeedPattern.test(value);
}

/** The server seed made from fresh random bytes (the server draws them with crypto.getRandomValues). */
export function serverSeedFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== serverSeedBytes) throw new RangeError(`a server seed takes ${serverSeedBytes} bytes`);
  return bytesToHex(bytes);
}

/** What the player sees before play: SHA-256 of the seed's 64 hex characters (as ASCII), in hex. */
export function serverSeedCommitment(serverSeed: string): string {
  if (!isServerSeed(serverSeed)) throw new RangeError('a server seed is 64 lowercase hex digits');
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** The inputs that fix one round's outcome. The nonce counts the rounds played on one server seed from 0. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/**
 * The byte stream of one round: block b is HMAC-SHA256(key = the server seed's 64 ASCII characters,
 * message = `${clientSeed}:${nonce}:${b}`), b = 0, 1, 2, …; the blocks are read one after another.
 */
export class DrawStream {
  private readonly key: Uint8Array;
  private readonly prefix: string;
  private block = 0;
  private bytes: Uint8Array = new Uint8Array(0);
  private cursor = 0;

  constructor({ serverSeed, clientSeed, nonce }: RoundSeeds) {
    if (!isServerSeed(serverSeed)) throw new RangeError('a server seed is 64 lowercase hex digits');
    if (!isClientSeed(clientSeed)) throw new RangeError('a client seed is 1–64 printable ASCII characters');
    if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('a nonce is a non-negative integer');
    this.key = utf8ToBytes(serverSeed);
    this.prefix = `${clientSeed}:${nonce}:`;
  }

  /** The next four bytes of the stream as an unsigned big-endian 32-bit integer. */
  private nextWord(): number {
    if (this.cursor === this.bytes.length) {
      this.bytes = hmac(sha256, this.key, utf8ToBytes(`${this.prefix}${this.block}`));
      this.block += 1;
      this.cursor = 0;
    }
    const at = this.cursor;
    this.cursor += 4;
    const { bytes } = this;
    return (
      (((bytes[at] ?? 0) << 24) | ((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0)) >>>
      0
    );
  }

  /**
   * A uniform integer in [0, n), 1 ≤ n ≤ 2^32, without modulo bias: words at or above the largest
   * multiple of n below 2^32 are rejected and the next word is read; an accepted word w gives w mod n.
   */
  uniformInt(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32) throw new RangeError('n is an integer in [1, 2^32]');
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const word = this.nextWord();
      if (word < limit) return word % n;
    }
  }
}
