/**
 * Password strength as the registration and recovery forms show it (docs/requirements.md §5): 0 when empty or
 * shorter than 6 characters; otherwise one point each for a lowercase letter, an uppercase letter, a
 * digit and a symbol, so 1 to 4, drawn as four bars. It is a hint only: the server's policy (at least
 * 8 characters, not a common password) is what accepts or refuses a password.
 */
export const passwordStrengthMinLength = 6;
export const passwordStrengthLevels = 4;

export type PasswordStrength = 0 | 1 | 2 | 3 | 4;

const characterClasses = [/\p{Ll}/u, /\p{Lu}/u, /\p{Nd}/u, /[^\p{L}\p{N}]/u];

export function passwordStrength(password: string): PasswordStrength {
  if ([...password].length < passwordStrengthMinLength) return 0;
  return characterClasses.filter((pattern) => pattern.test(password)).length as PasswordStrength;
}
