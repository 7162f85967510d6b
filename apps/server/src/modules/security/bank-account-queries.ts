import { and, asc, eq } from 'drizzle-orm';
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
