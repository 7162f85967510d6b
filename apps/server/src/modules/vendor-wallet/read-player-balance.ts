import { formatAmount } from '@kismat/contracts/wallet';
import type { DbOrTx } from '../../platform/db';
import { readAccountCash } from '../wallet/index';

/** What the player can stake now: cash minus pending holds, as the vendor's 2-decimal string. */
export async function readPlayerBalance(db: DbOrTx, cashAccountId: number): Promise<string> {
  const { balance, held } = await readAccountCash(db, cashAccountId);
  return formatAmount(balance - held);
}
