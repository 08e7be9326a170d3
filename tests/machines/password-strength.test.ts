import { passwordStrength } from '@machines/password-strength';
import { describe, expect, it } from 'vitest';

describe('password strength (docs/requirements.md §5)', () => {
  it.each([
    ['', 0],
    ['aB3$x', 0],
    ['Abc1!', 0],
    ['abcdef', 1],
    ['ABCDEF', 1],
    ['123456', 1],
    ['!@#$%^', 1],
    ['abcDEF', 2],
    ['abc123', 2],
    ['abc !@#', 2],
    ['abcDE1', 3],
    ['ABC12#', 3],
    ['abcDE1!', 4],
    ['Pässwört9#', 4],
  ] as const)('%j scores %i', (password, expected) => {
    expect(passwordStrength(password)).toBe(expected);
  });

  it('counts characters, not UTF-16 units, against the minimum of 6', () => {
    expect(passwordStrength('😀😀😀ab')).toBe(0);
    expect(passwordStrength('😀😀😀abc')).toBe(2);
  });
});
