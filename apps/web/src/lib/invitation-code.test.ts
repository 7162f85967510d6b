import { describe, expect, it } from 'vitest';
import {
  currentInvitationCode,
  forgetInvitationCode,
  getRememberedInvitationCode,
  readInvitationCode,
  rememberInvitationCode,
} from './invitation-code';

describe('invitation codes from links', () => {
  it('reads the spec’s referralCode and the affiliateCode older links carry', () => {
    expect(readInvitationCode('?referralCode=DEMO2025')).toBe('DEMO2025');
    expect(readInvitationCode('?affiliateCode=DEMOLINK&lang=en')).toBe('DEMOLINK');
    expect(readInvitationCode(new URLSearchParams({ referralCode: ' AB12 ' }))).toBe('AB12');
    expect(readInvitationCode('?page=withdraw')).toBeNull();
  });

  it('takes nothing that is not a code into a form', () => {
    expect(readInvitationCode('?referralCode=%3Cscript%3E')).toBeNull();
    expect(readInvitationCode(`?affiliateCode=${'A'.repeat(33)}`)).toBeNull();
  });

  it('keeps the code until the visitor registers, the URL’s own code first', () => {
    rememberInvitationCode('DEMOLINK');
    expect(getRememberedInvitationCode()).toBe('DEMOLINK');
    expect(currentInvitationCode('')).toBe('DEMOLINK');
    expect(currentInvitationCode('?referralCode=OTHER1')).toBe('OTHER1');
    forgetInvitationCode();
    expect(currentInvitationCode('')).toBeNull();
  });
});
