import type { bindEmailBody } from '@kismat/contracts/security';
import type { z } from 'zod';
import { recordAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { consumeVerificationCode, updateMember } from '../member/index';
import { normalizeEmail } from '../verification/index';

/** POST /wps/member/security/email: binds an address proven by an e-mailed code; a bound address never changes. */
export async function bindEmail(ctx: AccountContext, member: MemberRow, body: z.output<typeof bindEmailBody>): Promise<MemberRow> {
  if (member.emailVerifiedAt) throw new AppError('ALREADY_BOUND');
  const email = normalizeEmail(body.email);
  if (!email) throw new AppError('EMAIL_INVALID');
  return ctx.db.transaction(async (tx) => {
    const check = await consumeVerificationCode(tx, {
      merchantId: ctx.merchant.id,
      channel: 'EMAIL',
      recipient: email,
      purposes: ['BIND'],
      code: body.verificationCode,
      now: ctx.now,
    });
    if (check === 'EXPIRED') throw new AppError('VERIFICATION_CODE_EXPIRED');
    if (check !== 'OK') throw new AppError('VERIFICATION_CODE_INVALID');
    const row = await updateMember(
      tx,
      member.id,
      { email, emailVerifiedAt: ctx.now, updatedAt: ctx.now },
      { onlyWhileUnset: 'emailVerifiedAt' },
    );
    if (!row) throw new AppError('ALREADY_BOUND');
    await recordAudit(tx, {
      merchantId: ctx.merchant.id,
      memberId: member.id,
      actor: 'MEMBER',
      action: 'email.bound',
      origin: ctx.origin,
      detail: { domain: email.split('@')[1] },
      at: ctx.now,
    });
    return row;
  });
}
