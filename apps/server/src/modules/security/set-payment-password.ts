import type { paymentPasswordBody } from '@kismat/contracts/security';
import type { z } from 'zod';
import { recordMemberAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import { messageFor } from '../../platform/messages';
import type { AccountContext } from '../../platform/request-context';
import {
  checkField,
  checkPaymentPassword,
  essentialRule,
  fieldError,
  hashPassword,
  isTrivialPaymentPassword,
  loadRegistrationRules,
  otherMessage,
  updateMember,
  verifyPassword,
} from '../member/index';
import { findMemberProfile } from './member-profile';

/**
 * POST /wps/member/security/paymentPassword: the second password withdrawals and bindings ask
 * for. Changing it needs the old one; setting it the first time needs the login password, so
 * a borrowed unlocked session cannot set one and then move money. The old payment password
 * counts towards the same per-member lock as every other payment-password call (else this
 * call would be a free oracle), and a PIN among the first guesses is refused.
 */
export async function setPaymentPassword(
  ctx: AccountContext,
  member: MemberRow,
  body: z.output<typeof paymentPasswordBody>,
): Promise<void> {
  const rules = await loadRegistrationRules(ctx.db, ctx.merchant.id);
  const rule = { ...essentialRule(rules, 'paymentPassword'), field: 'newPaymentPassword' };
  const ruleError = checkField(rule, body.newPaymentPassword, ctx.language);
  if (ruleError) throw new AppError('VALIDATION_FAILED', { value: { fields: [ruleError] } });
  const profile = await findMemberProfile(ctx.db, member.id);
  if (isTrivialPaymentPassword(body.newPaymentPassword, profile?.birthday)) {
    const message = messageFor('PAYMENT_PASSWORD_TOO_SIMPLE', ctx.language);
    throw new AppError('PAYMENT_PASSWORD_TOO_SIMPLE', { value: { fields: [fieldError('newPaymentPassword', 'invalid', message)] } });
  }
  if (body.confirmPaymentPassword !== body.newPaymentPassword) {
    throw new AppError('PASSWORD_MISMATCH', {
      value: { fields: [fieldError('confirmPaymentPassword', 'mismatch', otherMessage('passwordMismatch', ctx.language))] },
    });
  }

  const isChange = member.paymentPasswordHash !== null;
  if (isChange) {
    await checkPaymentPassword(ctx, member, body.oldPaymentPassword ?? '');
  } else if (!(await verifyPassword(member.passwordHash, body.loginPassword ?? ''))) {
    throw new AppError('OLD_PASSWORD_INVALID');
  }
  const paymentPasswordHash = await hashPassword(body.newPaymentPassword);
  await ctx.db.transaction(async (tx) => {
    await updateMember(tx, member.id, { paymentPasswordHash, paymentPasswordChangedAt: ctx.now, updatedAt: ctx.now });
    await recordMemberAudit(tx, ctx, { memberId: member.id, action: isChange ? 'payment_password.changed' : 'payment_password.set' });
  });
}
