import { asc, desc, eq } from 'drizzle-orm';
import { merchantDomains } from '../../db/schema/merchants';
import type { DbOrTx } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';

export type DomainRoute = {
  mainDomain: string;
  merchantCode: string;
  domains: { domain: string; purpose: string; isPrimary: boolean }[];
};

/** The merchant's domains by purpose (member site, agent site, CDNs), primary first. */
export async function getDomainRoute(db: DbOrTx, merchant: Merchant): Promise<DomainRoute> {
  const domains = await db
    .select({ domain: merchantDomains.domain, purpose: merchantDomains.purpose, isPrimary: merchantDomains.isPrimary })
    .from(merchantDomains)
    .where(eq(merchantDomains.merchantId, merchant.id))
    .orderBy(desc(merchantDomains.isPrimary), asc(merchantDomains.domain));
  return { mainDomain: merchant.mainDomain, merchantCode: merchant.code, domains };
}
