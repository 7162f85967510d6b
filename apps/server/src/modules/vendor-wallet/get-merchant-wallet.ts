import { formatAmount } from '@kismat/contracts/wallet';
import { and, asc, eq } from 'drizzle-orm';
import { vendors } from '../../db/schema/catalogue';
import { vendorTransferWallets } from '../../db/schema/games';
import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { getMemberBalances } from '../wallet/index';
import { isSingleWallet } from './transfer-vendor-wallet';

/** GCS_merchantWallet: the wallet mode and the member's main and per-vendor balances. */
export async function getMerchantWallet(db: Db, input: { merchant: Merchant; memberId: number; vassalage?: string | undefined }) {
  const balances = await getMemberBalances(db, { merchantId: input.merchant.id, memberId: input.memberId });
  const rows = await db
    .select({ vassalage: vendors.code, displayName: vendors.name, balance: vendorTransferWallets.balance })
    .from(vendorTransferWallets)
    .innerJoin(vendors, eq(vendors.id, vendorTransferWallets.vendorId))
    .where(
      and(
        eq(vendorTransferWallets.memberId, input.memberId),
        input.vassalage ? eq(vendors.code, input.vassalage.toUpperCase()) : undefined,
      ),
    )
    .orderBy(asc(vendors.sort), asc(vendors.code));
  return {
    isSingle: isSingleWallet(input.merchant),
    currency: input.merchant.currency,
    mainBalance: formatAmount(balances.available),
    wallets: rows.map((row) => ({ vassalage: row.vassalage, displayName: row.displayName, balance: formatAmount(row.balance) })),
  };
}
