/**
 * Addresses of the networks the hall knows (docs/requirements.md §16.2, §16.3): derived from the
 * operator's extended public keys (BIP-32 public derivation, BIP-44 paths), and checked as each
 * network writes them. Only public keys are ever handled here.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';

export const chainNetworks = {
  ERC20: { chain: 'Ethereum', coinType: 60 },
  TRC20: { chain: 'TRON', coinType: 195 },
} as const;
export type ChainNetwork = keyof typeof chainNetworks;

export function isChainNetwork(network: string): network is ChainNetwork {
  return Object.hasOwn(chainNetworks, network);
}

const base58check = createBase58check(sha256);
const tronPrefix = 0x41;
const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** The 20-byte account both Ethereum and TRON take from a public key: keccak-256 of its X and Y, last 20 bytes. */
function accountBytes(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.slice(1)).slice(12);
}

/** EIP-55: each letter of the hex address is upper case where the keccak of the lower-case address has a nibble ≥ 8. */
export function checksumEthereumAddress(address: string): string {
  const lower = address.replace(/^0x/i, '').toLowerCase();
  const hash = hex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const char = lower.charAt(i);
    out += Number.parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

export function ethereumAddressOf(publicKey: Uint8Array): string {
  return checksumEthereumAddress(hex(accountBytes(publicKey)));
}

export function tronAddressOf(publicKey: Uint8Array): string {
  return base58check.encode(Uint8Array.from([tronPrefix, ...accountBytes(publicKey)]));
}

export function tronAddressOfBytes(account: Uint8Array): string {
  return base58check.encode(Uint8Array.from([tronPrefix, ...account]));
}

/**
 * The operator's account-level extended public key of a network (at m/44'/coin'/0'); refused when it
 * is a private key, so the server never holds one.
 */
export function accountKeyOf(extendedPublicKey: string): HDKey {
  if (!extendedPublicKey.startsWith('xpub')) throw new Error('not an extended public key (xpub…)');
  const key = HDKey.fromExtendedKey(extendedPublicKey);
  if (key.privateKey) throw new Error('an extended private key is never accepted');
  return key;
}

/** The deposit address at m/44'/coin'/0'/0/index, from the account key of m/44'/coin'/0'. */
export function depositAddressAt(accountKey: HDKey, network: ChainNetwork, index: number): string {
  const publicKey = accountKey.deriveChild(0).deriveChild(index).publicKey;
  if (!publicKey) throw new Error('derivation gave no public key');
  return network === 'ERC20' ? ethereumAddressOf(publicKey) : tronAddressOf(publicKey);
}

/** The path an operator's wallet uses for the same address. */
export function derivationPathOf(network: ChainNetwork, index: number): string {
  return `m/44'/${chainNetworks[network].coinType}'/0'/0/${index}`;
}

export type AddressCheck =
  | { valid: true; address: string }
  | { valid: false; reason: 'format' | 'checksum' }
  | { valid: false; reason: 'otherNetwork'; addressNetwork: ChainNetwork };

const ethereumShape = /^0x[0-9a-fA-F]{40}$/;
const tronShape = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;

function checkEthereum(text: string): AddressCheck | null {
  if (!ethereumShape.test(text)) return null;
  const body = text.slice(2);
  // All lower or all upper case carries no checksum (EIP-55); mixed case must match it.
  if (body === body.toLowerCase() || body === body.toUpperCase())
    return { valid: true, address: checksumEthereumAddress(text) };
  return checksumEthereumAddress(text) === text ? { valid: true, address: text } : { valid: false, reason: 'checksum' };
}

function checkTron(text: string): AddressCheck | null {
  if (!tronShape.test(text)) return null;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text);
  } catch {
    return { valid: false, reason: 'checksum' };
  }
  if (payload.length !== 21 || payload[0] !== tronPrefix) return { valid: false, reason: 'format' };
  return { valid: true, address: text };
}

const checkers: Record<ChainNetwork, (text: string) => AddressCheck | null> = {
  ERC20: checkEthereum,
  TRC20: checkTron,
};

/**
 * Whether `text` is an address of `network`: its shape and checksum; an address of another known
 * network is named as such. A valid answer carries the address as the network writes it.
 */
export function checkAddress(network: ChainNetwork, text: string): AddressCheck {
  const own = checkers[network](text);
  if (own) return own;
  for (const [other, check] of Object.entries(checkers) as [ChainNetwork, (text: string) => AddressCheck | null][]) {
    if (other === network) continue;
    const result = check(text);
    if (result?.valid) return { valid: false, reason: 'otherNetwork', addressNetwork: other };
  }
  return { valid: false, reason: 'format' };
}
