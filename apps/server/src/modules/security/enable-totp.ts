import { recordMemberAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { updateMember } from '../member/index';
import { matchTotp } from './totp';

/** POST /wps/member/security/totp: a current code proves the authenticator app holds the secret; TOTP is then bound. */
export async function enableTotp(ctx: AccountContext, member: MemberRow, code: string): Promise<void> {
  if (member.totpEnabledAt) throw new AppError('ALREADY_BOUND');
  if (!member.totpSecret) throw new AppError('VERIFICATION_CODE_INVALID');
  const step = matchTotp(member.totpSecret, code, ctx.now);
  if (step === null) throw new AppError('VERIFICATION_CODE_INVALID');
  await ctx.db.transaction(async (tx) => {
    const row = await updateMember(
      tx,
      member.id,
      { totpEnabledAt: ctx.now, totpLastStep: step, updatedAt: ctx.now },
      { onlyWhileUnset: 'totpEnabledAt' },
    );
    if (!row) throw new AppError('ALREADY_BOUND');
    await recordMemberAudit(tx, ctx, { memberId: member.id, action: 'totp.bound' });
  });
}
