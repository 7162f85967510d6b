import type { bindEmailBody } from '@kismat/contracts/security';
import type { z } from 'zod';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { normalizeEmail } from '../verification/index';
import { bindVerifiedContact } from './bind-verified-contact';

/** POST /wps/member/security/email: binds an address proven by an e-mailed code; a bound address never changes. */
export async function bindEmail(ctx: AccountContext, member: MemberRow, body: z.output<typeof bindEmailBody>): Promise<MemberRow> {
  if (member.emailVerifiedAt) throw new AppError('ALREADY_BOUND');
  const email = normalizeEmail(body.email);
  if (!email) throw new AppError('EMAIL_INVALID');
  return bindVerifiedContact(ctx, member, {
    channel: 'EMAIL',
    recipient: email,
    code: body.verificationCode,
    set: { email, emailVerifiedAt: ctx.now, updatedAt: ctx.now },
    verifiedColumn: 'emailVerifiedAt',
    action: 'email.bound',
    detail: { domain: email.split('@')[1] },
  });
}
