import { type addBankAccountBody, MAX_BANK_ACCOUNTS } from '@kismat/contracts/security';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { bankAccounts } from '../../db/schema/accounts';
import { recordMemberAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { checkPersonName, findMemberProfile, normalizePersonName } from '../member/index';
import type { BankAccountRow } from './bank-account-queries';

/**
 * POST /wps/member/security/bankAccounts: adds an unbound account. Its name must read as a
 * person's name (PERSON_NAME_INVALID) and be the member's real name when one is on file:
 * payouts go only to the player's own accounts.
 */
export async function addBankAccount(
  ctx: AccountContext,
  member: MemberRow,
  body: z.output<typeof addBankAccountBody>,
): Promise<BankAccountRow> {
  const accountName = body.accountName.replace(/\s+/g, ' ');
  checkPersonName(accountName, 'accountName', ctx.language);
  const profile = await findMemberProfile(ctx.db, member.id);
  if (profile?.fullName && normalizePersonName(profile.fullName) !== normalizePersonName(accountName)) {
    throw new AppError('BANK_NAME_MISMATCH');
  }
  const [existing] = await ctx.db.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.memberId, member.id));
  if ((existing?.n ?? 0) >= MAX_BANK_ACCOUNTS) throw new AppError('BANK_ACCOUNT_LIMIT');
  const [row] = await ctx.db
    .insert(bankAccounts)
    .values({
      memberId: member.id,
      merchantId: ctx.merchant.id,
      accountName,
      accountNumber: body.accountNumber.replace(/[\s-]/g, ''),
      bankName: body.bankName.replace(/\s+/g, ' '),
      branch: body.branch || null,
      createdAt: ctx.now,
    })
    .returning();
  if (!row) throw new Error('bank account insert returned nothing');
  await recordMemberAudit(ctx.db, ctx, {
    memberId: member.id,
    action: 'bank_account.added',
    detail: { bankAccountId: row.id, bankName: row.bankName },
  });
  return row;
}
