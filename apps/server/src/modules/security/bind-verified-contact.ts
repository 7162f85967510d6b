import { recordMemberAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { AccountContext } from '../../platform/request-context';
import { consumeVerificationCode, type MemberSecurityColumns, updateMember } from '../member/index';

/** One contact binding: the proven recipient, the member columns it sets and what the audit keeps. */
export interface ContactBinding {
  channel: 'EMAIL' | 'SMS';
  /** The address or the E.164 number the code was sent to. */
  recipient: string;
  code: string;
  /** The columns set, the verified-at one included; written only while that one is unset. */
  set: MemberSecurityColumns;
  verifiedColumn: 'emailVerifiedAt' | 'mobileVerifiedAt';
  action: 'email.bound' | 'mobile.bound';
  /** What the audit keeps of the contact (never the whole of it). */
  detail: Record<string, unknown>;
}

/**
 * Binds an e-mail address or a mobile number proven by its BIND code, in one transaction: the code
 * is used up, the member row written only while the contact is unbound (a bound one never
 * changes: ALREADY_BOUND), and the binding audited.
 */
export function bindVerifiedContact(ctx: AccountContext, member: MemberRow, binding: ContactBinding): Promise<MemberRow> {
  return ctx.db.transaction(async (tx) => {
    const check = await consumeVerificationCode(tx, {
      merchantId: ctx.merchant.id,
      channel: binding.channel,
      recipient: binding.recipient,
      purposes: ['BIND'],
      code: binding.code,
      now: ctx.now,
    });
    if (check === 'EXPIRED') throw new AppError('VERIFICATION_CODE_EXPIRED');
    if (check !== 'OK') throw new AppError('VERIFICATION_CODE_INVALID');
    const row = await updateMember(tx, member.id, binding.set, { onlyWhileUnset: binding.verifiedColumn });
    if (!row) throw new AppError('ALREADY_BOUND');
    await recordMemberAudit(tx, ctx, { memberId: member.id, action: binding.action, detail: binding.detail });
    return row;
  });
}
