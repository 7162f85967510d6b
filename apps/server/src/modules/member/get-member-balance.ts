import { formatAmount } from '@kismat/contracts/wallet';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { getMemberBalances } from '../wallet/index';

/**
 * The member's balances as the API shows them ("1234.50"): `balance` is the cash ledger account
 * minus what pending holds reserve (a trial player's play money is never part of it), and
 * `trialBalance` the play money a trial account plays with.
 */
export async function getMemberBalance(
  db: DbOrTx,
  member: Pick<MemberRow, 'id' | 'type' | 'merchantId'>,
): Promise<{ balance: string; trialBalance: string }> {
  const balances = await getMemberBalances(db, { merchantId: member.merchantId, memberId: member.id });
  return { balance: formatAmount(balances.available), trialBalance: formatAmount(balances.trial) };
}
