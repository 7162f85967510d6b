import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, eq } from 'drizzle-orm';
import { vendorTransferWallets } from '../../db/schema/games';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { vendorFieldsSql, vendorIdByCodeSql } from '../catalogue/index';
import { getMemberBalances } from '../wallet/index';
import { isSingleWallet } from './transfer-vendor-wallet';

/** GCS_merchantWallet: the wallet mode and the member's main and per-vendor balances. */
export async function getMerchantWallet(db: Db, input: { merchant: Merchant; memberId: number; vassalage?: string | undefined }) {
  const balances = await getMemberBalances(db, { merchantId: input.merchant.id, memberId: input.memberId });
  const vendor = vendorFieldsSql(vendorTransferWallets.vendorId);
  const rows = await db
    .select({ vassalage: vendor.code, displayName: vendor.name, balance: vendorTransferWallets.balance })
    .from(vendorTransferWallets)
    .where(
      and(
        eq(vendorTransferWallets.memberId, input.memberId),
        input.vassalage ? eq(vendorTransferWallets.vendorId, vendorIdByCodeSql(input.vassalage)) : undefined,
      ),
    )
    .orderBy(asc(vendor.sort), asc(vendor.code));
  return {
    isSingle: isSingleWallet(input.merchant),
    currency: input.merchant.currency,
    mainBalance: formatAmount(balances.available),
    wallets: rows.map((row) => ({ vassalage: row.vassalage, displayName: row.displayName, balance: formatAmount(row.balance) })),
  };
}
