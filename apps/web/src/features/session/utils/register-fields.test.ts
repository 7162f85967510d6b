import { describe, expect, it } from 'vitest';
import { toRuleMap } from '@/lib/field-validation';
import { DEFAULT_RULES, FLAGS_OFF } from '../test-data';
import { registerLayout } from './register-fields';

const rules = toRuleMap(DEFAULT_RULES);

describe('registerLayout (spec sections 2 and 5)', () => {
  it('username tab: username and password always, the number and its code when the rule shows them', () => {
    const layout = registerLayout('register', rules, { ...FLAGS_OFF, REGMOBVERF3: true });
    expect(layout).toMatchObject({
      showUsername: true,
      showPassword: true,
      showConfirmPassword: true,
      showMobile: true,
      isMobileRequired: true,
      showCode: true,
      isCodeRequired: true,
      showCaptcha: true,
    });
  });

  it('the SMS code is required only with REGMOBVERF3', () => {
    expect(registerLayout('registerMobile', rules, FLAGS_OFF).isCodeRequired).toBe(false);
    expect(registerLayout('registerMobile', rules, { ...FLAGS_OFF, REGMOBVERF3: true }).isCodeRequired).toBe(true);
  });

  it('mobile tab: the number is the username; a password only with MOBILENUMPASSREG3', () => {
    expect(registerLayout('registerMobile', rules, FLAGS_OFF)).toMatchObject({
      showUsername: false,
      showMobile: true,
      isMobileRequired: true,
      showPassword: false,
    });
    expect(registerLayout('registerMobile', rules, { ...FLAGS_OFF, MOBILENUMPASSREG3: true }).showPassword).toBe(true);
  });

  it('optional fields appear only when their rule shows them', () => {
    const layout = registerLayout('register', rules, FLAGS_OFF);
    expect(layout.optionalFields).toEqual(['payeeName', 'email', 'affiliateCode']);
    expect(layout.optionalFields).not.toContain('birthday');
    expect(layout.optionalFields).not.toContain('qqNum');
  });

  it('a hidden mobile rule removes the number (and its code) from the username tab', () => {
    const hidden = toRuleMap(DEFAULT_RULES.map((rule) => (rule.field === 'mobileNum' ? { ...rule, shown: false } : rule)));
    expect(registerLayout('register', hidden, { ...FLAGS_OFF, REGMOBVERF3: true })).toMatchObject({
      showMobile: false,
      showCode: false,
      isCodeRequired: false,
    });
    // The mobile tab always has the number.
    expect(registerLayout('registerMobile', hidden, FLAGS_OFF).showMobile).toBe(true);
  });
});
