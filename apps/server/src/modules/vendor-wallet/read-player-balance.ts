import { formatAmount } from '@kismat/contracts/wallet';
import { eq } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/ledger';
import type { DbOrTx } from '../../platform/db';

/** What the player can stake now: cash minus pending holds, as the vendor's 2-decimal string. */
export async function readPlayerBalance(db: DbOrTx, cashAccountId: number): Promise<string> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, cashAccountId));
  return formatAmount(row ? row.balance - row.held : 0n);
}
