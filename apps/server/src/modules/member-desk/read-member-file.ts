import type { MemberFileValue } from '@kismat/contracts/member-desk';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { sessions } from '../../db/schema/accounts';
import { memberDeskTesters } from '../../db/schema/member-desk';
import { recordOperatorAudit } from '../../platform/audit';
import type { MemberRow } from '../../platform/auth';
import { currentOperator } from '../../platform/operator-auth';
import { findMemberProfile, findUsername } from '../member/index';
import { readPointBalance } from '../points/index';
import { readRgOverview } from '../responsible-gambling/index';
import { listBankAccounts } from '../security/index';
import { getMemberVipLevel } from '../vip/index';
import { getMemberBalances } from '../wallet/index';
import { merchantCodesOf } from './present-desk-member';

/**
 * Everything the member page's first tab shows, unmasked: real name, phone, e-mail, birthday
 * and bank account numbers are personal data, so the read itself is audited (who, which member,
 * which fields, when) before the answer leaves.
 */
export async function readMemberFile(request: FastifyRequest, member: MemberRow): Promise<MemberFileValue> {
  const { db } = request.server;
  const now = request.server.now();
  const operator = currentOperator(request);
  const ref = { merchantId: member.merchantId, memberId: member.id };
  const [profile, agentUsername, balances, points, vip, protection, banks, [tester], [open], codes] = await Promise.all([
    findMemberProfile(db, member.id),
    member.uplineId === null ? Promise.resolve(null) : findUsername(db, member.uplineId),
    getMemberBalances(db, ref),
    readPointBalance(db, member.id),
    getMemberVipLevel(db, member.id),
    readRgOverview(db, ref, now),
    listBankAccounts(db, member.id),
    db.select().from(memberDeskTesters).where(eq(memberDeskTesters.memberId, member.id)),
    db
      .select({ open: count() })
      .from(sessions)
      .where(and(eq(sessions.memberId, member.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, now))),
    merchantCodesOf(db, [member.merchantId]),
  ]);
  await recordOperatorAudit(db, request, operator, {
    action: 'member.personal_data_viewed',
    targetType: 'member',
    targetId: member.id,
    merchantId: member.merchantId,
    memberId: member.id,
    detail: { fields: ['realName', 'mobile', 'email', 'birthday', 'bankAccounts', 'ips'] },
  });
  return {
    member: {
      id: member.id,
      merchantCode: codes.get(member.merchantId) ?? '',
      username: member.username,
      mobile: member.mobile,
      email: member.email,
      status: member.status,
      type: member.type,
      agentUsername: agentUsername || null,
      createdAt: member.createdAt.toISOString(),
      lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
      nickname: member.nickname,
      realName: profile?.fullName ?? null,
      birthday: profile?.birthday ?? null,
      language: member.language,
      registerIp: member.registerIp,
      lastLoginIp: member.lastLoginIp,
      isTester: tester !== undefined,
      testerReason: tester?.reason ?? null,
      hasTotp: member.totpEnabledAt !== null,
      openSessions: open?.open ?? 0,
    },
    balances: {
      currency: balances.currency,
      cash: formatAmount(balances.cash),
      held: formatAmount(balances.held),
      available: formatAmount(balances.available),
      bonus: formatAmount(balances.bonus),
      agentEarnings: formatAmount(balances.agentEarnings),
    },
    points,
    vip: { rank: vip.rank, name: vip.level ? vip.level.names.en || vip.level.names.bn : null },
    protection,
    bankAccounts: banks.map((bank) => ({
      bankName: bank.bankName,
      accountName: bank.accountName,
      accountNumber: bank.accountNumber,
      isConfirmed: bank.confirmedAt !== null,
    })),
  };
}
