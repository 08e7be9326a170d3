import { hasPersonalInformation } from '@contract/user-profile';
import { describe, expect, it } from 'vitest';

describe('the profile rules', () => {
  it('personal information is complete with first name, last name and reading', () => {
    expect(hasPersonalInformation({ firstName: '花子', lastName: '山田', pinyinName: 'ヤマダハナコ' })).toBe(true);
    expect(hasPersonalInformation({ firstName: '花子', lastName: ' ', pinyinName: 'ヤマダハナコ' })).toBe(false);
    expect(hasPersonalInformation({ firstName: null, lastName: '山田', pinyinName: 'ヤマダハナコ' })).toBe(false);
    expect(hasPersonalInformation({ firstName: '花子', lastName: '山田', pinyinName: '' })).toBe(false);
  });
});
