import type { DbOrTx } from '../../platform/db';
import { readAccountCash } from '../wallet/index';

/** The balance a round was played from, after it. */
export async function readBalance(db: DbOrTx, accountId: number): Promise<bigint> {
  return (await readAccountCash(db, accountId)).balance;
}
