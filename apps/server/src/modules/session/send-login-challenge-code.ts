import type { loginVerificationSendBody } from '@kismat/contracts/session';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { findMemberById } from '../member/index';
import { sendAccountCode } from '../verification/index';
import { findOpenChallenge } from './login-challenges';

/** Sends the SMS or e-mail code of an open second-factor challenge to the member's bound address. */
export async function sendLoginChallengeCode(
  ctx: AccountContext,
  input: z.output<typeof loginVerificationSendBody>,
): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
  const challenge = await findOpenChallenge(ctx.db, ctx.merchant.id, input.challengeId, ctx.now);
  if (!challenge?.methods.includes(input.method)) throw new AppError('VERIFICATION_CODE_INVALID');
  const member = await findMemberById(ctx.db, ctx.merchant.id, challenge.memberId);
  const recipient = input.method === 'SMS' ? member?.mobile : member?.email;
  if (!member || !recipient) throw new AppError('VERIFICATION_CODE_INVALID');
  return sendAccountCode(ctx, { channel: input.method, recipient, purpose: 'LOGIN_VERIFY', memberId: member.id });
}
