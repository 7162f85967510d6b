import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq, gte, sql } from 'drizzle-orm';
import { vendorTransferWallets } from '../../db/schema/games';
import type { MemberRow } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Merchant } from '../../platform/merchant';
import { ensureMemberAccounts, getMemberBalances, postTransfer } from '../wallet/index';
import type { VendorDirectory } from './vendor-directory';

/** Transfer mode applies when the merchant's settings say `isSingleWallet: false`; single (seamless) is the default. */
export function isSingleWallet(merchant: Pick<Merchant, 'settings'>): boolean {
  return merchant.settings.isSingleWallet !== false;
}

export interface TransferVendorWalletInput {
  merchant: Merchant;
  member: MemberRow;
  vassalage: string;
  direction: 'IN' | 'OUT';
  amount: bigint;
  requestId: string;
  now: Date;
}

/**
 * Moves money between the main wallet and a vendor's wallet (transfer mode): IN is MEMBER_CASH ->
 * VENDOR_CLEARING:<vendor> plus the member's vendor-wallet row; OUT the reverse, guarded so the
 * vendor wallet never goes below zero. The client's requestId makes a retry move money once.
 */
export async function transferVendorWallet(db: Db, directory: VendorDirectory, input: TransferVendorWalletInput) {
  if (isSingleWallet(input.merchant)) throw new AppError('TRANSFER_WALLET_DISABLED');
  const vendor = await directory.find(input.vassalage);
  if (!vendor || vendor.isHouse || vendor.status === 'DISABLED') throw new AppError('GAME_UNAVAILABLE');
  const accounts = await ensureMemberAccounts(db, {
    merchantId: input.merchant.id,
    memberId: input.member.id,
    currency: input.merchant.currency,
  });
  const cashId = accounts.cash.id;
  const clearingId = await directory.clearingAccountId(input.merchant.id, vendor.code, input.merchant.currency);
  const sign = input.direction === 'IN' ? 1n : -1n;

  const result = await db.transaction(async (tx) => {
    const posted = await postTransfer(
      tx,
      {
        merchantId: input.merchant.id,
        idempotencyKey: `vendor-transfer:${input.member.id}:${input.requestId}`,
        type: 'adjustment',
        reference: { kind: 'vendor_wallet', id: `${input.member.id}:${vendor.code}` },
        entries: [
          { accountId: cashId, amount: -sign * input.amount },
          { accountId: clearingId, amount: sign * input.amount },
        ],
        description: input.direction === 'IN' ? `To ${vendor.code} wallet` : `From ${vendor.code} wallet`,
      },
      () => input.now,
    );
    if (!posted.isReplay && input.direction === 'IN') {
      await tx
        .insert(vendorTransferWallets)
        .values({
          merchantId: input.merchant.id,
          memberId: input.member.id,
          vendorId: vendor.vendorId,
          balance: input.amount,
          updatedAt: input.now,
        })
        .onConflictDoUpdate({
          target: [vendorTransferWallets.memberId, vendorTransferWallets.vendorId],
          set: { balance: sql`${vendorTransferWallets.balance} + ${input.amount}`, updatedAt: input.now },
        });
    }
    if (!posted.isReplay && input.direction === 'OUT') {
      // Guarded in one statement, like the ledger's debits: no row back means not enough at the vendor.
      const [row] = await tx
        .update(vendorTransferWallets)
        .set({ balance: sql`${vendorTransferWallets.balance} - ${input.amount}`, updatedAt: input.now })
        .where(
          and(
            eq(vendorTransferWallets.memberId, input.member.id),
            eq(vendorTransferWallets.vendorId, vendor.vendorId),
            gte(vendorTransferWallets.balance, input.amount),
          ),
        )
        .returning({ balance: vendorTransferWallets.balance });
      if (!row) throw new AppError('INSUFFICIENT_FUNDS');
    }
    return posted;
  });
  const [wallet] = await db
    .select({ balance: vendorTransferWallets.balance })
    .from(vendorTransferWallets)
    .where(and(eq(vendorTransferWallets.memberId, input.member.id), eq(vendorTransferWallets.vendorId, vendor.vendorId)));
  const balances = await getMemberBalances(db, { merchantId: input.merchant.id, memberId: input.member.id });
  return {
    vassalage: vendor.code,
    direction: input.direction,
    amount: formatAmount(input.amount),
    mainBalance: formatAmount(balances.available),
    vendorBalance: formatAmount(wallet?.balance ?? 0n),
    isReplay: result.isReplay,
  };
}
