import { PATTERN_SOURCES } from '@kismat/contracts/field-rules';
import type { emailBindSendBody } from '@kismat/contracts/verification';
import type { z } from 'zod';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { findMemberByMobile } from '../member/index';
import { requestedMobileOf, sendAccountCode } from './account-codes';

const EMAIL_PATTERN = new RegExp(PATTERN_SOURCES.EMAIL, 'u');

export function normalizeEmail(email: string): string | null {
  const trimmed = email.trim().toLowerCase();
  return trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed) ? trimmed : null;
}

/** POST /wps/verification/sms/bind: a code to the number the member wants to bind. */
export async function sendMobileBindCode(
  ctx: AccountContext,
  member: MemberRow,
  body: { countryDialingCode?: string | undefined; mobileNo?: string | undefined; mobileNum?: string | undefined },
): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
  if (member.mobileVerifiedAt) throw new AppError('ALREADY_BOUND');
  const recipient = requestedMobileOf(ctx, body);
  const holder = await findMemberByMobile(ctx.db, ctx.merchant.id, recipient);
  if (holder && holder.id !== member.id) throw new AppError('MOBILE_TAKEN');
  return sendAccountCode(ctx, { channel: 'SMS', recipient, purpose: 'BIND', memberId: member.id });
}

/** POST /wps/verification/email/bind: a code to the address the member wants to bind. */
export async function sendEmailBindCode(
  ctx: AccountContext,
  member: MemberRow,
  body: z.output<typeof emailBindSendBody>,
): Promise<{ expiredMinutes: number; resendAfterSeconds: number }> {
  if (member.emailVerifiedAt) throw new AppError('ALREADY_BOUND');
  const email = normalizeEmail(body.email);
  if (!email) throw new AppError('EMAIL_INVALID');
  return sendAccountCode(ctx, { channel: 'EMAIL', recipient: email, purpose: 'BIND', memberId: member.id });
}
