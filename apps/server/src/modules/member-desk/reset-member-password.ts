import type { Language } from '@kismat/contracts/languages';
import type { MemberResetPasswordValue } from '@kismat/contracts/member-desk';
import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit, requestOrigin } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { currentOperator } from '../../platform/operator-auth';
import { configuredPublicOrigin } from '../../platform/public-origin';
import type { AccountContext } from '../../platform/request-context';
import { findMemberWithMerchant, maskEmail, maskMobile, requestPasswordResetEmail } from '../member/index';
import { sendVerificationCode } from '../verification/index';

/**
 * Helps a member who lost the password, without the operator ever knowing the new one: an SMS
 * code to the bound mobile for the site's "forgot password by phone", or the site's reset link
 * by e-mail, through the same providers and daily limits as the member's own request. The
 * operator sees only where it went (masked); the reason is audited.
 */
export async function resetMemberPassword(
  request: FastifyRequest,
  member: MemberRow,
  input: { channel: 'SMS' | 'EMAIL'; reason: string },
): Promise<MemberResetPasswordValue> {
  const { server } = request;
  const found = await findMemberWithMerchant(server.db, { memberId: member.id });
  if (!found) throw new AppError('NOT_FOUND');
  const now = server.now();
  const language = (member.language || 'BN') as Language;
  let sentTo: string | null;
  if (input.channel === 'SMS') {
    if (!member.mobile)
      throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'channel', message: 'the member has no mobile number' }] } });
    await sendVerificationCode(server.db, server.messages, server.config, {
      merchantId: member.merchantId,
      channel: 'SMS',
      recipient: member.mobile,
      purpose: 'NO_LOGIN',
      memberId: member.id,
      ip: request.ip,
      now,
      language,
      deliver: true,
    });
    sentTo = maskMobile(member.mobile);
  } else {
    if (!member.email)
      throw new AppError('VALIDATION_FAILED', { value: { fields: [{ field: 'channel', message: 'the member has no e-mail address' }] } });
    const ctx: AccountContext = {
      db: server.db,
      now,
      merchant: found.merchant,
      language,
      config: server.config,
      origin: requestOrigin(request),
      messages: server.messages,
      captchaIdOf: () => null,
    };
    await requestPasswordResetEmail(
      ctx,
      { username: member.username, email: member.email },
      configuredPublicOrigin(found.merchant, server.config.PUBLIC_ORIGIN),
    );
    sentTo = maskEmail(member.email);
  }
  await recordOperatorAudit(server.db, request, currentOperator(request), {
    action: 'member.password_reset_sent',
    targetType: 'member',
    targetId: member.id,
    merchantId: member.merchantId,
    memberId: member.id,
    reason: input.reason,
    detail: { channel: input.channel },
  });
  return { channel: input.channel, sentTo: sentTo ?? '' };
}
