import type { Profile } from '@contract/auth';
import {
  type AccountSettingsContext,
  type AccountSettingsSnapshot,
  accountSettingsMachine,
  selectIdNumberRefusals,
  selectPasswordRefusals,
  selectProfileRefusals,
} from '@machines/account-settings.machine';
import type { Locator } from '@playwright/test';
import type { EventObject } from 'xstate';
import { expect, test, text } from './fixtures';
import { type Adapter, replayMachinePaths, type Step } from './machine-replay';
import { moneyPlayer, openMoneyPage } from './money-players';

/**
 * The account-setting page's forms replayed as clicks (see machine-replay.ts), one walk per form as
 * in the model tests: personal information, the ID number, and the login password.
 *
 * Outcomes come from the real server: a wrong current password is refused, the right one accepted.
 * The profile and the ID number are refused only while identity is locked, which a new player's is
 * not; their failures are failed networks, the only condition the test makes itself (the request is
 * aborted before it leaves the browser).
 */

const locale = 'en-US';
const password = 'Settings-Paths-2026!';
const newPassword = 'Sakura-Paths-2027!';
const wrongPassword = 'Not-my-password-1';
const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const say = (key: string, values: Record<string, string | number> = {}) => text(locale, `user:${key}`, values);
const offline = Object.assign(new Error('Failed to fetch'), { code: 0, fields: {} });
const errorCode = (step: Step) => (step.event as { error?: { code?: number } }).error?.code;
const passwordWrong = text(locale, 'server:auth.passwordWrong');

/** A new player's profile, as the page gives it to the live actor. */
const newPlayer: Profile = {
  userId: 0,
  username: 'new',
  email: 'new@example.jp',
  nickname: null,
  phone: null,
  firstName: null,
  lastName: null,
  pinyinName: null,
  balance: 0,
  lastLoginAt: null,
  registeredAt: '2026-11-01T00:00:00.000Z',
  isAgent: false,
  hasPassword: true,
  hasPayPassword: false,
  kycStatus: 'notSubmitted',
};

/** Every message a form can show, as often as the model shows it (fields may share one). */
async function expectMessages(scope: Locator, shown: string[], possible: string[]) {
  for (const message of new Set([...shown, ...possible]))
    await expect(scope.getByText(message, { exact: true })).toHaveCount(
      shown.filter((each) => each === message).length,
    );
}

/** The ID number's button says "save" until a number is on record, then "change". */
const idNumberButton = new RegExp(`^(${say('settings.idNumber.record')}|${say('settings.idNumber.change')})$`);

type Region = 'profile' | 'idNumber' | 'password';

/** Two profiles the form may send; each differs from the other, so either can follow a save of the other. */
const profileSent = (nickname: string) => ({
  type: 'profile.submit',
  nickname,
  dialCode: '+81',
  nationalNumber: '090-1111-2222',
  firstName: '花子',
  lastName: '',
  pinyinName: '',
});

const regionEvents: Record<Region, EventObject[]> = {
  profile: [
    profileSent('Hana'),
    profileSent('Hanako'),
    { type: 'xstate.done.actor.saveProfile' },
    { type: 'xstate.error.actor.saveProfile', error: offline },
  ] as EventObject[],
  idNumber: [
    { type: 'idNumber.submit', idNumber: 'AB-1234567' },
    { type: 'xstate.done.actor.saveIdNumber' },
    { type: 'xstate.error.actor.saveIdNumber', error: offline },
  ] as EventObject[],
  password: [
    { type: 'password.submit', oldPassword: password, newPassword },
    { type: 'password.submit', oldPassword: wrongPassword, newPassword },
    { type: 'xstate.done.actor.changePassword' },
    {
      type: 'xstate.error.actor.changePassword',
      error: Object.assign(new Error(passwordWrong), { code: 400, fields: { oldPassword: passwordWrong } }),
    },
    { type: 'xstate.error.actor.changePassword', error: offline },
  ] as EventObject[],
};

const profileMessages = [
  'validation.required',
  'validation.dialCode',
  'validation.phone',
  'validation.name',
  'validation.nickname',
].map((key) => say(key));
const passwordMessages = [
  say('validation.required'),
  say('validation.passwordsMismatch'),
  say('validation.passwordLength', { min: 8, max: 128 }),
  passwordWrong,
];
const profileTextFields = ['nickname', 'nationalNumber', 'firstName', 'lastName', 'pinyinName'] as const;
const profileLabel = (field: (typeof profileTextFields)[number]) =>
  say(field === 'nationalNumber' ? 'fields.phone' : `fields.${field}`);

function settingsAdapter(region: Region): Adapter {
  const calls: Record<Region, [string, string]> = {
    profile: ['saveProfile', '/v2/app/user/update'],
    idNumber: ['saveIdNumber', '/v2/app/user/update/idNumber'],
    password: ['changePassword', '/v2/app/auth/password/update'],
  };
  const [actor, url] = calls[region];
  return {
    machine: accountSettingsMachine,
    input: { profile: newPlayer, dialCodes: ['+81'] },
    events: regionEvents[region],
    serializeState: (snapshot) =>
      JSON.stringify([snapshot.value, snapshot.context.saved, snapshot.context.sent, snapshot.context.refusals]),
    unsupported(step, previous) {
      if (region !== 'password') return null;
      // The server decides by the current password sent: the right one is accepted, a wrong one refused.
      const sent = (previous.context.sent as AccountSettingsContext['sent']).password.oldPassword;
      if (step.event.type === 'xstate.done.actor.changePassword' && sent !== password)
        return 'the server refuses a wrong current password';
      if (errorCode(step) === 400 && sent === password) return 'the server accepts the right current password';
      return null;
    },
    inFlight: [{ [region]: 'saving' }],
    // Once changed, the password the path sends as the current one is no longer it.
    oncePerPath: ['xstate.done.actor.changePassword'],
    calls: { [actor]: url },
    networkFailures: [actor],
    isNetworkFailure: (step) => errorCode(step) === 0,
    async start({ page, request }) {
      const player = await moneyPlayer(request, locale, password, 'new');
      await openMoneyPage(page, locale, player, '/user/account-setting');
    },
    async perform({ page }, step) {
      const main = page.getByRole('main');
      const event = step.event as Record<string, string> & EventObject;
      switch (event.type) {
        case 'profile.submit': {
          const form = main.getByRole('form', { name: say('settings.profile.title') });
          const dialCode = form.getByRole('combobox', { name: say('fields.dialCode') });
          if (!/^\+81 /.test(await dialCode.inputValue())) {
            await dialCode.click();
            await page.getByRole('option', { name: /^\+81 / }).click();
          }
          for (const field of profileTextFields)
            await form.getByRole('textbox', { name: profileLabel(field), exact: true }).fill(event[field] ?? '');
          await form.getByRole('button', { name: say('settings.save') }).click();
          return;
        }
        case 'idNumber.submit': {
          const form = main.getByRole('form', { name: say('settings.idNumber.title') });
          await form.getByRole('textbox', { name: say('fields.idNumber') }).fill(event.idNumber ?? '');
          await form.getByRole('button', { name: idNumberButton }).click();
          return;
        }
        case 'password.submit': {
          const form = main.getByRole('form', { name: say('settings.password.title') });
          const values = {
            oldPassword: event.oldPassword,
            newPassword: event.newPassword,
            confirmPassword: event.newPassword,
          };
          for (const [field, value] of Object.entries(values))
            await form.getByLabel(say(`fields.${field}`), { exact: true }).fill(value ?? '');
          await form.getByRole('button', { name: say('settings.password.submit') }).click();
          return;
        }
        case 'xstate.done.actor.saveProfile':
          await expect(page.getByText(say('settings.profile.saved'))).toBeVisible();
          return;
        case 'xstate.done.actor.saveIdNumber':
          await expect(page.getByText(say('settings.idNumber.saved'))).toBeVisible();
          return;
        case 'xstate.done.actor.changePassword':
          await expect(page.getByText(say('settings.password.saved'))).toBeVisible();
          return;
        default:
      }
    },
    async check({ page }, snapshot) {
      if (snapshot.matches({ [region]: 'saving' })) return;
      const model = snapshot as unknown as AccountSettingsSnapshot;
      const main = page.getByRole('main');
      // Each form shows what it last sent; a saved form starts afresh from what the server now has.
      const { sent } = model.context;
      if (region === 'profile') {
        const form = main.getByRole('form', { name: say('settings.profile.title') });
        for (const field of profileTextFields)
          await expect(form.getByRole('textbox', { name: profileLabel(field), exact: true })).toHaveValue(
            sent.profile[field],
          );
        await expect(form.getByRole('combobox', { name: say('fields.dialCode') })).toHaveValue(
          sent.profile.dialCode === '' ? '' : /^\+81 /,
        );
        await expectMessages(form, Object.values(selectProfileRefusals(model)), profileMessages);
      } else if (region === 'idNumber') {
        const form = main.getByRole('form', { name: say('settings.idNumber.title') });
        await expect(form.getByRole('textbox', { name: say('fields.idNumber') })).toHaveValue(sent.idNumber);
        const possible = [say('validation.required'), say('validation.idNumber')];
        await expectMessages(form, Object.values(selectIdNumberRefusals(model)), possible);
      } else {
        const form = main.getByRole('form', { name: say('settings.password.title') });
        const values = { ...sent.password, confirmPassword: sent.password.newPassword };
        for (const [field, value] of Object.entries(values))
          await expect(form.getByLabel(say(`fields.${field}`), { exact: true })).toHaveValue(value);
        await expectMessages(form, Object.values(selectPasswordRefusals(model)), passwordMessages);
      }
    },
  };
}

/** The forms' own checks, which no longer pass through the machine: each field's message, and no call. */
test('account settings: the forms refuse in the browser what the server would', async ({ page, request }) => {
  const player = await moneyPlayer(request, locale, password, 'new');
  let calls = 0;
  page.on('request', (sent) => {
    if (/\/v2\/app\/(user\/update|auth\/password\/update)/.test(sent.url())) calls += 1;
  });
  await openMoneyPage(page, locale, player, '/user/account-setting');
  const main = page.getByRole('main');

  const profile = main.getByRole('form', { name: say('settings.profile.title') });
  await profile.getByRole('textbox', { name: say('fields.phone'), exact: true }).fill('12');
  await profile.getByRole('button', { name: say('settings.save') }).click();
  await expectMessages(profile, [say('validation.dialCode')], profileMessages);
  await profile.getByRole('combobox', { name: say('fields.dialCode') }).click();
  await page.getByRole('option', { name: /^\+81 / }).click();
  await profile.getByRole('button', { name: say('settings.save') }).click();
  await expectMessages(profile, [say('validation.phone')], profileMessages);

  const idNumber = main.getByRole('form', { name: say('settings.idNumber.title') });
  await idNumber.getByRole('button', { name: idNumberButton }).click();
  await expectMessages(idNumber, [say('validation.required')], [say('validation.idNumber')]);
  await idNumber.getByRole('textbox', { name: say('fields.idNumber') }).fill('x!');
  await idNumber.getByRole('button', { name: idNumberButton }).click();
  await expectMessages(idNumber, [say('validation.idNumber')], [say('validation.required')]);

  const passwords = main.getByRole('form', { name: say('settings.password.title') });
  await passwords.getByRole('button', { name: say('settings.password.submit') }).click();
  await expectMessages(passwords, Array(3).fill(say('validation.required')), passwordMessages);
  await passwords.getByLabel(say('fields.oldPassword'), { exact: true }).fill(password);
  await passwords.getByLabel(say('fields.newPassword'), { exact: true }).fill('short');
  await passwords.getByLabel(say('fields.confirmPassword'), { exact: true }).fill('other');
  await passwords.getByRole('button', { name: say('settings.password.submit') }).click();
  await expectMessages(
    passwords,
    [say('validation.passwordLength', { min: 8, max: 128 }), say('validation.passwordsMismatch')],
    passwordMessages,
  );
  expect(calls).toBe(0);
});

replayMachinePaths(
  {
    profileSettings: settingsAdapter('profile'),
    idNumberSettings: settingsAdapter('idNumber'),
    passwordSettings: settingsAdapter('password'),
  },
  runId,
  90_000,
);
