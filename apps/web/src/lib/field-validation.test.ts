import { acceptedPatternFor } from '@kismat/contracts/field-rules';
import type { PatternId } from '@kismat/contracts/system';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  codeRequiredValidator,
  confirmPasswordValidator,
  emailValidator,
  FALLBACK_RULES,
  FORCED_PASSWORD,
  fieldRuleMessage,
  mobileValidator,
  newPasswordValidator,
  passwordRequiredValidator,
  requiredRule,
  toRuleMap,
} from './field-validation';

const t = i18next.getFixedT('en', 'accounts');

function rule(patternId: PatternId, minLength: number, maxLength: number, required = true) {
  return { acceptedPattern: acceptedPatternFor(patternId), minLength, maxLength, patternId, required };
}

describe('fieldRuleMessage (spec section 5)', () => {
  it('accepts a value that passes its rule', () => {
    expect(fieldRuleMessage(t, rule('LETTER_FIRST_ALNUM', 6, 16), 'player01')).toBeNull();
  });

  it('reads "Input cannot be empty" for a missing required value', () => {
    expect(fieldRuleMessage(t, rule('LETTER_FIRST_ALNUM', 6, 16), '')).toBe('Input cannot be empty');
  });

  it('accepts an empty optional value and ignores hidden fields', () => {
    expect(fieldRuleMessage(t, rule('EMAIL', 6, 64, false), '')).toBeNull();
    expect(fieldRuleMessage(t, { ...rule('DIGITS_ONLY', 6, 6), shown: false }, 'abc')).toBeNull();
  });

  it('keys the message by patternId with min and max substituted, for length and pattern failures', () => {
    expect(fieldRuleMessage(t, rule('LETTER_FIRST_ALNUM', 6, 16), 'ab1')).toBe(
      'Please enter 6 - 16 letters or digits, starting with a letter',
    );
    expect(fieldRuleMessage(t, rule('LETTER_FIRST_ALNUM', 6, 16), '1player')).toBe(
      'Please enter 6 - 16 letters or digits, starting with a letter',
    );
    expect(fieldRuleMessage(t, rule('LENGTH_ONLY', 6, 20), '12345')).toBe('Please fill in 6 - 20 characters');
    expect(fieldRuleMessage(t, rule('DIGITS_ONLY', 10, 11), '17000000ab')).toBe('Please enter 10 - 11 digits');
  });

  it.each([
    ['LETTERS_AND_DIGITS', 'abcdef', 'abc123'],
    ['ALNUM_WITH_UPPERCASE', 'abc123', 'Abc123'],
    ['ENGLISH_LETTERS_SPACES', 'John  Smith', 'John Smith'],
    ['NO_SPACES', 'a b c d', 'abcd'],
    ['EMAIL', 'name@', 'name@example.com'],
    ['DATE_YMD', '2023-02-29', '2024-02-29'],
    ['DATE_MDY', '2024-02-29', '02-29-2024'],
    ['PASSWORD_STRONG', 'Password1', 'Passw0rd!'],
    ['FULL_NAME', 'Rahim', 'Rahim Uddin'],
    ['UPPERCASE_ONLY', 'AbCD', 'ABCD'],
    ['THAI_ONLY', 'abcd', 'สมชาย'],
    ['KOREAN_ONLY', 'abcd', '김민수'],
  ] as const)('%s refuses %j and accepts %j', (patternId, refused, accepted) => {
    const checked = rule(patternId, 3, 30);
    expect(fieldRuleMessage(t, checked, refused)).toBe(t(`patterns.${patternId}`, { min: 3, max: 30 }));
    expect(fieldRuleMessage(t, checked, accepted)).toBeNull();
  });

  it('substitutes min and max in every language', () => {
    const bnT = i18next.getFixedT('en', 'accounts');
    expect(fieldRuleMessage(bnT, rule('DIGITS_ONLY', 6, 6), '12')).toContain('6 - 6');
  });

  it('maps rules by field', () => {
    const map = toRuleMap([{ field: 'username', shown: true, ...rule('LETTER_FIRST_ALNUM', 6, 16) }]);
    expect(map.username?.minLength).toBe(6);
    expect(map.password).toBeUndefined();
  });

  it('names the password that forces a change', () => {
    expect(FORCED_PASSWORD).toBe('123456');
  });
});

describe('shared account-form validators', () => {
  const passwordRule = { ...FALLBACK_RULES.password, shown: true, required: true };

  it('new password: the rule, never 123456, and not the previous password', () => {
    const validate = newPasswordValidator(t, passwordRule, () => 'oldpass1');
    expect(validate('abc')).toBe('Please fill in 6 - 20 characters');
    expect(validate(FORCED_PASSWORD)).toBe('This password cannot be used, please choose another');
    expect(validate('oldpass1')).toBe('The new password must differ from the current one');
    expect(validate('newpass1')).toBe(true);
    expect(newPasswordValidator(t, passwordRule)('oldpass1')).toBe(true);
  });

  it('confirmation: required, then equal to the new password', () => {
    const validate = confirmPasswordValidator(t, () => 'newpass1');
    expect(validate('')).toBe('Please confirm the password');
    expect(validate('newpass2')).toBe('Confirmation password is not correct');
    expect(validate('newpass1')).toBe(true);
  });

  it('mobile number and e-mail: "required" when empty, "invalid" when the rule refuses', () => {
    const mobile = mobileValidator(t, requiredRule(undefined, FALLBACK_RULES.mobileNum));
    expect(mobile('  ')).toBe('Please enter your mobile number');
    expect(mobile('12ab')).toBe('Please enter a valid mobile number');
    expect(mobile(' 01712345678 ')).toBe(true);
    const email = emailValidator(t);
    expect(email('')).toBe('Input cannot be empty');
    expect(email('not-an-address')).toBe('The e-mail format is incorrect');
    expect(email('player@example.com')).toBe(true);
  });

  it('presence checks of a password and a code', () => {
    expect(passwordRequiredValidator(t)('')).toBe('Please fill in your password');
    expect(passwordRequiredValidator(t)(' ')).toBe(true);
    expect(codeRequiredValidator(t)(' ')).toBe('Please enter a valid verification code');
    expect(codeRequiredValidator(t)('1234')).toBe(true);
  });
});
