import { eq } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/ledger';
import type { DbOrTx } from '../../platform/db';

/**
 * One account's stored balance and held amount by id, zeros when there is none: a single
 * primary-key read for a member's own (never hot) account on a game's hot path. Hot accounts
 * keep part of their balance in shards: read those with getAccountBalance.
 */
export async function readAccountCash(db: DbOrTx, accountId: number): Promise<{ balance: bigint; held: bigint }> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row ?? { balance: 0n, held: 0n };
}
