import { eq } from 'drizzle-orm';
import { members } from '../../db/schema/accounts';
import { recordMemberAudit } from '../../platform/audit';
import type { Tx } from '../../platform/db';
import { clearAccountFailures } from '../../platform/login-failures';
import type { AccountContext } from '../../platform/request-context';
import { revokeMemberSessions } from '../../platform/revoke-sessions';

/**
 * The end of a password reset proven by an SMS code or an e-mailed link, inside its transaction:
 * the new hash, every session of the member ended, the account's login failures forgotten, and
 * the reset audited.
 */
export async function writeResetPassword(
  tx: Tx,
  ctx: AccountContext,
  member: { id: number; username: string },
  passwordHash: string,
  action: 'password.reset_by_phone' | 'password.reset_by_email',
): Promise<void> {
  await tx.update(members).set({ passwordHash, passwordChangedAt: ctx.now, updatedAt: ctx.now }).where(eq(members.id, member.id));
  await revokeMemberSessions(tx, member.id, 'PASSWORD_RESET', ctx.now);
  await clearAccountFailures(tx, ctx.merchant.id, member.username);
  await recordMemberAudit(tx, ctx, { memberId: member.id, action });
}
