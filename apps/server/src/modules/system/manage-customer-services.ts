import { randomBytes } from 'node:crypto';
import { type AdminCustomerService, CUSTOMER_SERVICE_TYPES, type CustomerServiceBody } from '@kismat/contracts/content-admin';
import { asc, eq } from 'drizzle-orm';
import { customerServices, type LocalizedText } from '../../db/schema/system';
import type { Db, DbOrTx } from '../../platform/db';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import { plainTitle } from '../../platform/sanitize-html';

/*
 * Customer-service entries of the side menu and floating bar (live chat, Facebook, Telegram,
 * WhatsApp). The attack: a `javascript:` or look-alike link every visitor clicks; the contract
 * takes only https URLs (a site path for live chat). Read fresh by the shell on each load.
 */

type Row = typeof customerServices.$inferSelect;
type CsType = (typeof CUSTOMER_SERVICE_TYPES)[number];
type Audit = (tx: DbOrTx, detail: { before: AdminCustomerService | null; after: AdminCustomerService | null; id: number }) => Promise<void>;

const isCsType = (value: string): value is CsType => (CUSTOMER_SERVICE_TYPES as readonly string[]).includes(value);
const full = (text: LocalizedText) => ({ BN: text.BN ?? '', EN: text.EN ?? '', SW: text.SW ?? '' });
const TEXT_CLASS: Record<CsType, string> = {
  LIVECHAT: 'cs-livechat',
  FACEBOOK: 'cs-facebook',
  TELEGRAM: 'cs-telegram',
  WHATSAPP: 'cs-whatsapp',
};

export function presentCustomerService(row: Row): AdminCustomerService {
  return {
    id: row.id,
    code: row.code,
    csType: isCsType(row.csType) ? row.csType : 'LIVECHAT',
    title: full(row.title),
    url: row.url,
    sort: row.sort,
    isActive: row.isActive,
  };
}

export async function listAdminCustomerServices(db: DbOrTx, merchantId: number): Promise<AdminCustomerService[]> {
  const rows = await db
    .select()
    .from(customerServices)
    .where(eq(customerServices.merchantId, merchantId))
    .orderBy(asc(customerServices.sort), asc(customerServices.id));
  return rows.map(presentCustomerService);
}

function columnsOf(body: CustomerServiceBody) {
  const title: LocalizedText = {};
  for (const language of ['BN', 'EN', 'SW'] as const) {
    const value = plainTitle(body.title[language]);
    if (value !== '') title[language] = value;
  }
  return { csType: body.csType, title, url: body.url, textClass: TEXT_CLASS[body.csType], sort: body.sort, isActive: body.isActive };
}

export async function createCustomerService(
  db: Db,
  input: { merchantId: number; body: CustomerServiceBody },
  audit: Audit,
): Promise<AdminCustomerService> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customerServices)
      .values({ merchantId: input.merchantId, code: `op-${randomBytes(4).toString('hex')}`, ...columnsOf(input.body) })
      .returning();
    if (!row) throw new Error('customer service insert returned nothing');
    const after = presentCustomerService(row);
    await audit(tx, { before: null, after, id: row.id });
    return after;
  });
}

export async function updateCustomerService(
  db: Db,
  input: { merchantId: number; id: number; body: CustomerServiceBody },
  audit: Audit,
): Promise<AdminCustomerService> {
  return db.transaction(async (tx) => {
    const current = await lockMerchantRow(tx, customerServices, input.merchantId, input.id);
    const [row] = await tx.update(customerServices).set(columnsOf(input.body)).where(eq(customerServices.id, current.id)).returning();
    if (!row) throw new Error('customer service update returned nothing');
    const after = presentCustomerService(row);
    await audit(tx, { before: presentCustomerService(current), after, id: row.id });
    return after;
  });
}

export async function deleteCustomerService(db: Db, input: { merchantId: number; id: number }, audit: Audit): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockMerchantRow(tx, customerServices, input.merchantId, input.id);
    await tx.delete(customerServices).where(eq(customerServices.id, current.id));
    await audit(tx, { before: presentCustomerService(current), after: null, id: current.id });
  });
}
