import { accountNamePattern, emailCodePattern, passwordMaxLength, passwordMinLength } from '@contract/auth';
import * as v from 'valibot';

/**
 * The field rules of the sign-in dialog's forms (docs/requirements.md §5), shared by the login, register and
 * find-password machines. A rule yields a message key of the `auth` namespace, never a sentence:
 * the views translate it, naming the field for 'please input {field}'. Lengths and formats come from
 * the contract, so the browser refuses exactly what the server would.
 */

export type AuthField =
  | 'account'
  | 'password'
  | 'captcha'
  | 'email'
  | 'code'
  | 'acceptTerms'
  | 'username'
  | 'confirmPassword'
  | 'newPassword'
  | 'agentCode';

export type AuthMessageKey =
  | 'validation.required'
  | 'validation.email'
  | 'validation.accountFormat'
  | 'validation.accountLength'
  | 'validation.passwordLength'
  | 'validation.passwordsMismatch'
  | 'validation.acceptTerms'
  | 'validation.codeFormat';

export interface FieldError {
  key: AuthMessageKey;
  /** `field` names the field for 'please input {field}'; the numbers fill length messages. */
  values: { field: AuthField; min?: number; max?: number };
}

export type FieldErrors<TField extends AuthField> = Partial<Record<TField, FieldError>>;

const messageValues: Partial<Record<AuthMessageKey, { min: number; max: number }>> = {
  'validation.passwordLength': { min: passwordMinLength, max: passwordMaxLength },
};

const required = v.pipe(v.string(), v.trim(), v.nonEmpty<string, AuthMessageKey>('validation.required'));

export const fieldRules = {
  required,
  email: v.pipe(required, v.email<string, AuthMessageKey>('validation.email')),
  /** Letters and digits only first (its own message, docs/requirements.md §5.2), then the length the server allows. */
  username: v.pipe(
    required,
    v.regex<string, AuthMessageKey>(/^[A-Za-z0-9]+$/, 'validation.accountFormat'),
    v.regex<string, AuthMessageKey>(accountNamePattern, 'validation.accountLength'),
  ),
  newPassword: v.pipe(
    v.string(),
    v.nonEmpty<string, AuthMessageKey>('validation.required'),
    v.check<string, AuthMessageKey>(
      (password) => [...password].length >= passwordMinLength && password.length <= passwordMaxLength,
      'validation.passwordLength',
    ),
  ),
  /** Existing passwords are only required: the policy is checked where a password is chosen. */
  password: v.pipe(v.string(), v.nonEmpty<string, AuthMessageKey>('validation.required')),
  emailCode: v.pipe(required, v.regex<string, AuthMessageKey>(emailCodePattern, 'validation.codeFormat')),
  acceptTerms: v.literal<true, AuthMessageKey>(true, 'validation.acceptTerms'),
  optional: v.string(),
};

/**
 * Checks the values against a form's schema and returns the first message of each failing field;
 * an empty object means the form may be sent.
 */
export function validateFields<TField extends AuthField>(
  schema: v.GenericSchema,
  values: Record<string, unknown>,
): FieldErrors<TField> {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const nested = v.flatten(result.issues).nested ?? {};
  const errors: FieldErrors<TField> = {};
  for (const [field, messages] of Object.entries(nested) as [TField, string[] | undefined][]) {
    const key = messages?.[0] as AuthMessageKey | undefined;
    if (key) errors[field] = { key, values: { field, ...messageValues[key] } };
  }
  return errors;
}

export function hasErrors(errors: FieldErrors<AuthField>): boolean {
  return Object.keys(errors).length > 0;
}
