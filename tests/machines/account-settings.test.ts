import type { Profile } from '@contract/auth';
import { changePasswordForm } from '@contract/auth';
import { composePhone, idNumberForm, type ProfileChanges, profileForm } from '@contract/user';
import {
  accountSettingsMachine,
  identityLocked,
  profileChangesOf,
  selectIdNumberRefusals,
  selectPasswordRefusals,
  selectProfileRefusals,
  selectSavedProfile,
  selectSaves,
  splitPhone,
} from '@machines/account-settings.machine';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { dialCodes, profile, profileValues, refusal, regionModels } from '../models/account-settings.model';
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
          expect(selectProfileRefusals(live)).toEqual(selectProfileRefusals(model));
          expect(selectPasswordRefusals(live)).toEqual(selectPasswordRefusals(model));
          expect(selectSavedProfile(live)).toEqual(selectSavedProfile(model));
          expect(selectSaves(live)).toEqual(selectSaves(model));
        });
      });
    }
  }
});

/** The form shows each field's first message. */
function messages(schema: v.GenericSchema, values: Record<string, unknown>) {
  const result = v.safeParse(schema, values);
  const nested = result.success ? {} : (v.flatten(result.issues).nested ?? {});
  return Object.fromEntries(Object.entries(nested).map(([field, keys]) => [field, keys?.[0]]));
}

const savedProfile = { ...profileValues, firstName: '', lastName: '', pinyinName: '' };

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

  it('sends only the fields that changed, trimmed, and keeps them as the saved profile', async () => {
    const { actor, calls, effects, settle } = start();
    expect(selectSavedProfile(actor.getSnapshot())).toEqual(savedProfile);
    expect(profileChangesOf({ ...savedProfile, nickname: ' Hana ' }, savedProfile, false)).toEqual({});
    actor.send({ type: 'profile.submit', ...savedProfile, firstName: ' 花子 ', nationalNumber: '080-2222-3333' });
    await settle();
    expect(calls).toEqual([{ name: 'saveProfile', input: { firstName: '花子', phone: '+818022223333' } }]);
    expect(effects).toEqual(['profileSaved']);
    expect(selectSavedProfile(actor.getSnapshot())).toEqual({
      ...savedProfile,
      firstName: '花子',
      nationalNumber: '8022223333',
    });
    expect(selectSaves(actor.getSnapshot())).toEqual({ profile: 1, idNumber: 0, password: 0 });
  });

  it('an unchanged form sends nothing', () => {
    const { actor, calls } = start();
    actor.send({ type: 'profile.submit', ...savedProfile });
    expect(calls).toEqual([]);
    expect(actor.getSnapshot().matches({ profile: 'editing' })).toBe(true);
  });

  it('the profile form: a field that had a value may not be emptied; a number needs its dialling code and a valid length', () => {
    const schema = profileForm({ ...savedProfile, dialCode: '', nationalNumber: '' }, false);
    expect(messages(schema, { ...savedProfile, nickname: ' ', dialCode: null, nationalNumber: '0901234' })).toEqual({
      nickname: 'validation.required',
      dialCode: 'validation.dialCode',
    });
    expect(messages(schema, { ...savedProfile, dialCode: '+81', nationalNumber: '12' })).toEqual({
      nationalNumber: 'validation.phone',
    });
    expect(
      messages(schema, { ...savedProfile, dialCode: null, nationalNumber: '', firstName: 'x'.repeat(51) }),
    ).toEqual({ firstName: 'validation.name' });
    expect(v.parse(schema, { ...savedProfile, dialCode: '+81', nationalNumber: ' 090-1111-2222 ' })).toEqual({
      ...savedProfile,
      dialCode: '+81',
      nationalNumber: '090-1111-2222',
    });
    // A number on record may not be emptied either.
    expect(messages(profileForm(savedProfile, false), { ...savedProfile, nationalNumber: '' })).toEqual({
      nationalNumber: 'validation.phone',
    });
  });

  it('names are locked while identity is under review or verified, and are never checked or sent then', async () => {
    expect(identityLocked('pendingReview')).toBe(true);
    expect(identityLocked('approved')).toBe(true);
    expect(identityLocked('rejected')).toBe(false);
    const named = { ...savedProfile, firstName: '花子' };
    expect(messages(profileForm(named, true), { ...named, firstName: '' })).toEqual({});
    const { actor, calls, settle } = start({ profile: { kycStatus: 'approved', firstName: '花子' } });
    actor.send({ type: 'profile.submit', ...named, firstName: '', nickname: 'Hanachan' });
    await settle();
    expect(calls).toEqual([{ name: 'saveProfile', input: { nickname: 'Hanachan' } }]);
    actor.send({ type: 'idNumber.submit', idNumber: 'AB1234567' });
    expect(calls).toHaveLength(1);
  });

  it("keeps the server's sentence on the refused field until the form is sent again", async () => {
    const { actor, settle } = start({ fail: { saveProfile: refusal } });
    actor.send({ type: 'profile.submit', ...savedProfile, firstName: '花子' });
    await settle();
    expect(selectProfileRefusals(actor.getSnapshot())).toEqual({ firstName: '名前が違います' });
    actor.send({ type: 'profile.submit', ...savedProfile, firstName: '華子' });
    expect(selectProfileRefusals(actor.getSnapshot())).toEqual({});
  });

  it("a refused phone number's sentence sits on the number field", async () => {
    const phoneRefusal = Object.assign(new Error('refused'), {
      code: 400,
      fields: { phone: '電話番号が正しくありません' },
    });
    const { actor, settle } = start({ fail: { saveProfile: phoneRefusal } });
    actor.send({ type: 'profile.submit', ...savedProfile, nationalNumber: '080-2222-3333' });
    await settle();
    expect(selectProfileRefusals(actor.getSnapshot())).toEqual({ nationalNumber: '電話番号が正しくありません' });
  });

  it('the ID number form checks the format; the trimmed number is sent and the form starts afresh', async () => {
    expect(messages(idNumberForm, { idNumber: '' })).toEqual({ idNumber: 'validation.required' });
    expect(messages(idNumberForm, { idNumber: 'ab 12' })).toEqual({ idNumber: 'validation.idNumber' });
    const { actor, calls, effects, settle } = start();
    actor.send({ type: 'idNumber.submit', idNumber: ' AB-1234567 ' });
    await settle();
    expect(calls).toEqual([{ name: 'saveIdNumber', input: { idNumber: 'AB-1234567' } }]);
    expect(effects).toEqual(['idNumberSaved']);
    expect(selectSaves(actor.getSnapshot()).idNumber).toBe(1);
    expect(selectIdNumberRefusals(actor.getSnapshot())).toEqual({});
  });

  it("the password form asks for every field, the policy's length and a matching confirmation", async () => {
    expect(messages(changePasswordForm, { oldPassword: '', newPassword: '', confirmPassword: '' })).toEqual({
      oldPassword: 'validation.required',
      newPassword: 'validation.required',
      confirmPassword: 'validation.required',
    });
    expect(
      messages(changePasswordForm, { oldPassword: 'Old-pass-2024', newPassword: 'short', confirmPassword: 'other' }),
    ).toEqual({ newPassword: 'validation.passwordLength', confirmPassword: 'validation.passwordsMismatch' });
    const { actor, calls, effects, settle } = start();
    actor.send({ type: 'password.submit', oldPassword: 'Old-pass-2024', newPassword: 'Sakura-2025!' });
    await settle();
    expect(calls).toEqual([
      { name: 'changePassword', input: { oldPassword: 'Old-pass-2024', newPassword: 'Sakura-2025!' } },
    ]);
    expect(effects).toEqual(['passwordChanged']);
    expect(selectSaves(actor.getSnapshot()).password).toBe(1);
  });
});
