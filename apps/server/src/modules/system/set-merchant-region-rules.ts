import { eq, sql } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { isValidIpRule } from './check-region-access';
import type { MerchantCache } from './merchant-cache';

export type RegionRulesInput = {
  /** ISO 3166 alpha-2 codes; case does not matter. */
  blockedCountries?: readonly string[];
  /** IPs or CIDRs always admitted. */
  ipAllowList?: readonly string[];
  /** IPs or CIDRs always refused. */
  ipBlockList?: readonly string[];
};

function clean(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter((value) => value.length > 0))];
}

/** Replaces the lists given (a list left out keeps its value). Refuses malformed codes and IPs as a whole. */
export async function setMerchantRegionRules(
  db: DbOrTx,
  merchantCode: string,
  input: RegionRulesInput,
  cache?: MerchantCache,
): Promise<Merchant> {
  const fields: { field: string; message: string }[] = [];
  const blockedCountries = input.blockedCountries ? clean(input.blockedCountries).map((code) => code.toUpperCase()) : undefined;
  for (const code of blockedCountries ?? []) {
    if (!/^[A-Z]{2}$/.test(code)) fields.push({ field: 'blockedCountries', message: `${code} is not an ISO 3166 alpha-2 code` });
  }
  const ipAllowList = input.ipAllowList ? clean(input.ipAllowList) : undefined;
  const ipBlockList = input.ipBlockList ? clean(input.ipBlockList) : undefined;
  for (const [field, list] of [
    ['ipAllowList', ipAllowList],
    ['ipBlockList', ipBlockList],
  ] as const) {
    for (const rule of list ?? []) if (!isValidIpRule(rule)) fields.push({ field, message: `${rule} is not an IP address or CIDR range` });
  }
  if (fields.length > 0) throw new AppError('VALIDATION_FAILED', { value: { fields } });

  const [merchant] = await db
    .update(merchants)
    .set({
      ...(blockedCountries ? { blockedCountries } : {}),
      ...(ipAllowList ? { ipAllowList } : {}),
      ...(ipBlockList ? { ipBlockList } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(merchants.code, merchantCode))
    .returning();
  if (!merchant) throw new AppError('NOT_FOUND', { message: `No merchant ${merchantCode}` });
  cache?.invalidate();
  return merchant;
}
