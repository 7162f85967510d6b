import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';

/**
 * Leg accounts locked for a keyed bulk transfer by a caller that must hold them before its own
 * checks (docs/ledger.md, "Locks for the vendor batch"): the vendor batch walks its bets over the
 * locked balances to refuse exactly the unaffordable ones, then posts the rest. The wallet takes
 * the locks (ascending id, before any counter account: the ledger's lock order, so a batch and a
 * lone transfer never deadlock) and holds the overdraft guard; the caller only asks. A handle is
 * tied to the transaction that read it: posting with it in another would move unlocked rows.
 */
export interface LockedLegs {
  /** Whether this transaction holds the account's row lock through this handle. */
  has(accountId: number): boolean;
  /** What the account can still pay (balance minus holds), after the moves accepted so far. */
  available(accountId: number): bigint;
  /**
   * The guard of postTransfer on the running balance: a debit that would take a non-negative
   * account below its holds is refused (false, nothing changes); otherwise the move is counted.
   */
  tryMove(accountId: number, amount: bigint): boolean;
  /** The transaction holding the locks. */
  readonly tx: Tx;
}

/** The columns the lock statement returns per account. */
export interface LegLockRow {
  id: unknown;
  balance: unknown;
  held: unknown;
  allows_negative: unknown;
}

/**
 * The lock statement, for a caller that folds it into one of its own statements as a WITH part
 * (the vendor batch: no extra round trip); its rows go to `lockedLegsOf`. Ascending id, FOR UPDATE.
 */
export function legLockQuery(accountIds: readonly number[]): SQL {
  const ids = [...new Set(accountIds)].sort((left, right) => left - right);
  return sql`SELECT id, balance, held, allows_negative FROM ledger_accounts
     WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
     ORDER BY id
       FOR UPDATE`;
}

/** The handle over the rows `legLockQuery` returned in `tx`. */
export function lockedLegsOf(tx: Tx, rows: readonly LegLockRow[]): LockedLegs {
  const accounts = new Map<number, { available: bigint; allowsNegative: boolean }>();
  for (const row of rows) {
    accounts.set(toNumber(row.id), { available: toBigInt(row.balance) - toBigInt(row.held), allowsNegative: row.allows_negative === true });
  }
  const accountOf = (accountId: number) => {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`leg locks: account ${accountId} is not locked`);
    return account;
  };
  return {
    tx,
    has: (accountId) => accounts.has(accountId),
    available: (accountId) => accountOf(accountId).available,
    tryMove(accountId, amount) {
      const account = accountOf(accountId);
      if (amount < 0n && !account.allowsNegative && account.available + amount < 0n) return false;
      account.available += amount;
      return true;
    },
  };
}

/** Locks the leg accounts in their own statement (a caller with nothing to fold them into). */
export async function lockLegAccounts(tx: Tx, accountIds: readonly number[]): Promise<LockedLegs> {
  return lockedLegsOf(tx, rowsOf<LegLockRow>(await tx.execute(legLockQuery(accountIds))));
}
