import type { Profile } from '@contract/auth';
import {
  type AccountSettingsSnapshot,
  accountSettingsMachine,
  passwordFields,
  selectIdNumberMessages,
  selectPasswordMessages,
  selectProfileMessages,
} from '@machines/account-settings.machine';
import type { FieldMessage } from '@machines/player-form-fields';
import type { Locator } from '@playwright/test';
import type { EventObject } from 'xstate';
import { expect, text } from './fixtures';
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
const wording = (message: FieldMessage) => ('text' in message ? message.text : say(message.key, message.values));
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

const regionEvents: Record<Region, EventObject[]> = {
  profile: [
    { type: 'profile.changed', field: 'nickname', value: 'Hana' },
    { type: 'profile.changed', field: 'firstName', value: '花子' },
    { type: 'profile.changed', field: 'dialCode', value: '+81' },
    { type: 'profile.changed', field: 'nationalNumber', value: '12' },
    { type: 'profile.changed', field: 'nationalNumber', value: '090-1111-2222' },
    { type: 'profile.submit' },
    { type: 'xstate.done.actor.saveProfile' },
    { type: 'xstate.error.actor.saveProfile', error: offline },
  ] as EventObject[],
  idNumber: [
    { type: 'idNumber.changed', value: 'AB-1234567' },
    { type: 'idNumber.changed', value: 'x!' },
    { type: 'idNumber.submit' },
    { type: 'xstate.done.actor.saveIdNumber' },
    { type: 'xstate.error.actor.saveIdNumber', error: offline },
  ] as EventObject[],
  password: [
    { type: 'password.changed', field: 'oldPassword', value: password },
    { type: 'password.changed', field: 'oldPassword', value: wrongPassword },
    { type: 'password.changed', field: 'newPassword', value: newPassword },
    { type: 'password.changed', field: 'newPassword', value: 'short' },
    { type: 'password.changed', field: 'confirmPassword', value: newPassword },
    { type: 'xstate.done.actor.changePassword' },
    { type: 'password.submit' },
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
const passwordMessages = [say('validation.required'), say('validation.passwordsMismatch'), passwordWrong];

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
      JSON.stringify([
        snapshot.value,
        snapshot.context.showErrors,
        snapshot.context.profile,
        snapshot.context.saved,
        snapshot.context.refusals,
        snapshot.context.idNumber,
        snapshot.context.password,
      ]),
    unsupported(step, previous) {
      if (region !== 'password') return null;
      // The server decides by the current password typed: the right one is accepted, a wrong one refused.
      const typed = (previous.context.password as { oldPassword: string }).oldPassword;
      if (step.event.type === 'xstate.done.actor.changePassword' && typed !== password)
        return 'the server refuses a wrong current password';
      if (errorCode(step) === 400 && typed === password) return 'the server accepts the right current password';
      return null;
    },
    inFlight: [{ [region]: 'saving' }],
    // Once changed, the password the path types as the current one is no longer it.
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
      const { event } = step;
      switch (event.type) {
        case 'profile.changed': {
          const form = main.getByRole('form', { name: say('settings.profile.title') });
          if (event.field === 'dialCode') {
            await form.getByRole('combobox', { name: say('fields.dialCode') }).click();
            await page.getByRole('option', { name: /^\+81 / }).click();
            return;
          }
          const label = event.field === 'nationalNumber' ? 'fields.phone' : `fields.${event.field as string}`;
          await form.getByRole('textbox', { name: say(label), exact: true }).fill(event.value as string);
          return;
        }
        case 'profile.submit':
          await main
            .getByRole('form', { name: say('settings.profile.title') })
            .getByRole('button', { name: say('settings.save') })
            .click();
          return;
        case 'idNumber.changed':
          await main
            .getByRole('form', { name: say('settings.idNumber.title') })
            .getByRole('textbox', { name: say('fields.idNumber') })
            .fill(event.value as string);
          return;
        case 'idNumber.submit':
          await main
            .getByRole('form', { name: say('settings.idNumber.title') })
            .getByRole('button', { name: idNumberButton })
            .click();
          return;
        case 'password.changed':
          await main
            .getByRole('form', { name: say('settings.password.title') })
            .getByLabel(say(`fields.${event.field as string}`), { exact: true })
            .fill(event.value as string);
          return;
        case 'password.submit':
          await main
            .getByRole('form', { name: say('settings.password.title') })
            .getByRole('button', { name: say('settings.password.submit') })
            .click();
          return;
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
      const { context } = model;
      if (region === 'profile') {
        const form = main.getByRole('form', { name: say('settings.profile.title') });
        for (const field of ['nickname', 'firstName', 'lastName', 'pinyinName'] as const)
          await expect(form.getByRole('textbox', { name: say(`fields.${field}`), exact: true })).toHaveValue(
            context.profile[field],
          );
        await expect(form.getByRole('textbox', { name: say('fields.phone'), exact: true })).toHaveValue(
          context.profile.nationalNumber,
        );
        await expect(form.getByRole('combobox', { name: say('fields.dialCode') })).toHaveValue(
          context.profile.dialCode === '' ? '' : /^\+81 /,
        );
        const shown = Object.values(selectProfileMessages(model))
          .filter((message): message is FieldMessage => message !== undefined)
          .map(wording);
        await expectMessages(form, shown, profileMessages);
      } else if (region === 'idNumber') {
        const form = main.getByRole('form', { name: say('settings.idNumber.title') });
        await expect(form.getByRole('textbox', { name: say('fields.idNumber') })).toHaveValue(context.idNumber);
        const message = selectIdNumberMessages(model).idNumber;
        const possible = [say('validation.required'), say('validation.idNumber')];
        await expectMessages(form, message ? [wording(message)] : [], possible);
      } else {
        const form = main.getByRole('form', { name: say('settings.password.title') });
        for (const field of passwordFields)
          await expect(form.getByLabel(say(`fields.${field}`), { exact: true })).toHaveValue(context.password[field]);
        const shown = Object.values(selectPasswordMessages(model))
          .filter((message): message is FieldMessage => message !== undefined)
          .map(wording);
        await expectMessages(form, shown, passwordMessages);
      }
    },
  };
}

replayMachinePaths(
  {
    profileSettings: settingsAdapter('profile'),
    idNumberSettings: settingsAdapter('idNumber'),
    passwordSettings: settingsAdapter('password'),
  },
  runId,
  90_000,
);
