import type { MemberActionValue } from '@kismat/contracts/member-desk';
import type { FastifyRequest } from 'fastify';
import { recordOperatorAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { currentOperator } from '../../platform/operator-auth';
import { revokeMemberSessions } from '../../platform/revoke-sessions';
import { setMemberStatus } from '../member/index';
import { isDeskTester } from './mark-member-tester';

/**
 * Locks a member (FROZEN) and ends every session in the same transaction: a taken-over account
 * must not keep playing or withdrawing on a token it already holds (platform/auth refuses a
 * non-ACTIVE member, and the revocation closes its sockets). Audited with the reason.
 */
export async function lockMember(request: FastifyRequest, member: MemberRow, reason: string): Promise<MemberActionValue> {
  const operator = currentOperator(request);
  const now = request.server.now();
  const revoked = await request.server.db.transaction(async (tx) => {
    await setMemberStatus(tx, member.id, 'FROZEN', now);
    const count = await revokeMemberSessions(tx, member.id, 'ACCOUNT_DISABLED', now);
    await recordOperatorAudit(tx, request, operator, {
      action: 'member.locked',
      targetType: 'member',
      targetId: member.id,
      merchantId: member.merchantId,
      memberId: member.id,
      reason,
      detail: { before: member.status, after: 'FROZEN', revokedSessions: count },
    });
    return count;
  });
  return { status: 'FROZEN', revokedSessions: revoked, isTester: await isDeskTester(request.server.db, member.id) };
}

/** Unlocks a locked member (ACTIVE again; they log in anew). A CLOSED account stays closed. */
export async function unlockMember(request: FastifyRequest, member: MemberRow, reason: string): Promise<MemberActionValue> {
  const operator = currentOperator(request);
  await request.server.db.transaction(async (tx) => {
    await setMemberStatus(tx, member.id, 'ACTIVE', request.server.now());
    await recordOperatorAudit(tx, request, operator, {
      action: 'member.unlocked',
      targetType: 'member',
      targetId: member.id,
      merchantId: member.merchantId,
      memberId: member.id,
      reason,
      detail: { before: member.status, after: 'ACTIVE' },
    });
  });
  return { status: 'ACTIVE', revokedSessions: 0, isTester: await isDeskTester(request.server.db, member.id) };
}

/** Ends every open session of the member (a shared or stolen device); the account stays usable with a new login. */
export async function forceLogoutMember(request: FastifyRequest, member: MemberRow, reason: string): Promise<MemberActionValue> {
  const operator = currentOperator(request);
  const revoked = await request.server.db.transaction(async (tx) => {
    const count = await revokeMemberSessions(tx, member.id, 'ACCOUNT_DISABLED', request.server.now());
    await recordOperatorAudit(tx, request, operator, {
      action: 'member.logged_out',
      targetType: 'member',
      targetId: member.id,
      merchantId: member.merchantId,
      memberId: member.id,
      reason,
      detail: { revokedSessions: count },
    });
    return count;
  });
  return { status: member.status, revokedSessions: revoked, isTester: await isDeskTester(request.server.db, member.id) };
}
