import { and, eq, inArray, sql } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/accounts';
import type { DbOrTx } from '../../platform/db';
import { escapeLike } from '../../platform/like-pattern';

/** LIKE metacharacters typed by an operator match themselves. */

/**
 * Members holding a bank account whose number starts with the typed digits, for the back
 * office's search (bank_accounts_number_prefix, migration 0037). Null merchant: every merchant.
 */
export async function findBankAccountHolders(
  db: DbOrTx,
  input: { merchantId: number | null; numberPrefix: string; limit: number },
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ memberId: bankAccounts.memberId })
    .from(bankAccounts)
    .where(
      and(
        input.merchantId === null ? undefined : eq(bankAccounts.merchantId, input.merchantId),
        sql`${bankAccounts.accountNumber} like ${`${escapeLike(input.numberPrefix)}%`}`,
      ),
    )
    .limit(input.limit);
  return rows.map((row) => row.memberId);
}

/** Other members with an account of the same bank and number as one of this member's: a shared payout account is a fraud signal. */
export async function listBankAccountLinks(db: DbOrTx, memberId: number): Promise<{ memberId: number; shared: string }[]> {
  const own = await db.select().from(bankAccounts).where(eq(bankAccounts.memberId, memberId));
  if (own.length === 0) return [];
  const numbers = [...new Set(own.map((row) => row.accountNumber))];
  const rows = await db
    .select({ memberId: bankAccounts.memberId, bankName: bankAccounts.bankName, accountNumber: bankAccounts.accountNumber })
    .from(bankAccounts)
    .where(
      and(
        eq(bankAccounts.merchantId, own[0]?.merchantId ?? 0),
        inArray(bankAccounts.accountNumber, numbers),
        sql`${bankAccounts.memberId} <> ${memberId}`,
      ),
    )
    .limit(50);
  return rows.map((row) => ({ memberId: row.memberId, shared: `${row.bankName} ${row.accountNumber}` }));
}
