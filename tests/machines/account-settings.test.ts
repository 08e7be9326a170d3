import type { Profile } from '@contract/auth';
import type { ProfileChanges } from '@contract/user';
import {
  accountSettingsMachine,
  composePhone,
  identityLocked,
  selectIdNumberMessages,
  selectPasswordMessages,
  selectProfileDirty,
  selectProfileMessages,
  selectProfileValues,
  splitPhone,
} from '@machines/account-settings.machine';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { dialCodes, profile, refusal, regionModels } from '../models/account-settings.model';
import { modelPaths, replayPath } from './model-paths';

describe('account settings machine model', () => {
  for (const [region, regionModel] of Object.entries(regionModels)) {
    const paths = modelPaths(regionModel);

    it(`reaches editing and saving of the ${region} form`, () => {
      const reached = new Set(paths.map((p) => JSON.stringify((p.path.state.value as Record<string, string>)[region])));
      expect(reached).toEqual(new Set(['"editing"', '"saving"']));
    });

    for (const { path, description } of paths) {
      it(`replays [${region}] ${description}`, async () => {
        await replayPath(regionModel, path, (live, model) => {
          expect(selectProfileMessages(live)).toEqual(selectProfileMessages(model));
          expect(selectPasswordMessages(live)).toEqual(selectPasswordMessages(model));
          expect(selectProfileValues(live)).toEqual(selectProfileValues(model));
        });
      });
    }
  }
});

describe('account settings rules', () => {
  function start(options: { profile?: Partial<Profile>; fail?: Partial<Record<string, unknown>> } = {}) {
    const calls: { name: string; input: unknown }[] = [];
    const effects: string[] = [];
    const call = <TInput>(name: string) =>
      fromPromise<void, TInput>(async ({ input: body }) => {
        calls.push({ name, input: body });
        const failure = options.fail?.[name];
        if (failure) throw failure;
      });
    const actor = createActor(
      accountSettingsMachine.provide({
        actors: {
          saveProfile: call<ProfileChanges>('saveProfile'),
          saveIdNumber: call<{ idNumber: string }>('saveIdNumber'),
          changePassword: call<{ oldPassword: string; newPassword: string }>('changePassword'),
        },
        actions: {
          profileSaved: () => void effects.push('profileSaved'),
          idNumberSaved: () => void effects.push('idNumberSaved'),
          passwordChanged: () => void effects.push('passwordChanged'),
        },
      }),
      { input: { profile: { ...profile, ...options.profile }, dialCodes } },
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return { actor, calls, effects, settle };
  }

  it('splits a stored number at the longest dialling code and composes the national form back', () => {
    expect(splitPhone('+85291234567', dialCodes)).toEqual({ dialCode: '+852', nationalNumber: '91234567' });
    expect(splitPhone('+819012345678', dialCodes)).toEqual({ dialCode: '+81', nationalNumber: '9012345678' });
    expect(splitPhone(null, dialCodes)).toEqual({ dialCode: '', nationalNumber: '' });
    expect(composePhone('+81', '090-1234-5678')).toBe('+819012345678');
    expect(composePhone('+81', '０９０ １２３４ ５６７８')).toBe('+819012345678');
  });

  it('sends only the fields that changed, trimmed', async () => {
    const { actor, calls, effects, settle } = start();
    actor.send({ type: 'profile.changed', field: 'nickname', value: ' Hana ' });
    expect(selectProfileDirty(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'profile.changed', field: 'firstName', value: ' 花子 ' });
    actor.send({ type: 'profile.changed', field: 'nationalNumber', value: '080-2222-3333' });
    actor.send({ type: 'profile.submit' });
    await settle();
    expect(calls).toEqual([{ name: 'saveProfile', input: { firstName: '花子', phone: '+818022223333' } }]);
    expect(effects).toEqual(['profileSaved']);
    expect(selectProfileDirty(actor.getSnapshot())).toBe(false);
  });

  it('an unchanged form sends nothing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'profile.submit' });
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().matches({ profile: 'editing' })).toBe(true);
  });

  it('a field that had a value may not be emptied; a phone number needs its dialling code and a valid length', () => {
    const { actor, calls } = start({ profile: { phone: null } });
    actor.send({ type: 'profile.changed', field: 'nickname', value: ' ' });
    actor.send({ type: 'profile.changed', field: 'nationalNumber', value: '0901234' });
    actor.send({ type: 'profile.submit' });
    expect(selectProfileMessages(actor.getSnapshot())).toEqual({
      nickname: { key: 'validation.required' },
      dialCode: { key: 'validation.dialCode' },
    });
    actor.send({ type: 'profile.changed', field: 'dialCode', value: '+81' });
    actor.send({ type: 'profile.changed', field: 'nationalNumber', value: '12' });
    expect(selectProfileMessages(actor.getSnapshot()).nationalNumber).toEqual({ key: 'validation.phone' });
    expect(calls).toEqual([]);
  });

  it('names are locked while identity is under review or verified, and are never sent then', async () => {
    expect(identityLocked('pendingReview')).toBe(true);
    expect(identityLocked('approved')).toBe(true);
    expect(identityLocked('rejected')).toBe(false);
    const { actor, calls, settle } = start({ profile: { kycStatus: 'approved', firstName: '花子' } });
    actor.send({ type: 'profile.changed', field: 'firstName', value: '' });
    actor.send({ type: 'profile.changed', field: 'nickname', value: 'Hanachan' });
    actor.send({ type: 'profile.submit' });
    await settle();
    expect(calls).toEqual([{ name: 'saveProfile', input: { nickname: 'Hanachan' } }]);
    actor.send({ type: 'idNumber.changed', value: 'AB1234567' });
    actor.send({ type: 'idNumber.submit' });
    expect(calls).toHaveLength(1);
  });

  it("shows the server's sentence on the refused field until that field changes", async () => {
    const { actor, settle } = start({ fail: { saveProfile: refusal } });
    actor.send({ type: 'profile.changed', field: 'firstName', value: '花子' });
    actor.send({ type: 'profile.submit' });
    await settle();
    expect(selectProfileMessages(actor.getSnapshot())).toEqual({ firstName: { text: '名前が違います' } });
    actor.send({ type: 'profile.changed', field: 'firstName', value: '華子' });
    expect(selectProfileMessages(actor.getSnapshot())).toEqual({});
  });

  it("a refused phone number's sentence sits on the number field", async () => {
    const phoneRefusal = Object.assign(new Error('refused'), {
      code: 400,
      fields: { phone: '電話番号が正しくありません' },
    });
    const { actor, settle } = start({ fail: { saveProfile: phoneRefusal } });
    actor.send({ type: 'profile.changed', field: 'nationalNumber', value: '080-2222-3333' });
    actor.send({ type: 'profile.submit' });
    await settle();
    expect(selectProfileMessages(actor.getSnapshot())).toEqual({
      nationalNumber: { text: '電話番号が正しくありません' },
    });
    actor.send({ type: 'profile.changed', field: 'dialCode', value: '+1' });
    expect(selectProfileMessages(actor.getSnapshot())).toEqual({});
  });

  it('checks the ID number format and clears it once recorded', async () => {
    const { actor, calls, effects, settle } = start();
    actor.send({ type: 'idNumber.changed', value: 'ab 12' });
    actor.send({ type: 'idNumber.submit' });
    expect(selectIdNumberMessages(actor.getSnapshot())).toEqual({ idNumber: { key: 'validation.idNumber' } });
    actor.send({ type: 'idNumber.changed', value: ' AB-1234567 ' });
    actor.send({ type: 'idNumber.submit' });
    await settle();
    expect(calls).toEqual([{ name: 'saveIdNumber', input: { idNumber: 'AB-1234567' } }]);
    expect(effects).toEqual(['idNumberSaved']);
    expect(actor.getSnapshot().context.idNumber).toBe('');
  });

  it("asks for every password field, the policy's length and a matching confirmation ('passwords do not match')", async () => {
    const { actor, calls, effects, settle } = start();
    actor.send({ type: 'password.submit' });
    expect(selectPasswordMessages(actor.getSnapshot())).toEqual({
      oldPassword: { key: 'validation.required' },
      newPassword: { key: 'validation.required' },
      confirmPassword: { key: 'validation.required' },
    });
    actor.send({ type: 'password.changed', field: 'oldPassword', value: 'Old-pass-2024' });
    actor.send({ type: 'password.changed', field: 'newPassword', value: 'short' });
    actor.send({ type: 'password.changed', field: 'confirmPassword', value: 'other' });
    expect(selectPasswordMessages(actor.getSnapshot())).toEqual({
      newPassword: { key: 'validation.passwordLength', values: { min: 8, max: 128 } },
      confirmPassword: { key: 'validation.passwordsMismatch' },
    });
    actor.send({ type: 'password.changed', field: 'newPassword', value: 'Sakura-2025!' });
    actor.send({ type: 'password.changed', field: 'confirmPassword', value: 'Sakura-2025!' });
    actor.send({ type: 'password.submit' });
    await settle();
    expect(calls).toEqual([
      { name: 'changePassword', input: { oldPassword: 'Old-pass-2024', newPassword: 'Sakura-2025!' } },
    ]);
    expect(effects).toEqual(['passwordChanged']);
    expect(actor.getSnapshot().context.password).toEqual({ oldPassword: '', newPassword: '', confirmPassword: '' });
  });
});
