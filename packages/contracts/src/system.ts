import { z } from 'zod';
import { envelopeOf } from './envelope';
import { FEATURE_FLAGS } from './flags';
import { LANGUAGES } from './languages';

/**
 * System calls (spec section 7, "System"). Paths the spec does not show are chosen in its
 * style and listed in SYSTEM_PATHS.
 */
export const SYSTEM_PATHS = {
  whitelabel: '/wps/system/whitelabel',
  status: '/wps/system/status',
  domainRoute: '/wps/system/domainRoute',
  helpCenter: '/wps/system/helpCenter',
  registerSettings: '/wps/system/setting/register',
  permission: '/wps/system/permission',
  countryCodes: '/wps/system/countryCodes',
  language: '/wps/system/language',
} as const;

export type WhitelabelNode = { modId: string; enabled: '1' | '0'; name?: string | undefined; children?: WhitelabelNode[] | undefined };
export const whitelabelNode: z.ZodType<WhitelabelNode> = z.lazy(() =>
  z.object({
    modId: z.string(),
    enabled: z.enum(['1', '0']),
    name: z.string().optional(),
    children: z.array(whitelabelNode).optional(),
  }),
);

export const featureFlagsSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<(typeof FEATURE_FLAGS)[number], z.ZodBoolean>,
);

export const whitelabelValue = z.object({
  merchantCode: z.string(),
  /** Each of the spec's ten flags, true when its module is enabled. */
  flags: featureFlagsSchema,
  /** The module tree of modId / enabled ('1' on). */
  whitelabel: z.array(whitelabelNode),
});
export const whitelabelResponse = envelopeOf(whitelabelValue);

export const statusValue = z.object({
  /** 0 normal, 1 maintenance, 2 region restricted. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  maintenanceEnd: z.string().nullable(),
  ip: z.string(),
  country: z.string().nullable(),
});
export const statusResponse = envelopeOf(statusValue);

export const domainRouteValue = z.object({
  mainDomain: z.string(),
  merchantCode: z.string(),
  domains: z.array(z.object({ domain: z.string(), purpose: z.string(), isPrimary: z.boolean() })),
});
export const domainRouteResponse = envelopeOf(domainRouteValue);

export const helpCenterQuery = z.object({
  lang: z.string().optional(),
  device: z.enum(['WEB', 'H5', 'APP']).default('WEB'),
});
export const helpArticle = z.object({ id: z.number(), slug: z.string(), title: z.string(), content: z.string() });
export const helpCategory = z.object({ id: z.number(), slug: z.string(), title: z.string(), articles: z.array(helpArticle) });
export const helpCenterResponse = envelopeOf(z.object({ language: z.enum(LANGUAGES), categories: z.array(helpCategory) }));

/** Pattern families of spec section 5; the message is the translation keyed by patternId. */
export const PATTERN_IDS = [
  'LENGTH_ONLY',
  'LETTER_FIRST_ALNUM',
  'LETTERS_OR_DIGITS',
  'LETTERS_AND_DIGITS',
  'DIGITS_ONLY',
  'ALNUM_WITH_UPPERCASE',
  'ENGLISH_LETTERS_SPACES',
  'NO_SPACES',
  'EMAIL',
  'DATE_YMD',
  'DATE_MDY',
  'CHINESE',
  'KOREAN_ONLY',
  'THAI_ONLY',
  'THAI_OR_ENGLISH',
  'JAPANESE',
  'JAPANESE_KANA',
  'PASSWORD_STRONG',
  'FULL_NAME',
  'UPPERCASE_ONLY',
] as const;
export type PatternId = (typeof PATTERN_IDS)[number];

/** Registration fields that may carry a rule (spec section 5). */
export const REGISTER_FIELDS = [
  'username',
  'password',
  'confirmPassword',
  'mobileNum',
  'verificationCode',
  'payeeName',
  'paymentPassword',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'email',
  'recommenderId',
  'affiliateCode',
  'captcha',
  'birthday',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export const fieldRule = z.object({
  field: z.enum(REGISTER_FIELDS),
  /** A regular expression source, or '*' for match-all. */
  acceptedPattern: z.string(),
  minLength: z.number().int().min(0),
  maxLength: z.number().int().min(0),
  patternId: z.enum(PATTERN_IDS),
  shown: z.boolean(),
  required: z.boolean(),
});
export type FieldRule = z.infer<typeof fieldRule>;
export const registerSettingsResponse = envelopeOf(z.object({ fields: z.array(fieldRule) }));

export const customerServiceEntry = z.object({
  csType: z.enum(['LIVECHAT', 'FACEBOOK', 'TELEGRAM', 'WHATSAPP']),
  title: z.string(),
  /** The link, encrypted as the spec says: base64 of the URL so it is not scraped from the page. */
  path: z.string(),
  textClass: z.string(),
});

export const permissionValue = z.object({
  merchantCode: z.string(),
  currency: z.string(),
  currencySymbol: z.string(),
  /** The merchant's time zone, minutes east of UTC: its days run midnight to midnight there (the web's date presets). */
  utcOffsetMinutes: z.number().int(),
  defaultLanguage: z.enum(LANGUAGES),
  customerService: z.array(customerServiceEntry),
  domainRoute: domainRouteValue,
  /** Resource switches (app download links, invite, live chat ...): key -> value. */
  resources: z.record(z.string(), z.string()),
  whitelabel: z.array(whitelabelNode),
  flags: featureFlagsSchema,
  registration: z.array(fieldRule),
  mainDomain: z.string(),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: z.object({ ip: z.string(), country: z.string().nullable() }),
  maintenance: z.boolean(),
  regionRestriction: z.boolean(),
  maintenanceEnd: z.string().nullable(),
});
export type PermissionInfo = z.infer<typeof permissionValue>;
export const permissionResponse = envelopeOf(permissionValue);

export const countryCode = z.object({
  country: z.string().length(2),
  name: z.string(),
  dialingCode: z.string(),
  /** Digits of a national mobile number, for "{0} digit phone number". */
  phoneDigits: z.number().int(),
});
export const countryCodesResponse = envelopeOf(z.array(countryCode));

export const languageBody = z.object({ language: z.enum(LANGUAGES) });
export const languageResponse = envelopeOf(z.object({ language: z.enum(LANGUAGES) }));
