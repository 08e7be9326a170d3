import {
  appKeyCodeForm,
  recoveryAccountForm,
  recoveryPasswordForm,
  registerAccountForm,
  registerEmailForm,
  signInForm,
} from '@contract/auth';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

/** Each field's first message, as the form shows it. */
function messages(schema: v.GenericSchema, values: Record<string, unknown>) {
  const result = v.safeParse(schema, values);
  const nested = result.success ? {} : (v.flatten(result.issues).nested ?? {});
  return Object.fromEntries(Object.entries(nested).map(([field, keys]) => [field, keys?.[0]]));
}

const emailStep = { email: 'hanako@example.jp', code: '123456', acceptTerms: true };
const accountStep = { account: 'hanako7', password: 'correct horse', confirmPassword: 'correct horse', agentCode: '' };

describe('the sign-in dialog’s form rules', () => {
  it('accepts complete, well-formed forms', () => {
    expect(messages(signInForm, { account: 'hanako7', password: ' ', qrcode: 'k7PQ', remember: false })).toEqual({});
    expect(messages(registerEmailForm, emailStep)).toEqual({});
    expect(messages(registerAccountForm, accountStep)).toEqual({});
    expect(messages(registerAccountForm, { ...accountStep, agentCode: ' ag1234 ' })).toEqual({});
    expect(messages(recoveryAccountForm, { account: 'hanako7', qrcode: 'k7PQ' })).toEqual({});
    expect(
      messages(recoveryPasswordForm, { qrcode: '123456', newPassword: 'Momiji-2025', confirmPassword: 'Momiji-2025' }),
    ).toEqual({});
    expect(messages(appKeyCodeForm, { totpCode: ' 287082 ' })).toEqual({});
  });

  it("names each empty field with 'please input {field}'", () => {
    expect(messages(signInForm, { account: '  ', password: '', qrcode: '', remember: true })).toEqual({
      account: 'validation.required',
      password: 'validation.required',
      qrcode: 'validation.required',
    });
    expect(messages(registerEmailForm, { email: '  ', code: '', acceptTerms: true })).toEqual({
      email: 'validation.required',
      code: 'validation.required',
    });
    expect(messages(registerAccountForm, { account: '', password: '', confirmPassword: '', agentCode: '' })).toEqual({
      account: 'validation.required',
      password: 'validation.required',
      confirmPassword: 'validation.required',
    });
    expect(messages(recoveryAccountForm, { account: '', qrcode: ' ' })).toEqual({
      account: 'validation.required',
      qrcode: 'validation.required',
    });
    expect(messages(recoveryPasswordForm, { qrcode: '', newPassword: '', confirmPassword: '' })).toEqual({
      qrcode: 'validation.required',
      newPassword: 'validation.required',
      confirmPassword: 'validation.required',
    });
  });

  it('refuses a malformed e-mail address', () => {
    expect(messages(registerEmailForm, { ...emailStep, email: 'hanako@' })).toEqual({ email: 'validation.email' });
  });

  it('gives the account format message for anything but letters and digits, then the length', () => {
    for (const account of ['hanako_7', 'はなこ', 'hana ko']) {
      expect(messages(registerAccountForm, { ...accountStep, account })).toEqual({
        account: 'validation.accountFormat',
      });
    }
    for (const account of ['abc', 'a'.repeat(21)]) {
      expect(messages(registerAccountForm, { ...accountStep, account })).toEqual({
        account: 'validation.accountLength',
      });
    }
    expect(messages(registerAccountForm, { ...accountStep, account: ' hanako7 ' })).toEqual({});
  });

  it('asks for the server’s password length, and the same password twice', () => {
    expect(messages(registerAccountForm, { ...accountStep, password: 'short1!', confirmPassword: 'short1!' })).toEqual({
      password: 'validation.passwordLength',
    });
    expect(messages(registerAccountForm, { ...accountStep, confirmPassword: 'correct horsf' })).toEqual({
      confirmPassword: 'validation.passwordsMismatch',
    });
    expect(
      messages(recoveryPasswordForm, { qrcode: '123456', newPassword: 'Momiji-2025', confirmPassword: 'Momiji-2024' }),
    ).toEqual({ confirmPassword: 'validation.passwordsMismatch' });
  });

  it('asks for six digits as the e-mail code and the authenticator code', () => {
    for (const code of ['12345', '12a456']) {
      expect(messages(registerEmailForm, { ...emailStep, code })).toEqual({ code: 'validation.codeFormat' });
      expect(
        messages(recoveryPasswordForm, { qrcode: code, newPassword: 'Momiji-2025', confirmPassword: 'Momiji-2025' }),
      ).toEqual({ qrcode: 'validation.codeFormat' });
    }
    expect(messages(appKeyCodeForm, { totpCode: '28708' })).toEqual({ totpCode: 'validation.totpCode' });
  });

  it("requires the user agreement ('please choose user agreement')", () => {
    expect(messages(registerEmailForm, { ...emailStep, acceptTerms: false })).toEqual({
      acceptTerms: 'validation.acceptTerms',
    });
  });

  it('words every other problem as a key, never as valibot’s English', () => {
    expect(
      messages(signInForm, { account: 'a\u0000b', password: 'x', qrcode: 'k'.repeat(17), remember: true }),
    ).toEqual({
      account: 'validation.invalid',
      qrcode: 'validation.invalid',
    });
    expect(messages(registerAccountForm, { ...accountStep, agentCode: 'A'.repeat(33) })).toEqual({
      agentCode: 'validation.invalid',
    });
  });
});
