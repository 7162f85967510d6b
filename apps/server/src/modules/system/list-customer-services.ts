import { CUSTOMER_SERVICE_TYPES } from '@kismat/contracts/constants';
import type { Language } from '@kismat/contracts/languages';
import { and, asc, eq } from 'drizzle-orm';
import { customerServices } from '../../db/schema/system';
import type { DbOrTx } from '../../platform/db';
import { pickText } from './localized-text';

type CustomerServiceType = (typeof CUSTOMER_SERVICE_TYPES)[number];
export type CustomerServiceEntry = { csType: CustomerServiceType; title: string; path: string; textClass: string };

const isCustomerServiceType = (value: string): value is CustomerServiceType =>
  (CUSTOMER_SERVICE_TYPES as readonly string[]).includes(value);

/**
 * Active contact entries in the request's language. The link goes out base64-encoded as the
 * spec's "path (encrypted)": it keeps the links out of scrapers reading the page source; it
 * is not a secret.
 */
export async function listCustomerServices(db: DbOrTx, merchantId: number, language: Language): Promise<CustomerServiceEntry[]> {
  const rows = await db
    .select()
    .from(customerServices)
    .where(and(eq(customerServices.merchantId, merchantId), eq(customerServices.isActive, true)))
    .orderBy(asc(customerServices.sort), asc(customerServices.id));
  return rows.flatMap((row) =>
    isCustomerServiceType(row.csType)
      ? [
          {
            csType: row.csType,
            title: pickText(row.title, language, row.csType),
            path: Buffer.from(row.url, 'utf8').toString('base64'),
            textClass: row.textClass,
          },
        ]
      : [],
  );
}
