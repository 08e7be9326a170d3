import { depositCoins, withdrawableUnits, withdrawalCoins } from '@contract/crypto-amount';
import { HDKey } from '@scure/bip32';
import { developmentAccountKeys } from '@server/modules/crypto/crypto-setup';
import {
  accountKeyOf,
  checkAddress,
  checksumEthereumAddress,
  depositAddressAt,
  derivationPathOf,
  tronAddressOfBytes,
} from '@server/shared/chain-addresses';
import { wholeCoins } from '@server/shared/whole-coins';
import { describe, expect, it } from 'vitest';

/** Published vectors for the address code of docs/requirements.md §16.2 and §16.3. */

describe("BIP-32 public derivation (the BIP's test vectors)", () => {
  it('derives a public child of an xpub as the BIP lists it (vector 1: m/0H → m/0H/1)', () => {
    const parent = HDKey.fromExtendedKey(
      'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw',
    );
    expect(parent.deriveChild(1).publicExtendedKey).toBe(
      'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ',
    );
  });

  it('vector 1: m/0H/1/2H/2 → m/0H/1/2H/2/1000000000', () => {
    const parent = accountKeyOf(
      'xpub6FHa3pjLCk84BayeJxFW2SP4XRrFd1JYnxeLeU8EqN3vDfZmbqBqaGJAyiLjTAwm6ZLRQUMv1ZACTj37sR62cfN7fe5JnJ7dh8zL4fiyLHV',
    );
    expect(parent.deriveChild(1_000_000_000).publicExtendedKey).toBe(
      'xpub6H1LXWLaKsWFhvm6RVpEL9P4KfRZSW7abD2ttkWP3SSQvnyA8FSVqNTEcYFgJS2UaFcxupHiYkro49S8yGasTvXEYBVPamhGW6cFJodrTHy',
    );
  });

  it('vector 2: m → m/0', () => {
    const master = accountKeyOf(
      'xpub661MyMwAqRbcFW31YEwpkMuc5THy2PSt5bDMsktWQcFF8syAmRUapSCGu8ED9W6oDMSgv6Zz8idoc4a6mr8BDzTJY47LJhkJ8UB7WEGuduB',
    );
    expect(master.deriveChild(0).publicExtendedKey).toBe(
      'xpub69H7F5d8KSRgmmdJg2KhpAK8SR3DjMwAdkxj3ZuxV27CprR9LgpeyGmXUbC6wb7ERfvrnKZjXoUmmDznezpbZb7ap6r1D3tgFxHmwMkQTPH',
    );
  });

  it('refuses an extended private key: the server never holds one', () => {
    expect(() =>
      accountKeyOf(
        'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi',
      ),
    ).toThrow();
  });
});

describe('deposit addresses from the development keys (the BIP-39 test mnemonic "abandon … about")', () => {
  it("gives the well-known first Ethereum address at m/44'/60'/0'/0/0, EIP-55 cased", () => {
    const key = accountKeyOf(developmentAccountKeys.ERC20);
    expect(derivationPathOf('ERC20', 0)).toBe("m/44'/60'/0'/0/0");
    expect(depositAddressAt(key, 'ERC20', 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it("gives the well-known first TRON address at m/44'/195'/0'/0/0", () => {
    const key = accountKeyOf(developmentAccountKeys.TRC20);
    expect(derivationPathOf('TRC20', 0)).toBe("m/44'/195'/0'/0/0");
    expect(depositAddressAt(key, 'TRC20', 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
  });

  it('gives each index its own address', () => {
    const key = accountKeyOf(developmentAccountKeys.ERC20);
    const addresses = new Set([0, 1, 2, 3, 4].map((index) => depositAddressAt(key, 'ERC20', index)));
    expect(addresses.size).toBe(5);
  });
});

describe("EIP-55 (the EIP's examples)", () => {
  const mixed = [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];
  const allCaps = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
  const allLower = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];

  it.each([...mixed, ...allCaps, ...allLower])('checksums %s as the EIP does', (address) => {
    expect(checksumEthereumAddress(address.toLowerCase()).slice(2).toLowerCase()).toBe(address.slice(2).toLowerCase());
    if (mixed.includes(address)) expect(checksumEthereumAddress(address.toLowerCase())).toBe(address);
  });

  it.each(mixed)('accepts %s and refuses it with one letter’s case flipped', (address) => {
    expect(checkAddress('ERC20', address)).toEqual({ valid: true, address });
    const index = address.search(/[a-fA-F]/u);
    const char = address.charAt(index);
    const flipped =
      address.slice(0, index) +
      (char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()) +
      address.slice(index + 1);
    expect(checkAddress('ERC20', flipped)).toEqual({ valid: false, reason: 'checksum' });
  });

  it.each([...allCaps, ...allLower])(
    'accepts %s (one case carries no checksum) and writes it checksummed',
    (address) => {
      const checked = checkAddress('ERC20', address);
      expect(checked.valid).toBe(true);
      if (checked.valid) expect(checked.address.toLowerCase()).toBe(address.toLowerCase());
    },
  );

  it('refuses what is not an Ethereum address', () => {
    expect(checkAddress('ERC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA')).toEqual({
      valid: false,
      reason: 'format',
    });
    expect(checkAddress('ERC20', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00')).toEqual({
      valid: false,
      reason: 'format',
    });
  });
});

describe('TRON addresses (base58check of 0x41 and the account)', () => {
  it('encodes the documented example 41 8840E6C5… as TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', () => {
    const account = Uint8Array.from(Buffer.from('8840E6C55B9ADA326D211D818C34A994AECED808', 'hex'));
    expect(tronAddressOfBytes(account)).toBe('TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL');
    expect(checkAddress('TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL')).toEqual({
      valid: true,
      address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
    });
  });

  it('refuses a wrong checksum (one character changed)', () => {
    expect(checkAddress('TRC20', 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM')).toEqual({ valid: false, reason: 'checksum' });
    expect(checkAddress('TRC20', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdh')).toEqual({ valid: false, reason: 'checksum' });
  });

  it('names the network of an address of the other network', () => {
    expect(checkAddress('TRC20', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toEqual({
      valid: false,
      reason: 'otherNetwork',
      addressNetwork: 'ERC20',
    });
    expect(checkAddress('ERC20', 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toEqual({
      valid: false,
      reason: 'otherNetwork',
      addressNetwork: 'TRC20',
    });
  });

  it('refuses what is neither', () => {
    expect(checkAddress('TRC20', 'not-an-address-at-all-really')).toEqual({ valid: false, reason: 'format' });
    // Base58 has no 0, O, I or l.
    expect(checkAddress('TRC20', 'T0EZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toEqual({ valid: false, reason: 'format' });
  });
});

describe('rates', () => {
  it('converts base units to game coins exactly, down for deposits and up for withdrawals', () => {
    expect(depositCoins(25_500_000n, 6, '150', 0)).toBe(3825n);
    expect(depositCoins(10_000_000_000_000_000n, 18, '450000', 0)).toBe(4500n);
    expect(depositCoins(1n, 6, '150', 0)).toBe(0n);
    expect(depositCoins(1_000_000n, 6, '150.5', 100)).toBe(148n);
    expect(withdrawalCoins(1n, 6, '150', 0)).toBe(1n);
    expect(withdrawalCoins(20_000_000n, 6, '150', 0)).toBe(3000n);
    expect(withdrawalCoins(20_000_001n, 6, '150', 0)).toBe(3001n);
    // The most a balance covers is the inverse: 3,000 coins are 20 USDT, a base unit more needs 3,001.
    expect(withdrawableUnits(3000n, 6, '150', 0)).toBe(20_000_000n);
    expect(withdrawableUnits(3001n, 6, '150', 0)).toBe(20_006_666n);
    expect(withdrawalCoins(20_006_666n, 6, '150', 0)).toBe(3001n);
    expect(withdrawalCoins(20_006_667n, 6, '150', 0)).toBe(3002n);
    expect(withdrawableUnits(3071n, 6, '150.5', 200)).toBe(20_005_211n);
    expect(withdrawalCoins(20_005_211n, 6, '150.5', 200)).toBe(3071n);
    expect(withdrawalCoins(20_005_212n, 6, '150.5', 200)).toBe(3072n);
    expect(withdrawableUnits(0n, 6, '150', 0)).toBe(0n);
    expect(withdrawableUnits(100n, 6, '0', 0)).toBeNull();
    expect(wholeCoins('20000000', 6)).toBe('20');
    expect(wholeCoins('2000000000000000', 18)).toBe('0.002');
  });
});
