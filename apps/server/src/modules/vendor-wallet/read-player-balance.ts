import { formatAmount } from '@kismat/contracts/wallet';
import type { Db, DbOrTx } from '../../platform/db';
import { readAccountCash, readAccountCashShared } from '../wallet/index';

/** What the player can stake now: cash minus pending holds, as the vendor's 2-decimal string. */
export async function readPlayerBalance(db: DbOrTx, cashAccountId: number): Promise<string> {
  const { balance, held } = await readAccountCash(db, cashAccountId);
  return formatAmount(balance - held);
}

/**
 * readPlayerBalance outside any transaction (a vendor's balance calls, an error's balance): the
 * reads of calls arriving together share one statement (the wallet's readAccountCashShared).
 */
export async function readPlayerBalanceShared(db: Db, cashAccountId: number): Promise<string> {
  const { balance, held } = await readAccountCashShared(db, cashAccountId);
  return formatAmount(balance - held);
}
