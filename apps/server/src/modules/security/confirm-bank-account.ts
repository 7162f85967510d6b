import { and, eq, isNull } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/accounts';
import { recordMemberAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { uniqueViolationConstraint } from '../../platform/database-errors';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { checkPaymentPassword, fillProfileFullName } from '../member/index';
import { type BankAccountRow, findBankAccount } from './bank-account-queries';

/**
 * POST /wps/member/security/bankAccounts/confirm: binds the account for good (spec: a binding
 * cannot be undone), after the payment password (throttled per member like every other use). The first bound account also fixes the
 * member's real name when none was on file.
 */
export async function confirmBankAccount(
  ctx: AccountContext,
  member: MemberRow,
  input: { id: number; paymentPassword: string },
): Promise<BankAccountRow> {
  await checkPaymentPassword(ctx, member, input.paymentPassword);
  const account = await findBankAccount(ctx.db, member.id, input.id);
  if (!account) throw new AppError('NOT_FOUND');
  if (account.confirmedAt) throw new AppError('ALREADY_BOUND');
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .update(bankAccounts)
        .set({ confirmedAt: ctx.now })
        .where(and(eq(bankAccounts.id, account.id), eq(bankAccounts.memberId, member.id), isNull(bankAccounts.confirmedAt)))
        .returning();
      if (!row) throw new AppError('ALREADY_BOUND');
      await fillProfileFullName(tx, member.id, row.accountName, ctx.now);
      await recordMemberAudit(tx, ctx, {
        memberId: member.id,
        action: 'bank_account.bound',
        detail: { bankAccountId: row.id, bankName: row.bankName, last4: row.accountNumber.slice(-4) },
      });
      return row;
    });
  } catch (error) {
    if (uniqueViolationConstraint(error) === 'bank_accounts_bound_unique') throw new AppError('BANK_ACCOUNT_TAKEN');
    throw error;
  }
}
