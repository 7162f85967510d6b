import type { ReferralFlag, ReferralStage } from '@kismat/contracts/promotion-kinds';
import { formatAmount } from '@kismat/contracts/wallet';
import { desc, eq } from 'drizzle-orm';
import { referralInvites } from '../../db/schema/promotion-campaigns';
import { type Db, type DbOrTx, inTransaction } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import { findMemberById, maskMobile } from '../member/index';
import type { AuditInTransaction } from './activity-review';
import { reviewQueue } from './operator-review';
import { listLivePromotions } from './promotion-queries';
import { ensureReferralCode, noteInviterOrigin } from './referral-codes';
import { payReferral, qualifyDeadline, type ReferralInviteRow, referralRuleOf } from './referral-qualify';

/** A friend's name as the inviter sees it: the first letters only. */
function maskName(username: string): string {
  return username.length <= 3 ? `${username[0] ?? ''}**` : `${username.slice(0, 3)}***`;
}

/**
 * The member's invite page: link, code, the live REFERRAL promotion's reward and cap, what was
 * earned, and each friend's stage. Opening it also notes where the inviter is (IP, device), so a
 * friend registering from there is flagged.
 */
export async function getMyReferral(
  db: DbOrTx,
  input: { merchantId: number; memberId: number; siteOrigin: string; ip: string; deviceId: string | null; now: Date; isModuleOn: boolean },
) {
  const code = await ensureReferralCode(db, input.merchantId, input.memberId);
  await noteInviterOrigin(db, input.memberId, input.ip, input.deviceId);
  const [promotion] = await listLivePromotions(db, input.merchantId, input.now, ['REFERRAL']);
  const rule = promotion ? referralRuleOf(promotion) : null;
  const invites = await db
    .select()
    .from(referralInvites)
    .where(eq(referralInvites.inviterId, input.memberId))
    .orderBy(desc(referralInvites.id))
    .limit(200);
  let earned = 0n;
  const invitees = [];
  for (const invite of invites) {
    if (invite.stage === 'QUALIFIED' && (!rule || invite.promotionId === rule.promotion.id)) earned += invite.amount;
    const invitee = await findMemberById(db, input.merchantId, invite.inviteeId);
    const deadline = rule ? qualifyDeadline(invite, rule.config) : invite.qualifyBy;
    // An open invite past its window shows as expired before the next fact closes it.
    const stage = invite.stage === 'REGISTERED' && deadline && deadline < input.now ? 'EXPIRED' : invite.stage;
    invitees.push({
      id: invite.id,
      name: invitee ? maskName(invitee.username) : '***',
      registeredAt: invite.createdAt.toISOString(),
      stage: stage as ReferralStage,
      amount: formatAmount(invite.amount),
      qualifyBy: (deadline ?? invite.createdAt).toISOString(),
    });
  }
  const link = `${input.siteOrigin}/register?referralCode=${encodeURIComponent(code)}`;
  return {
    // The merchant's REFERRAL module (the side menu and floating invite entries) and a live promotion.
    isEnabled: input.isModuleOn && rule !== null,
    promotionId: rule?.promotion.id ?? null,
    code,
    link,
    rewardAmount: formatAmount(rule?.reward ?? 0n),
    cap: formatAmount(rule?.config.cap ?? 0n),
    earned: formatAmount(earned),
    minDeposit: formatAmount(rule?.config.minDeposit ?? 0n),
    minValidBet: formatAmount(rule?.config.minValidBet ?? 0n),
    qualifyDays: rule?.config.qualifyDays ?? 0,
    invitees,
  };
}

async function presentForOperator(db: DbOrTx, invite: ReferralInviteRow) {
  const [inviter, invitee] = await Promise.all([
    findMemberById(db, invite.merchantId, invite.inviterId),
    findMemberById(db, invite.merchantId, invite.inviteeId),
  ]);
  return {
    id: invite.id,
    promotionId: invite.promotionId ?? 0,
    inviterId: invite.inviterId,
    inviterName: inviter ? `${inviter.username}${inviter.mobile ? ` (${maskMobile(inviter.mobile)})` : ''}` : '',
    inviteeId: invite.inviteeId,
    inviteeName: invitee ? `${invitee.username}${invitee.mobile ? ` (${maskMobile(invitee.mobile)})` : ''}` : '',
    stage: invite.stage as ReferralStage,
    flags: invite.flags as ReferralFlag[],
    registerIp: invite.registerIp,
    deviceId: invite.deviceId,
    amount: formatAmount(invite.amount),
    registeredAt: invite.createdAt.toISOString(),
    qualifiedAt: invite.qualifiedAt?.toISOString() ?? null,
    reviewNote: invite.reviewNote,
    reviewedBy: invite.reviewedBy,
  };
}

/** The operator's referral queue (default: FLAGGED, oldest first). */
export function listReferralsForOperator(
  db: DbOrTx,
  input: { merchantId: number | null; status: ReferralStage; pageNo: number; pageSize: number },
) {
  return reviewQueue(db, { table: referralInvites, status: referralInvites.stage, waiting: 'FLAGGED' }, input, presentForOperator);
}

/**
 * Approves a flagged friend: pays the inviter as if the friend had qualified unflagged (the
 * reward or what the cap leaves). A repeat answers the paid invite; a rejected one stays closed.
 */
export async function approveReferral(
  db: Db,
  input: { id: number; reviewedBy: string; scopeMerchantId: number | null; now: Date },
  audit: AuditInTransaction,
) {
  return inTransaction(db, async (tx) => {
    const invite = await lockMerchantRow(tx, referralInvites, input.scopeMerchantId, input.id);
    if (invite.stage === 'QUALIFIED' || invite.stage === 'CAPPED') return presentForOperator(tx, invite);
    if (invite.stage !== 'FLAGGED') throw new AppError('CAMPAIGN_ALREADY_REVIEWED');
    const [promotion] = await listLivePromotions(tx, invite.merchantId, input.now, ['REFERRAL']);
    const rule = promotion ? referralRuleOf(promotion) : null;
    if (!rule) throw new AppError('PROMOTION_NOT_AVAILABLE');
    const paid = await payReferral(tx, invite, rule, input.now);
    const [reviewed] = await tx
      .update(referralInvites)
      .set({ reviewedBy: input.reviewedBy, reviewNote: 'approved' })
      .where(eq(referralInvites.id, invite.id))
      .returning();
    await audit(tx, {
      action: 'promotion.referral_approved',
      targetType: 'referral_invite',
      targetId: invite.id,
      merchantId: invite.merchantId,
      memberId: invite.inviterId,
      detail: { inviteeId: invite.inviteeId, flags: invite.flags, stage: paid.stage, amount: formatAmount(paid.amount) },
    });
    return presentForOperator(tx, reviewed ?? paid);
  });
}

/** Rejects a flagged friend: closed, nothing paid, the reason kept for the audit. */
export async function rejectReferral(
  db: Db,
  input: { id: number; reason: string; reviewedBy: string; scopeMerchantId: number | null; now: Date },
  audit: AuditInTransaction,
) {
  return inTransaction(db, async (tx) => {
    const invite = await lockMerchantRow(tx, referralInvites, input.scopeMerchantId, input.id);
    if (invite.stage === 'REJECTED') return presentForOperator(tx, invite);
    if (invite.stage !== 'FLAGGED') throw new AppError('CAMPAIGN_ALREADY_REVIEWED');
    const [rejected] = await tx
      .update(referralInvites)
      .set({ stage: 'REJECTED', reviewedBy: input.reviewedBy, reviewNote: input.reason, resolvedAt: input.now })
      .where(eq(referralInvites.id, invite.id))
      .returning();
    if (!rejected) throw new Error('referral not rejected');
    await audit(tx, {
      action: 'promotion.referral_rejected',
      targetType: 'referral_invite',
      targetId: invite.id,
      merchantId: invite.merchantId,
      memberId: invite.inviterId,
      reason: input.reason,
      detail: { inviteeId: invite.inviteeId, flags: invite.flags },
    });
    return presentForOperator(tx, rejected);
  });
}
