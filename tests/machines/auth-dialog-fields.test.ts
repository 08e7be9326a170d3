import { fieldRules, validateFields } from '@machines/auth-dialog-fields';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';

const registrationLike = v.object({
  email: fieldRules.email,
  username: fieldRules.username,
  password: fieldRules.newPassword,
  code: fieldRules.emailCode,
  acceptTerms: fieldRules.acceptTerms,
});

const valid = {
  email: 'hanako@example.jp',
  username: 'hanako7',
  password: 'correct horse',
  code: '123456',
  acceptTerms: true,
};

describe('auth field rules', () => {
  it('accepts a complete, well-formed form', () => {
    expect(validateFields(registrationLike, valid)).toEqual({});
  });

  it("names each empty field with 'please input {field}'", () => {
    const errors = validateFields(registrationLike, { ...valid, email: '  ', username: '', password: '', code: '' });
    expect(errors).toEqual({
      email: { key: 'validation.required', values: { field: 'email' } },
      username: { key: 'validation.required', values: { field: 'username' } },
      password: { key: 'validation.required', values: { field: 'password' } },
      code: { key: 'validation.required', values: { field: 'code' } },
    });
  });

  it('refuses a malformed e-mail address', () => {
    expect(validateFields(registrationLike, { ...valid, email: 'hanako@' }).email?.key).toBe('validation.email');
  });

  it('gives the account format message for anything but letters and digits', () => {
    for (const username of ['hanako_7', 'はなこ', 'hana ko']) {
      expect(validateFields(registrationLike, { ...valid, username }).username?.key).toBe('validation.accountFormat');
    }
    expect(validateFields(registrationLike, { ...valid, username: 'abc' }).username?.key).toBe(
      'validation.accountLength',
    );
    expect(validateFields(registrationLike, { ...valid, username: 'a'.repeat(21) }).username?.key).toBe(
      'validation.accountLength',
    );
  });

  it('asks for the server’s password length, with the numbers in the message', () => {
    expect(validateFields(registrationLike, { ...valid, password: 'short1!' }).password).toEqual({
      key: 'validation.passwordLength',
      values: { field: 'password', min: 8, max: 128 },
    });
  });

  it('asks for six digits as the e-mail code', () => {
    expect(validateFields(registrationLike, { ...valid, code: '12345' }).code?.key).toBe('validation.codeFormat');
    expect(validateFields(registrationLike, { ...valid, code: '12a456' }).code?.key).toBe('validation.codeFormat');
  });

  it("requires the user agreement ('please choose user agreement')", () => {
    expect(validateFields(registrationLike, { ...valid, acceptTerms: false }).acceptTerms?.key).toBe(
      'validation.acceptTerms',
    );
  });
});
