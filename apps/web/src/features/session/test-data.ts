import type { MemberInfo } from '@kismat/contracts/member';
import type { LoginResult } from '@kismat/contracts/session';
import type { FieldRule } from '@kismat/contracts/system';

/** Every flag off (the shared test kit's); tests switch on the ones they are about. */
export { FLAGS_OFF } from '@/test/flags';

const rule = (
  field: FieldRule['field'],
  patternId: FieldRule['patternId'],
  acceptedPattern: string,
  minLength: number,
  maxLength: number,
  shown: boolean,
  required: boolean,
): FieldRule => ({
  field,
  patternId,
  acceptedPattern,
  minLength,
  maxLength,
  shown,
  required,
});

/** The country list of the seeded default merchant (Bangladesh), as /wps/system/countryCodes answers it. */
export const COUNTRY_CODES = [{ country: 'BD', name: 'Bangladesh', dialingCode: '+880', phoneDigits: 10 }];

/** The seeded default merchant's rules (Bangladesh). */
export const DEFAULT_RULES: FieldRule[] = [
  rule('username', 'LETTER_FIRST_ALNUM', '^[A-Za-z][A-Za-z0-9]*$', 6, 16, true, true),
  rule('password', 'LENGTH_ONLY', '*', 6, 20, true, true),
  rule('confirmPassword', 'LENGTH_ONLY', '*', 6, 20, true, true),
  rule('mobileNum', 'DIGITS_ONLY', '^\\d+$', 10, 11, true, true),
  rule('verificationCode', 'NO_SPACES', '^\\S+$', 4, 255, true, true),
  rule('payeeName', 'FULL_NAME', "^\\p{L}[\\p{L}\\p{M}'.\\-]*(?: \\p{L}[\\p{L}\\p{M}'.\\-]*)+$", 3, 50, true, false),
  rule('email', 'EMAIL', '^[^@\\s]+@[^@\\s]+\\.[A-Za-z]{2,}$', 6, 64, true, false),
  rule('affiliateCode', 'LETTERS_OR_DIGITS', '^[A-Za-z0-9]+$', 4, 20, true, false),
  rule('captcha', 'LETTERS_OR_DIGITS', '^[A-Za-z0-9]+$', 4, 6, true, true),
  rule('birthday', 'DATE_YMD', '^\\d{4}-\\d{2}-\\d{2}$', 10, 10, false, false),
  rule('qqNum', 'DIGITS_ONLY', '^\\d+$', 5, 12, false, false),
];

export function memberInfo(overrides: Partial<MemberInfo> = {}): MemberInfo {
  return {
    id: 42,
    account: 'player01',
    nickname: 'Lucky',
    type: 0,
    isAgent: false,
    isTrial: false,
    isLogin: true,
    firstTimeLogin: false,
    language: 'EN',
    currency: 'BDT',
    currencySymbol: '৳',
    balance: '1250.50',
    trialBalance: '0.00',
    unreadMessage: 2,
    availablePromoCount: 1,
    availablePromo: { REFERRAL: { enabled: true } },
    hasVip: false,
    vipLabelName: null,
    vipRankLevel: null,
    iconId: 1,
    mobile: null,
    email: null,
    affiliateCode: null,
    lastLoginAt: null,
    ...overrides,
  };
}

export function loginResult(overrides: Partial<LoginResult> = {}, member: Partial<MemberInfo> = {}): LoginResult {
  return {
    token: 'token-abc',
    expiresAt: '2030-01-01T00:00:00.000Z',
    idleMinutes: 30,
    firstTimeLogin: false,
    passwordExpired: false,
    forceChangePassword: false,
    userName: 'player01',
    captcha: false,
    member: memberInfo(member),
    ...overrides,
  };
}
