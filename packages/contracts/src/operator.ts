import { z } from 'zod';
import { envelopeOf } from './envelope';
import { fieldRule, PATTERN_IDS, REGISTER_FIELDS } from './system';

/** Operator (back-office) API: under /admin-api, never reachable with a member token. */
export const OPERATOR_PATHS = {
  merchants: '/admin-api/merchants',
  merchant: '/admin-api/merchants/:code',
  maintenance: '/admin-api/merchants/:code/maintenance',
  region: '/admin-api/merchants/:code/region',
  flag: '/admin-api/merchants/:code/flags/:flag',
  registrationRules: '/admin-api/merchants/:code/registration-rules',
  registrationRule: '/admin-api/merchants/:code/registration-rules/:field',
} as const;

export const merchantCodeParams = z.object({ code: z.string().min(1).max(40) });
export const merchantFlagParams = merchantCodeParams.extend({ flag: z.string().min(2).max(40) });

export const operatorMerchantValue = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  defaultLanguage: z.string(),
  isMaintenance: z.boolean(),
  maintenanceEnd: z.string().nullable(),
  blockedCountries: z.array(z.string()),
  ipAllowList: z.array(z.string()),
  ipBlockList: z.array(z.string()),
  whitelabel: z.array(z.object({ modId: z.string(), enabled: z.enum(['1', '0']) }).passthrough()),
});
export const operatorMerchantResponse = envelopeOf(operatorMerchantValue);
export type OperatorMerchant = z.infer<typeof operatorMerchantValue>;

/** The merchants an operator may manage (a scoped operator: its own), for the back office's picker. */
export const operatorMerchantSummary = z.object({ code: z.string(), name: z.string(), isMaintenance: z.boolean() });
export type OperatorMerchantSummary = z.infer<typeof operatorMerchantSummary>;
export const operatorMerchantsResponse = envelopeOf(z.object({ list: z.array(operatorMerchantSummary) }));

export const maintenanceBody = z.object({ on: z.boolean(), end: z.string().datetime({ offset: true }).nullable().optional() });
export const regionBody = z.object({
  blockedCountries: z
    .array(z.string().regex(/^[A-Za-z]{2}$/))
    .max(300)
    .optional(),
  ipAllowList: z.array(z.string().max(64)).max(1000).optional(),
  ipBlockList: z.array(z.string().max(64)).max(1000).optional(),
});
export const flagBody = z.object({ on: z.boolean() });

export const registrationRuleParams = merchantCodeParams.extend({ field: z.enum(REGISTER_FIELDS) });
export const registrationRuleBody = z
  .object({
    shown: z.boolean(),
    required: z.boolean(),
    minLength: z.number().int().min(0).max(255),
    maxLength: z.number().int().min(0).max(255),
    patternId: z.enum(PATTERN_IDS),
    acceptedPattern: z.string().min(1).max(500),
  })
  .partial();
export const registrationRuleResponse = envelopeOf(fieldRule);
/** Every registration field rule of a merchant, in form order. */
export const registrationRulesResponse = envelopeOf(z.object({ fields: z.array(fieldRule) }));
