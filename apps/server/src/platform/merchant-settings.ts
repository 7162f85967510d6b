import { SECOND_FACTOR_METHODS, type SecondFactorMethod } from '@kismat/contracts/session';
import { z } from 'zod';
import type { Config } from '../config';
import type { Merchant } from './merchant';

/**
 * Account settings a merchant may keep in `merchants.settings` (operator-editable JSON):
 *   passwordMaxAgeDays   days before a password expires (PWDEXPFORCECHANGE3); default PASSWORD_MAX_AGE_DAYS
 *   loginVerification    { enabled, methods }: second factor for a login from a new IP (issue 3)
 *   defaultDialingCode   dialing code assumed when a form sends none ("+880")
 */
const accountSettingsSchema = z.object({
  passwordMaxAgeDays: z.number().int().min(1).max(3650).optional(),
  loginVerification: z
    .object({
      enabled: z.boolean().default(false),
      methods: z.array(z.enum(SECOND_FACTOR_METHODS)).default([...SECOND_FACTOR_METHODS]),
    })
    .optional(),
  defaultDialingCode: z
    .string()
    .regex(/^\+?\d{1,4}$/)
    .optional(),
});

export interface AccountSettings {
  passwordMaxAgeDays: number;
  loginVerification: { enabled: boolean; methods: SecondFactorMethod[] };
  defaultDialingCode: string;
}

export function accountSettingsOf(merchant: Pick<Merchant, 'settings'>, config: Pick<Config, 'PASSWORD_MAX_AGE_DAYS'>): AccountSettings {
  // A malformed operator edit must not lock everybody out: unreadable keys fall back to defaults.
  const parsed = accountSettingsSchema.safeParse(merchant.settings);
  const settings = parsed.success ? parsed.data : {};
  const dialing = settings.defaultDialingCode ?? '+880';
  return {
    passwordMaxAgeDays: settings.passwordMaxAgeDays ?? config.PASSWORD_MAX_AGE_DAYS,
    loginVerification: settings.loginVerification ?? { enabled: false, methods: [...SECOND_FACTOR_METHODS] },
    defaultDialingCode: dialing.startsWith('+') ? dialing : `+${dialing}`,
  };
}

/** The typed part of `merchants.settings` the site reads; unknown or malformed values fall back to defaults. */
const merchantSettingsSchema = z.object({
  gtagId: z.string().min(1).nullable().catch(null).default(null),
  imageCDNs: z.array(z.string()).catch([]).default([]),
  launchGameCDNs: z.array(z.string()).catch([]).default([]),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;

export function parseMerchantSettings(settings: Record<string, unknown>): MerchantSettings {
  return merchantSettingsSchema.parse(settings);
}
