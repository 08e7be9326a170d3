import * as v from 'valibot';
import { emptyBody, endpoint, isoDateTime, noData } from './endpoint';
import { kycStatuses } from './kyc';
import { totpCodeInput } from './user';

/**
 * Sign-in, registration, recovery and the signed-in player's profile.
 *
 * The schemas bound types and sizes; rules with their own message in the requirements (user-name format,
 * password policy, accepting the terms, pay-password format) are checked by the server after the
 * schema so the answer names the rule. The patterns below are exported so the SPA checks the same.
 */

/** User names: letters and digits only (docs/requirements.md §5), 4 to 20 of them. */
export const accountNamePattern = /^[A-Za-z0-9]{4,20}$/;
export const passwordMinLength = 8;
export const passwordMaxLength = 128;
/** Longer input is refused by the schema; up to here the password policy names the problem. */
const secretInputMaxLength = 1024;
/** Pay passwords are six digits, typed on a keypad before money moves. */
export const payPasswordPattern = /^\d{6}$/;
export const emailCodePattern = /^\d{6}$/;
/** Seconds between two e-mail codes to the same address (docs/requirements.md §4.4: the 60 s countdown). */
export const emailCodeResendSeconds = 60;

// Messages are keys (docs/architecture.md §6), so a form checking these in the browser says what the
// server would; the server words its own refusal of a body from the field and the kind of problem.
/** Names and codes never contain control characters (PostgreSQL text cannot even hold NUL). */
const noControlCharacters = v.regex(/^[^\x00-\x1f\x7f-\x9f]*$/, 'validation.invalid');
const text = (max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(max, 'validation.invalid'),
    noControlCharacters,
  );
const secret = v.pipe(
  v.string(),
  v.nonEmpty('validation.required'),
  v.maxLength(secretInputMaxLength, 'validation.invalid'),
);
/** A sign-in name: the user name or the e-mail address. */
const account = text(254);
export const email = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(254, 'validation.email'),
  v.email('validation.email'),
);
/** The captcha's `uuid`: an opaque token the server signed (base64url), whatever its name suggests. */
export const captchaId = v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(128), v.regex(/^[A-Za-z0-9_-]+$/));
export const captchaAnswer = text(16);
const emailCode = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.regex(emailCodePattern, 'validation.codeFormat'),
);
/**
 * Optional everywhere; an empty string (an empty agentCode query parameter) means none. Codes are
 * issued in capitals, so one typed in small letters still finds its agent.
 */
const agentCode = v.optional(
  v.pipe(v.string(), v.trim(), v.toUpperCase(), v.maxLength(32, 'validation.invalid'), noControlCharacters),
);

const sessionToken = v.object({
  /** Sent back in the TOKEN header. */
  token: v.string(),
  expiresAt: isoDateTime,
});

/** A session, or, when the player turned on the code step, the ticket for /v2/app/auth/login/app-key. */
const sessionOrAppKeyTicket = v.union([sessionToken, v.object({ appKeyTicket: v.string(), expiresAt: isoDateTime })]);

const profile = v.object({
  userId: v.number(),
  username: v.string(),
  email: v.nullable(v.string()),
  nickname: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  pinyinName: v.nullable(v.string()),
  /** Game coins, in whole coins. */
  balance: v.number(),
  lastLoginAt: v.nullable(isoDateTime),
  registeredAt: isoDateTime,
  isAgent: v.boolean(),
  hasPassword: v.boolean(),
  hasPayPassword: v.boolean(),
  kycStatus: v.picklist(kycStatuses),
});
export type Profile = v.InferOutput<typeof profile>;

export const captchaQuery = endpoint({
  path: '/v2/app/auth/captcha',
  access: 'public',
  summary:
    'A new image captcha: img is a data URL, uuid (a signed token) goes back with the answer (single use, two minutes)',
  body: emptyBody,
  data: v.object({ img: v.string(), uuid: v.string() }),
});

export const identityProvidersQuery = endpoint({
  path: '/v2/app/auth/providers',
  access: 'public',
  summary:
    'Third-party sign-in on offer: the Google client id; the LINE channel id, authorize URL and the redirect URI the server exchanges codes for',
  body: emptyBody,
  data: v.object({
    google: v.nullable(v.object({ clientId: v.string() })),
    line: v.nullable(v.object({ channelId: v.string(), authorizeUrl: v.string(), redirectUri: v.string() })),
  }),
});

export const login = endpoint({
  path: '/v2/app/auth/login',
  access: 'public',
  summary: 'Sign in with user name or e-mail, password and captcha; remember gives a 30-day session',
  body: v.object({
    account,
    password: secret,
    uuid: captchaId,
    qrcode: captchaAnswer,
    remember: v.optional(v.boolean(), false),
  }),
  data: sessionOrAppKeyTicket,
});

export const loginWithAppKey = endpoint({
  path: '/v2/app/auth/login/app-key',
  access: 'public',
  summary:
    'The second step of a sign-in guarded by the app key: the ticket of the right password (or of Google or LINE) and a current code',
  body: v.object({
    appKeyTicket: v.pipe(v.string(), v.nonEmpty(), v.maxLength(128)),
    totpCode: totpCodeInput,
  }),
  data: sessionToken,
});

export const thirdPartyEvents = ['google', 'line'] as const;

export const login3 = endpoint({
  path: '/v2/app/auth/login3',
  access: 'public',
  summary:
    'Third-party sign-in: google takes the ID token, line the authorization code; creates or links the account; asks for the app key code like login',
  body: v.object({
    event: v.picklist(thirdPartyEvents),
    token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(8192)),
    agentCode,
  }),
  data: sessionOrAppKeyTicket,
});

export const sendRegisterCode = endpoint({
  path: '/v2/app/register/send/email/code',
  access: 'public',
  summary: 'Send a six-digit registration code to the address (once per 60 s per address)',
  body: v.object({ email }),
  data: noData,
});

export const validRegisterCode = endpoint({
  path: '/v2/app/register/valid',
  access: 'public',
  summary: 'Check the registration code; the address then counts as verified for 30 minutes in this browser',
  body: v.object({ email, code: emailCode, acceptTerms: v.boolean() }),
  data: noData,
});

export const registerUser = endpoint({
  path: '/v2/app/register/user',
  access: 'public',
  summary: 'Create the account for an address verified by /register/valid; signs the new player in',
  body: v.object({
    account: text(64),
    email,
    password: secret,
    agentCode,
  }),
  data: sessionToken,
});

export const sendResetCode = endpoint({
  path: '/v2/app/auth/send/email',
  access: 'public',
  summary:
    'Password recovery step 1: mails a reset code to the account’s address; answers the same for unknown accounts',
  body: v.object({ account, qrcode: captchaAnswer, uuid: captchaId }),
  data: noData,
});

export const resetPassword = endpoint({
  path: '/v2/app/auth/reset/password',
  access: 'public',
  summary: 'Password recovery step 2: qrcode is the e-mailed code; ends every session of the account',
  body: v.object({ account, newPassword: secret, qrcode: emailCode }),
  data: noData,
});

/*
 * The sign-in dialog's forms as the player fills them, checked in the browser before the call
 * (docs/requirements.md §5): the endpoints' bodies, plus the rules the server checks after the
 * schema (user-name format, password length, the agreement) and the password typed twice.
 */

/** A user name as one is chosen: letters and digits first (their own message), then the length. */
export const newAccountName = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.regex(/^[A-Za-z0-9]+$/, 'validation.accountFormat'),
  v.regex(accountNamePattern, 'validation.accountLength'),
);
/** A password as one is chosen: the policy's length here, its other rules on the server. */
export const newPassword = v.pipe(
  v.string(),
  v.nonEmpty('validation.required'),
  v.check(
    (password) => [...password].length >= passwordMinLength && password.length <= passwordMaxLength,
    'validation.passwordLength',
  ),
);
const repeatedPassword = v.pipe(v.string(), v.nonEmpty('validation.required'));

/** Sign-in: the captcha's answer is the body's `qrcode`; the uuid comes from the image shown. */
export const signInForm = v.omit(login.body, ['uuid']);

/** The code step of a sign-in guarded by the app key (docs/requirements.md §14.3). */
export const appKeyCodeForm = v.pick(loginWithAppKey.body, ['totpCode']);

/** Registration, step 1: the address, the code mailed to it, and the user agreement ticked. */
export const registerEmailForm = v.object({
  ...validRegisterCode.body.entries,
  acceptTerms: v.literal(true, 'validation.acceptTerms'),
});

/** Registration, step 2: the user name, the password twice and the optional agent code. */
export const registerAccountForm = v.pipe(
  v.object({
    account: newAccountName,
    password: newPassword,
    confirmPassword: repeatedPassword,
    agentCode: registerUser.body.entries.agentCode,
  }),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (values) => values.password === values.confirmPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPassword'],
  ),
);

/** Recovery, step 1: the account and the captcha's answer. */
export const recoveryAccountForm = v.pick(sendResetCode.body, ['account', 'qrcode']);

/** Recovery, step 2: the mailed code (the body's `qrcode`) and the new password twice. */
export const recoveryPasswordForm = v.pipe(
  v.object({ qrcode: emailCode, newPassword, confirmPassword: repeatedPassword }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (values) => values.newPassword === values.confirmPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPassword'],
  ),
);

export const updatePassword = endpoint({
  path: '/v2/app/auth/password/update',
  access: 'user',
  summary: 'Change the login password; ends the account’s other sessions',
  body: v.object({ oldPassword: secret, newPassword: secret }),
  data: noData,
});

export const updatePayPassword = endpoint({
  path: '/v2/app/auth/password/update/payment',
  access: 'user',
  summary:
    'Set the six-digit pay password (first time: confirm with the login password) or change it (confirm with the old pay password)',
  body: v.object({
    newPayPassword: v.pipe(v.string(), v.nonEmpty(), v.maxLength(secretInputMaxLength)),
    password: v.optional(secret),
    oldPayPassword: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(secretInputMaxLength))),
  }),
  data: noData,
});

const requiredInput = v.pipe(v.string(), v.nonEmpty('validation.required'));
const newPayPasswordInput = v.pipe(
  v.string(),
  v.nonEmpty('validation.required'),
  v.regex(payPasswordPattern, 'validation.payPasswordFormat'),
);
/**
 * The set-pay-password form as the player fills it: the login password confirms, the new pay
 * password is six digits (the rule the server checks after the body) and is typed twice.
 */
export const setPayPasswordForm = v.pipe(
  v.object({ password: requiredInput, newPayPassword: newPayPasswordInput, confirmPayPassword: requiredInput }),
  v.forward(
    v.partialCheck(
      [['newPayPassword'], ['confirmPayPassword']],
      (values) => values.newPayPassword === values.confirmPayPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPayPassword'],
  ),
);

/** The change-pay-password form: the current pay password confirms, and the new one must differ from it. */
export const changePayPasswordForm = v.pipe(
  v.object({ oldPayPassword: requiredInput, newPayPassword: newPayPasswordInput, confirmPayPassword: requiredInput }),
  v.forward(
    v.partialCheck(
      [['newPayPassword'], ['confirmPayPassword']],
      (values) => values.newPayPassword === values.confirmPayPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPayPassword'],
  ),
  v.forward(
    v.partialCheck(
      [['oldPayPassword'], ['newPayPassword']],
      (values) => values.oldPayPassword !== values.newPayPassword,
      'validation.payPasswordUnchanged',
    ),
    ['newPayPassword'],
  ),
);

/**
 * The login-password change form: the current password, and the new one within the password
 * policy's length, typed twice.
 */
export const changePasswordForm = v.pipe(
  v.object({
    oldPassword: requiredInput,
    newPassword,
    confirmPassword: requiredInput,
  }),
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (values) => values.newPassword === values.confirmPassword,
      'validation.passwordsMismatch',
    ),
    ['confirmPassword'],
  ),
);

export const logout = endpoint({
  path: '/v2/app/auth/logout',
  access: 'user',
  summary: 'End this session',
  body: emptyBody,
  data: noData,
});

export const authProfile = endpoint({
  path: '/v2/app/auth/get',
  access: 'user',
  summary: 'The signed-in player’s profile',
  body: emptyBody,
  data: profile,
});

export const userInfo = endpoint({
  path: '/v2/app/user/info',
  access: 'user',
  summary: 'The signed-in player’s profile (the session state’s user)',
  body: emptyBody,
  data: profile,
});

export const userGetInfo = endpoint({
  path: '/v2/app/user/get/info',
  access: 'user',
  summary: 'The signed-in player’s profile (account-setting page)',
  body: emptyBody,
  data: profile,
});
