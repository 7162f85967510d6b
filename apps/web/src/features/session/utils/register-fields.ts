import type { FieldRuleInput } from '@kismat/contracts/field-rules';
import type { FieldRule, RegisterField } from '@kismat/contracts/system';
import type { RuleMap } from '@/lib/field-validation';
import type { FeatureFlags } from './complete-login';

export type RegisterType = 'register' | 'registerMobile';

/** Fields shown only when the merchant's rule enables them (spec section 5, register). */
export const OPTIONAL_REGISTER_FIELDS = [
  'payeeName',
  'email',
  'birthday',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'affiliateCode',
] as const satisfies readonly RegisterField[];
export type OptionalRegisterField = (typeof OPTIONAL_REGISTER_FIELDS)[number];

/** What the form shows and requires for one tab, decided from the rules and the flags. */
export interface RegisterLayout {
  showUsername: boolean;
  showPassword: boolean;
  showConfirmPassword: boolean;
  showMobile: boolean;
  isMobileRequired: boolean;
  /** The SMS code row (with its send button) is shown when the number is part of the form. */
  showCode: boolean;
  /** REGMOBVERF3: the code is required whenever a number is sent. */
  isCodeRequired: boolean;
  showCaptcha: boolean;
  optionalFields: OptionalRegisterField[];
}

function isShown(rule: FieldRule | undefined): boolean {
  return rule?.shown === true;
}

/**
 * The register form's layout (spec sections 2 and 5): the username tab always asks for a
 * username and password; the mobile tab uses the number as the username and asks for a
 * password only with MOBILENUMPASSREG3. The number (and its SMS code, with REGMOBVERF3) is
 * part of the username tab when its rule shows it.
 */
export function registerLayout(type: RegisterType, rules: RuleMap, flags: FeatureFlags | undefined): RegisterLayout {
  const isMobileTab = type === 'registerMobile';
  const mobileRule = rules.mobileNum;
  const showMobile = isMobileTab || isShown(mobileRule);
  const showPassword = !isMobileTab || flags?.MOBILENUMPASSREG3 === true;
  return {
    showUsername: !isMobileTab,
    showPassword,
    showConfirmPassword: showPassword && isShown(rules.confirmPassword),
    showMobile,
    isMobileRequired: isMobileTab || (showMobile && mobileRule?.required === true),
    showCode: showMobile,
    isCodeRequired: showMobile && flags?.REGMOBVERF3 === true,
    showCaptcha: isShown(rules.captcha),
    optionalFields: OPTIONAL_REGISTER_FIELDS.filter((field) => isShown(rules[field])),
  };
}

/** A rule for a field the layout shows, with `required` as the layout decides. */
export function layoutRule(rule: FieldRuleInput | undefined, fallback: FieldRuleInput, isRequired: boolean): FieldRuleInput {
  return { ...(rule ?? fallback), shown: true, required: isRequired };
}
