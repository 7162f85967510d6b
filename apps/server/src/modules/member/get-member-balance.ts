import { formatAmount } from '@kismat/contracts/wallet';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { getMemberBalances } from '../wallet/get-member-balances';

/**
 * The member's real-money balance as the API shows it ("1234.50"): the cash ledger account
 * minus what pending holds reserve. A trial player's play money is never part of this figure.
 */
export async function getMemberBalance(db: DbOrTx, member: Pick<MemberRow, 'id' | 'type' | 'merchantId'>): Promise<string> {
  const balances = await getMemberBalances(db, { merchantId: member.merchantId, memberId: member.id });
  return formatAmount(balances.available);
}
