import * as v from 'valibot';
import { emptyBody, endpoint, isoDateTime, noData } from './endpoint';
import { singleLine } from './plain-text';

const personName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.name'),
  v.maxLength(50, 'validation.name'),
  singleLine,
);

/** E.164: the country's dialling code (from /v2/app/country) followed by the subscriber number. */
export const phoneInput = v.pipe(v.string(), v.regex(/^\+[1-9]\d{6,14}$/, 'validation.phone'));

/**
 * Profile fields a player may change. Absent fields stay as they are; the names used for currency
 * exchange can no longer change once KYC is approved (the server answers 422 then).
 */
const profileChanges = v.object({
  nickname: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('validation.nickname'), v.maxLength(20, 'validation.nickname'), singleLine),
  ),
  phone: v.optional(phoneInput),
  firstName: v.optional(personName),
  lastName: v.optional(personName),
  /** The reading of the name (kana or pinyin) as the bank knows it. */
  pinyinName: v.optional(
    v.pipe(v.string(), v.trim(), v.nonEmpty('validation.name'), v.maxLength(100, 'validation.name'), singleLine),
  ),
});
export type ProfileChanges = v.InferInput<typeof profileChanges>;

export const updateProfile = endpoint({
  path: '/v2/app/user/update',
  access: 'user',
  summary: 'Change the nickname, phone and personal names of the signed-in player',
  body: profileChanges,
  data: noData,
});

export const idNumberInput = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9-]{4,32}$/, 'validation.idNumber'));

export const updateIdNumber = endpoint({
  path: '/v2/app/user/update/idNumber',
  access: 'user',
  summary: 'Record the number of the identity document used for KYC (only while KYC is not approved)',
  body: v.object({ idNumber: idNumberInput }),
  data: noData,
});

/** The E.164 form of a number typed the national way: separators and the trunk prefix 0 dropped. */
export function composePhone(dialCode: string, nationalNumber: string): string {
  const digits = nationalNumber
    .normalize('NFKC')
    .replace(/[\s\-().]/g, '')
    .replace(/^0+/, '');
  return `${dialCode}${digits}`;
}

/** The personal-information form's fields: the phone as the dialling code picked and the number typed. */
export interface ProfileFormValues {
  nickname: string;
  dialCode: string;
  nationalNumber: string;
  firstName: string;
  lastName: string;
  pinyinName: string;
}

/**
 * The personal-information form as the player fills it, against the profile the server has
 * (`saved`): the update's sizes, a field that had a value may not be emptied (the server has no
 * "clear"), a number needs its dialling code and must make a valid E.164 number, and the names are
 * not checked while identity is locked (they are not sent then). Its output is the values trimmed.
 */
export function profileForm(saved: ProfileFormValues, identityLocked: boolean) {
  const kept = (field: keyof ProfileFormValues) =>
    v.check((value: string) => value !== '' || saved[field] === '', 'validation.required');
  const name = (field: 'firstName' | 'lastName' | 'pinyinName', max: number) =>
    identityLocked
      ? v.pipe(v.string(), v.trim())
      : v.pipe(v.string(), v.trim(), v.maxLength(max, 'validation.name'), kept(field));
  const phoneAsked = (nationalNumber: string) => nationalNumber !== '' || saved.nationalNumber !== '';
  return v.pipe(
    v.object({
      nickname: v.pipe(v.string(), v.trim(), v.maxLength(20, 'validation.nickname'), kept('nickname')),
      // The dialling-code picker is empty (null) until a code is chosen.
      dialCode: v.pipe(v.nullable(v.string(), ''), v.trim()),
      nationalNumber: v.pipe(v.string(), v.trim()),
      firstName: name('firstName', 50),
      lastName: name('lastName', 50),
      pinyinName: name('pinyinName', 100),
    }),
    v.forward(
      v.partialCheck(
        [['dialCode'], ['nationalNumber']],
        ({ dialCode, nationalNumber }) => !phoneAsked(nationalNumber) || dialCode !== '',
        'validation.dialCode',
      ),
      ['dialCode'],
    ),
    v.forward(
      v.partialCheck(
        [['dialCode'], ['nationalNumber']],
        ({ dialCode, nationalNumber }) =>
          !phoneAsked(nationalNumber) || dialCode === '' || v.is(phoneInput, composePhone(dialCode, nationalNumber)),
        'validation.phone',
      ),
      ['nationalNumber'],
    ),
  );
}

/** The ID-number form: asked for, then the update's format. */
export const idNumberForm = v.object({
  idNumber: v.pipe(v.string(), v.nonEmpty('validation.required'), idNumberInput),
});

/** Six digits of an authenticator app (RFC 6238). */
export const totpCodeInput = v.pipe(v.string(), v.trim(), v.regex(/^\d{6}$/, 'validation.totpCode'));

const authenticatorKey = v.object({
  /** Base32 shared secret for an authenticator app; null once bound (it is shown only until then). */
  secret: v.nullable(v.string()),
  /** otpauth:// URI to show as a QR code; null once bound. */
  otpauthUri: v.nullable(v.string()),
  createdAt: isoDateTime,
  /** When the player proved the key with a code; null while unbound. */
  boundAt: v.nullable(isoDateTime),
  /** Whether the web sign-in asks for a code after the password. */
  webSignIn: v.boolean(),
});
export type AuthenticatorKey = v.InferOutput<typeof authenticatorKey>;

export const authenticatorKeyQuery = endpoint({
  path: '/v2/app/user/google/key',
  access: 'user',
  summary: 'The player’s authenticator (Google Authenticator) key, created on first request',
  body: emptyBody,
  data: authenticatorKey,
});

export const authenticatorKeyBind = endpoint({
  path: '/v2/app/user/google/key/bind',
  access: 'user',
  summary: 'Bind the authenticator key by entering one current code of it',
  body: v.object({ totpCode: totpCodeInput }),
  data: authenticatorKey,
});

export const authenticatorKeyWebSignIn = endpoint({
  path: '/v2/app/user/google/key/web-sign-in',
  access: 'user',
  summary: 'Turn the code step of the web sign-in on or off (needs a bound key and a current code)',
  body: v.object({ enabled: v.boolean(), totpCode: totpCodeInput }),
  data: authenticatorKey,
});

export const authenticatorKeyResetConfirm = endpoint({
  path: '/v2/app/user/google/key/reset/confirm',
  access: 'user',
  summary: 'Confirm a key replacement with the pay password: allows one replacement within five minutes',
  body: v.object({ payPassword: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) }),
  data: v.object({ resetAllowedUntil: isoDateTime }),
});

export const authenticatorKeyReset = endpoint({
  path: '/v2/app/user/google/key/reset',
  access: 'user',
  summary: 'Replace the authenticator key (after a confirmation); the old key stops working at once',
  body: emptyBody,
  data: authenticatorKey,
});

const aliasAccount = v.object({
  /** A second sign-in name for the app that does not reveal the account name. */
  aliasAccount: v.string(),
  createdAt: isoDateTime,
});
export type AliasAccount = v.InferOutput<typeof aliasAccount>;

export const aliasAccountQuery = endpoint({
  path: '/v2/app/user/alias/account',
  access: 'user',
  summary: 'The player’s alias account, created on first request',
  body: emptyBody,
  data: aliasAccount,
});

export const aliasAccountReset = endpoint({
  path: '/v2/app/user/alias/account/reset',
  access: 'user',
  summary: 'Replace the alias account with a new one',
  body: emptyBody,
  data: aliasAccount,
});

export const appLoginQrCode = endpoint({
  path: '/v2/app/user/login/qr/code',
  access: 'user',
  summary: 'A single-use, short-lived code the app scans (as a QR code) to sign in as this player',
  body: emptyBody,
  data: v.object({ loginCode: v.string(), expiresAt: isoDateTime }),
});

const loginCodeInput = v.pipe(v.string(), v.trim(), v.regex(/^[A-Za-z0-9_-]{16,64}$/, 'validation.loginCode'));

/**
 * Where an app sign-in code stands: shown and not yet scanned; scanned, the app waiting for the
 * player's approval on the device that shows it; approved, the app about to open its session;
 * signed in on the app; refused by the player; past its time.
 */
export const appLoginStatuses = ['waiting', 'awaitingApproval', 'approved', 'signedIn', 'refused', 'expired'] as const;
export type AppLoginStatus = (typeof appLoginStatuses)[number];

export const appLoginQrStatus = endpoint({
  path: '/v2/app/user/login/qr/status',
  access: 'user',
  summary:
    'Where one of the player’s app sign-in codes stands, with the name of the device that asks to sign in when there is one',
  body: v.object({ loginCode: loginCodeInput }),
  data: v.object({ status: v.picklist(appLoginStatuses), device: v.nullable(v.string()) }),
});

export const appLoginQrDecide = endpoint({
  path: '/v2/app/user/login/qr/decide',
  access: 'user',
  summary: 'The player approves or refuses the sign-in a device asked for with one of the player’s codes',
  body: v.object({ loginCode: loginCodeInput, approve: v.boolean() }),
  data: v.object({ status: v.picklist(appLoginStatuses) }),
});

/** The name a device gives itself when it asks to sign in ("Chrome on Android"), shown to the player. */
const deviceName = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(64), singleLine);

export const appLoginQrExchange = endpoint({
  path: '/v2/app/login/qr/exchange',
  access: 'public',
  summary:
    'The companion app asks to sign in with a scanned code, once and before it expires (with a current authenticator code when the player bound a key); the player then approves or refuses on the device that shows the code',
  body: v.object({ loginCode: loginCodeInput, totpCode: v.optional(totpCodeInput), device: v.optional(deviceName) }),
  data: v.object({ requestToken: v.string(), expiresAt: isoDateTime }),
});

export const appLoginQrClaim = endpoint({
  path: '/v2/app/login/qr/claim',
  access: 'public',
  summary:
    'The app that asked follows its sign-in: still awaiting the player’s approval, or signed in with a session of its own (once); a refused or expired sign-in is refused',
  body: v.object({
    loginCode: loginCodeInput,
    requestToken: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(128)),
  }),
  data: v.object({
    status: v.picklist(['awaitingApproval', 'signedIn']),
    token: v.nullable(v.string()),
    expiresAt: v.nullable(isoDateTime),
  }),
});

/** The sign-in code as the app's sign-in screen takes it when it is typed (docs/requirements.md §14.6). */
export const appLoginCodeForm = v.pick(appLoginQrExchange.body, ['loginCode']);

/**
 * A new player's first steps (docs/requirements.md §2.11), each done or not by the account's state:
 * identity verified, a bank card bound, a pay password set, a deposit credited (yen or crypto).
 */
export const firstStepsQuery = endpoint({
  path: '/v2/app/user/first-steps',
  access: 'user',
  summary: 'Which of the first steps (identity, bank card, pay password, first deposit) the player has done',
  body: emptyBody,
  data: v.object({
    identity: v.boolean(),
    bankCard: v.boolean(),
    payPassword: v.boolean(),
    firstDeposit: v.boolean(),
  }),
});
export type FirstSteps = v.InferOutput<typeof firstStepsQuery.data>;
