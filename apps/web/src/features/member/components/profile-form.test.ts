import { describe, expect, it } from 'vitest';
import type { MemberProfile } from '../api/get-profile';
import { changedProfileFields } from './profile-form';

const profile: MemberProfile = {
  nickname: 'Lucky',
  fullName: null,
  telegram: null,
  zalo: null,
  birthday: null,
  address: 'Dhaka',
  nationality: null,
  occupation: null,
  sourceOfIncome: null,
  placeOfBirth: null,
};

const fields = {
  nickname: 'Lucky',
  fullName: '',
  birthday: '',
  telegram: '',
  zalo: '',
  address: 'Dhaka',
  nationality: '',
  occupation: '',
  sourceOfIncome: '',
  placeOfBirth: '',
};

describe('changedProfileFields', () => {
  it('sends only what changed', () => {
    expect(changedProfileFields(profile, fields)).toEqual({});
    expect(changedProfileFields(profile, { ...fields, telegram: ' @lucky ', address: 'Chattogram' })).toEqual({
      telegram: '@lucky',
      address: 'Chattogram',
    });
  });

  it('clears a free field with an empty string', () => {
    expect(changedProfileFields(profile, { ...fields, address: '' })).toEqual({ address: '' });
  });

  it('sends full name and birthday the first time only (they are bindings)', () => {
    expect(changedProfileFields(profile, { ...fields, fullName: 'Rahim Uddin', birthday: '1990-01-01' })).toEqual({
      fullName: 'Rahim Uddin',
      birthday: '1990-01-01',
    });
    const bound = { ...profile, fullName: 'Rahim Uddin', birthday: '1990-01-01' };
    expect(changedProfileFields(bound, { ...fields, fullName: 'Someone Else', birthday: '1991-01-01' })).toEqual({});
  });
});
