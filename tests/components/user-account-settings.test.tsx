import type { Profile } from '@contract/auth';
import type { ProfileChanges } from '@contract/user';
import { accountSettingsMachine } from '@machines/account-settings.machine';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { AccountSettingsView, dialCodeOptions } from '@/features/user/account-settings-page';
import { startI18nIn } from './render';
import { renderPlayerView } from './user-pages-harness';

const profile: Profile = {
  userId: 3,
  username: 'taro2026',
  email: 'taro@example.jp',
  nickname: 'Taro',
  phone: '+819012345678',
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
const countries = [
  { code: 'JP', name: 'Japan', dialCode: '+81' },
  { code: 'US', name: 'United States', dialCode: '+1' },
  { code: 'CA', name: 'Canada', dialCode: '+1' },
];

function startSettings(player: Profile, refusal?: unknown) {
  const saved: ProfileChanges[] = [];
  const passwords: unknown[] = [];
  const options = dialCodeOptions(countries);
  const settings = createActor(
    accountSettingsMachine.provide({
      actors: {
        saveProfile: fromPromise(async ({ input }) => {
          saved.push(input);
          if (refusal) throw refusal;
        }),
        saveIdNumber: fromPromise(async () => {}),
        changePassword: fromPromise(async ({ input }) => void passwords.push(input)),
      },
    }),
    { input: { profile: player, dialCodes: options.map((option) => option.value) } },
  ).start();
  return { settings, saved, passwords, options };
}

describe('account settings', () => {
  it('one choice per dialling code, named by every country that shares it', () => {
    expect(dialCodeOptions(countries)).toEqual([
      { value: '+81', label: '+81 Japan' },
      { value: '+1', label: '+1 United States / Canada' },
    ]);
  });

  it('saves the names and phone that changed', async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { settings, saved, options } = startSettings(profile);
    renderPlayerView(<AccountSettingsView settings={settings} dialCodes={options} hasPayPassword={false} />);
    const form = await screen.findByRole('form', { name: 'Personal information' });
    expect(within(form).getByRole('textbox', { name: 'Phone number' })).toHaveValue('9012345678');
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: 'Last name' }), '山田');
    await user.type(within(form).getByRole('textbox', { name: 'First name' }), '太郎');
    await user.type(within(form).getByRole('textbox', { name: 'Name reading (kana)' }), 'ヤマダ タロウ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(saved).toEqual([{ lastName: '山田', firstName: '太郎', pinyinName: 'ヤマダ タロウ' }]);
  });

  it('names are read-only while identity is under review', async () => {
    await startI18nIn('en-US');
    const { settings, options } = startSettings({
      ...profile,
      firstName: '太郎',
      lastName: '山田',
      pinyinName: 'ヤマダ タロウ',
      kycStatus: 'pendingReview',
    });
    renderPlayerView(<AccountSettingsView settings={settings} dialCodes={options} hasPayPassword />);
    const form = await screen.findByRole('form', { name: 'Personal information' });
    expect(within(form).getByRole('textbox', { name: 'First name' })).toBeDisabled();
    expect(
      within(form).getAllByText('Your names cannot change while your identity is under review or verified.'),
    ).toHaveLength(3);
    expect(
      screen.getByText('The number cannot change while your identity is under review or verified.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change payment password' })).toHaveAttribute(
      'href',
      '/user/update-pay-password',
    );
  });

  it("shows the server's refusal on the field, in the reader's language", async () => {
    await startI18nIn('ja-JP');
    const user = userEvent.setup();
    const refusal = Object.assign(new Error('refused'), {
      code: 400,
      fields: { phone: '電話番号の形式が正しくありません' },
    });
    const { settings, options } = startSettings(profile, refusal);
    renderPlayerView(<AccountSettingsView settings={settings} dialCodes={options} hasPayPassword={false} />);
    const form = await screen.findByRole('form', { name: '個人情報' });
    await user.clear(within(form).getByRole('textbox', { name: '電話番号' }));
    await user.type(within(form).getByRole('textbox', { name: '電話番号' }), '080-1111-2222');
    await user.click(within(form).getByRole('button', { name: '保存' }));
    expect(await within(form).findByText('電話番号の形式が正しくありません')).toBeInTheDocument();
  });

  it("changes the login password only when the confirmation matches ('passwords do not match')", async () => {
    await startI18nIn('en-US');
    const user = userEvent.setup();
    const { settings, passwords, options } = startSettings(profile);
    renderPlayerView(<AccountSettingsView settings={settings} dialCodes={options} hasPayPassword={false} />);
    const form = await screen.findByRole('form', { name: 'Login password' });
    await user.type(within(form).getByLabelText('Current password'), 'Sakura-2024!x');
    await user.type(within(form).getByLabelText('New password'), 'Momiji-2025!');
    await user.type(within(form).getByLabelText('Confirm new password'), 'Momiji-2025?');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Passwords do not match')).toBeInTheDocument();
    expect(passwords).toEqual([]);
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'Momiji-2025!');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(passwords).toEqual([{ oldPassword: 'Sakura-2024!x', newPassword: 'Momiji-2025!' }]);
  });
});
