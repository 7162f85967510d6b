import { and, eq, inArray } from 'drizzle-orm';
import { ledgerAccounts } from '../../db/schema/ledger';
import type { DbOrTx } from '../../platform/db';
import type { LedgerEntryInput } from './ledger-model';

/**
 * What an upline can pay towards `amount` right now: its AGENT_EARNINGS first, then its cash
 * wallet (available = balance - held). Both accounts are locked in id order (as postTransfer
 * locks them) inside the caller's transaction, so what was read stays spendable until the
 * transfer is posted; an account the upline never opened has nothing in it. Returns the debit
 * entries and the sum they cover (0 to `amount`).
 */
export async function collectFromUpline(
  tx: DbOrTx,
  input: { merchantId: number; currency: string; payerId: number; amount: bigint },
): Promise<{ entries: LedgerEntryInput[]; paid: bigint }> {
  const locked = await tx
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, balance: ledgerAccounts.balance, held: ledgerAccounts.held })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.merchantId, input.merchantId),
        eq(ledgerAccounts.ownerMemberId, input.payerId),
        inArray(ledgerAccounts.code, ['AGENT_EARNINGS', 'MEMBER_CASH']),
        eq(ledgerAccounts.currency, input.currency),
        eq(ledgerAccounts.subkey, ''),
      ),
    )
    .orderBy(ledgerAccounts.id)
    .for('update');
  const entries: LedgerEntryInput[] = [];
  let paid = 0n;
  for (const code of ['AGENT_EARNINGS', 'MEMBER_CASH'] as const) {
    const account = locked.find((row) => row.code === code);
    if (!account) continue;
    const free = account.balance - account.held;
    const take = bigMin(input.amount - paid, free > 0n ? free : 0n);
    if (take <= 0n) continue;
    entries.push({ accountId: account.id, amount: -take });
    paid += take;
  }
  return { entries, paid };
}

function bigMin(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
