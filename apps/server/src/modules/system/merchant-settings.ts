import { z } from 'zod';

/** The typed part of `merchants.settings`; unknown or malformed values fall back to defaults. */
const merchantSettingsSchema = z.object({
  gtagId: z.string().min(1).nullable().catch(null).default(null),
  imageCDNs: z.array(z.string()).catch([]).default([]),
  launchGameCDNs: z.array(z.string()).catch([]).default([]),
});
export type MerchantSettings = z.infer<typeof merchantSettingsSchema>;

export function parseMerchantSettings(settings: Record<string, unknown>): MerchantSettings {
  return merchantSettingsSchema.parse(settings);
}
