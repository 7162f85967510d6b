import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';

export type BankAccountRow = typeof bankAccounts.$inferSelect;

export async function listBankAccounts(db: DbOrTx, memberId: number): Promise<BankAccountRow[]> {
  return db.select().from(bankAccounts).where(eq(bankAccounts.memberId, memberId)).orderBy(asc(bankAccounts.id));
}

export async function findBankAccount(db: DbOrTx, memberId: number, id: number): Promise<BankAccountRow | null> {
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.memberId, memberId), eq(bankAccounts.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** "****5678": the API never sends a full account number back. */
export function presentBankAccount(row: BankAccountRow) {
  return {
    id: row.id,
    accountName: row.accountName,
    accountNumber: `${'*'.repeat(Math.max(0, row.accountNumber.length - 4))}${row.accountNumber.slice(-4)}`,
    bankName: row.bankName,
    branch: row.branch,
    isBound: row.confirmedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/*
 * Reads of bank accounts for other modules (the cashier's withdrawals, the login's bank-name
 * factor): the accounts are the security module's table.
 */

/** A bank account by id (undefined when none). */
export async function findBankAccountById(db: DbOrTx, id: number): Promise<BankAccountRow | undefined> {
  const [bank] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id));
  return bank;
}

/** Bank accounts by id, for a page of withdrawals (one query for the page). */
export async function findBankAccountsByIds(db: DbOrTx, ids: readonly number[]): Promise<Map<number, BankAccountRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(bankAccounts)
    .where(inArray(bankAccounts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The member's confirmed (bound) bank accounts, oldest first. */
export async function listConfirmedBankAccounts(db: DbOrTx, memberId: number): Promise<BankAccountRow[]> {
  return db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.memberId, memberId), isNotNull(bankAccounts.confirmedAt)))
    .orderBy(asc(bankAccounts.id));
}

/** One of the member's confirmed bank accounts (null when none, not bound, or another member's). */
export async function findConfirmedBankAccount(db: DbOrTx, memberId: number, id: number): Promise<BankAccountRow | null> {
  const [bank] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.memberId, memberId), isNotNull(bankAccounts.confirmedAt)))
    .limit(1);
  return bank ?? null;
}
