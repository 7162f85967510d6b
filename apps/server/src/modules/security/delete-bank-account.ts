import { and, eq, isNull } from 'drizzle-orm';
import { bankAccounts } from '../../db/schema/accounts';
import { recordMemberAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { findBankAccount } from './bank-account-queries';

/** DELETE /wps/member/security/bankAccounts: only an unbound account can go (ALREADY_BOUND otherwise). */
export async function deleteBankAccount(ctx: AccountContext, member: MemberRow, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.memberId, member.id), isNull(bankAccounts.confirmedAt)))
    .returning({ id: bankAccounts.id });
  if (deleted.length === 0) {
    throw new AppError((await findBankAccount(ctx.db, member.id, id)) ? 'ALREADY_BOUND' : 'NOT_FOUND');
  }
  await recordMemberAudit(ctx.db, ctx, { memberId: member.id, action: 'bank_account.removed', detail: { bankAccountId: id } });
}
