import type { Db } from '../../platform/db';
import type { Merchant } from '../../platform/merchant';
import { ensureMemberAccounts } from '../wallet/ensure-member-accounts';
import { openAccount } from '../wallet/open-account';
import { postTransfer } from '../wallet/post-transfer';

let fundSequence = 0;

/** Credits a member's cash from ADJUSTMENT, as an operator would; tests start from a known balance. */
export async function fundMember(
  db: Db,
  merchant: Pick<Merchant, 'id' | 'currency'>,
  memberId: number,
  amountMinor: bigint,
): Promise<void> {
  const accounts = await ensureMemberAccounts(db, { merchantId: merchant.id, memberId, currency: merchant.currency });
  const adjustment = await openAccount(db, { merchantId: merchant.id, code: 'ADJUSTMENT', currency: merchant.currency });
  fundSequence += 1;
  await postTransfer(db, {
    merchantId: merchant.id,
    idempotencyKey: `test-fund:${memberId}:${fundSequence}:${Date.now()}`,
    type: 'adjustment',
    entries: [
      { accountId: adjustment.id, amount: -amountMinor },
      { accountId: accounts.cash.id, amount: amountMinor },
    ],
  });
}
