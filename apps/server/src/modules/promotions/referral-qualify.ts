import { type ReferralConfig, type ReferralFlag, referralConfig } from '@kismat/contracts/promotion-kinds';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { referralCodes, referralInvites } from '../../db/schema/promotion-campaigns';
import { type PromotionRow, promotions } from '../../db/schema/promotions';
import { columnsEqual } from '../../platform/columns-equal';
import type { DbOrTx, Tx } from '../../platform/db';
import { isAppError } from '../../platform/errors';
import { findMemberById } from '../member/index';
import { listBankAccounts } from '../security/index';
import { awardPromotion } from './award-promotion';
import { siteDayOf, sumDayTallies } from './campaign-day-tallies';
import { isWithinWindow, listLivePromotions, readMerchantMoney } from './promotion-queries';

/*
 * Invite friends: a friend qualifies with deposits and valid bet over the promotion's thresholds
 * within qualifyDays of registering; the inviter is then paid the FIXED reward (377) until the
 * cap (1,777: the fifth friend pays the 269 left). A friend who looks like the inviter (same
 * device, network, bank account or phone) is FLAGGED and paid only when an operator approves.
 */

export type ReferralInviteRow = typeof referralInvites.$inferSelect;

export interface ReferralRule {
  promotion: PromotionRow;
  config: ReferralConfig;
  reward: bigint;
}

/** A REFERRAL promotion's rule, or null when its settings do not parse (it pays nobody then). */
export function referralRuleOf(promotion: PromotionRow): ReferralRule | null {
  const parsed = referralConfig.safeParse(promotion.config);
  if (!parsed.success || promotion.reward.kind !== 'FIXED') return null;
  return { promotion, config: parsed.data, reward: BigInt(promotion.reward.amount) };
}

/** The REFERRAL promotion an invite counts under: its own while live, else the one live now. */
async function ruleFor(db: DbOrTx, invite: ReferralInviteRow, now: Date): Promise<ReferralRule | null> {
  if (invite.promotionId !== null) {
    const [own] = await db.select().from(promotions).where(eq(promotions.id, invite.promotionId));
    if (own && own.status === 'LIVE' && isWithinWindow(own, now)) return referralRuleOf(own);
  }
  const [live] = await listLivePromotions(db, invite.merchantId, now, ['REFERRAL']);
  return live ? referralRuleOf(live) : null;
}

/** The moment an invite stops being able to qualify. */
export function qualifyDeadline(invite: Pick<ReferralInviteRow, 'createdAt' | 'qualifyBy'>, config: ReferralConfig): Date {
  return invite.qualifyBy ?? new Date(invite.createdAt.getTime() + config.qualifyDays * 86_400_000);
}

/** What links the friend to the inviter; any of them holds the reward for review. */
export async function findReferralFlags(db: DbOrTx, invite: ReferralInviteRow): Promise<ReferralFlag[]> {
  const [inviter, invitee] = await Promise.all([
    findMemberById(db, invite.merchantId, invite.inviterId),
    findMemberById(db, invite.merchantId, invite.inviteeId),
  ]);
  const [code] = await db.select().from(referralCodes).where(eq(referralCodes.memberId, invite.inviterId));
  const flags = new Set<ReferralFlag>();
  const inviterIps = new Set([inviter?.registerIp, inviter?.lastLoginIp, code?.lastIp].filter((ip): ip is string => Boolean(ip)));
  const inviteeIps = [invite.registerIp, invitee?.registerIp, invitee?.lastLoginIp].filter((ip): ip is string => Boolean(ip));
  const isSharedIp = inviteeIps.some((ip) => inviterIps.has(ip));
  const isSharedDevice = invite.deviceId !== null && invite.deviceId === code?.lastDeviceId;
  if (isSharedIp) flags.add('SHARED_IP');
  if (isSharedDevice) flags.add('SHARED_DEVICE');
  // The same device on the same network, or the same mailbox: one person with two accounts.
  if ((isSharedIp && isSharedDevice) || (inviter?.email && inviter.email.toLowerCase() === invitee?.email?.toLowerCase())) {
    flags.add('SELF_REFERRAL');
  }
  const [inviterBanks, inviteeBanks] = await Promise.all([listBankAccounts(db, invite.inviterId), listBankAccounts(db, invite.inviteeId)]);
  const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '').slice(-10);
  const inviterNumbers = new Set(inviterBanks.map((bank) => digits(bank.accountNumber)).filter(Boolean));
  if (inviteeBanks.some((bank) => inviterNumbers.has(digits(bank.accountNumber)))) flags.add('SHARED_BANK_ACCOUNT');
  // Mobile wallets (bKash, Nagad) are phone numbers: a friend paid out to the inviter's phone, or the reverse.
  const inviterPhone = digits(inviter?.mobile);
  const inviteePhone = digits(invitee?.mobile);
  if (
    (inviterPhone && inviteeBanks.some((bank) => digits(bank.accountNumber) === inviterPhone)) ||
    (inviteePhone && inviterBanks.some((bank) => digits(bank.accountNumber) === inviteePhone))
  ) {
    flags.add('SHARED_PHONE');
  }
  return [...flags];
}

/**
 * Pays the inviter for one qualified friend: the reward, or what is left under the cap, or
 * nothing (CAPPED). The inviter's code row is locked first, so two friends qualifying at once
 * are paid one after the other and the cap holds.
 */
export async function payReferral(tx: Tx, invite: ReferralInviteRow, rule: ReferralRule, now: Date): Promise<ReferralInviteRow> {
  await tx.select({ id: referralCodes.memberId }).from(referralCodes).where(eq(referralCodes.memberId, invite.inviterId)).for('update');
  const [earned] = await tx
    .select({ total: sql<string>`coalesce(sum(${referralInvites.amount}), 0)` })
    .from(referralInvites)
    .where(columnsEqual(referralInvites, { inviterId: invite.inviterId, promotionId: rule.promotion.id, stage: 'QUALIFIED' }));
  const left = rule.config.cap - BigInt(earned?.total ?? 0);
  const amount = left < rule.reward ? left : rule.reward;
  if (amount <= 0n)
    return updateInvite(tx, invite.id, { stage: 'CAPPED', promotionId: rule.promotion.id, qualifiedAt: now, resolvedAt: now });
  const { award } = await awardPromotion(tx, {
    promotionId: rule.promotion.id,
    memberId: invite.inviterId,
    periodKey: `invitee:${invite.inviteeId}`,
    amount,
    reason: `invite friends: member ${invite.inviteeId} qualified`,
    now,
  });
  return updateInvite(tx, invite.id, {
    stage: 'QUALIFIED',
    promotionId: rule.promotion.id,
    amount: award.amount,
    awardId: award.id,
    qualifiedAt: invite.qualifiedAt ?? now,
    resolvedAt: now,
  });
}

async function updateInvite(tx: Tx, id: number, set: Partial<typeof referralInvites.$inferInsert>): Promise<ReferralInviteRow> {
  const [row] = await tx.update(referralInvites).set(set).where(eq(referralInvites.id, id)).returning();
  if (!row) throw new Error('referral invite not updated');
  return row;
}

/**
 * Checks the open invites of these members (friends who just deposited or played) and pays or
 * flags those that reached the thresholds in time. A refusal of the award (budget spent, the
 * promotion paused) leaves the invite open: the friend's next deposit or bet checks again.
 */
export async function advanceReferrals(tx: Tx, memberIds: readonly number[], now: Date): Promise<void> {
  if (memberIds.length === 0) return;
  const open = await tx
    .select()
    .from(referralInvites)
    .where(and(inArray(referralInvites.inviteeId, [...memberIds]), eq(referralInvites.stage, 'REGISTERED')))
    .orderBy(referralInvites.id)
    .for('update');
  if (open.length === 0) return;
  // Every inviter's code row up front, in id order: two consumers paying friends of the same two
  // inviters in opposite orders would otherwise deadlock on payReferral's lock.
  await tx
    .select({ id: referralCodes.memberId })
    .from(referralCodes)
    .where(inArray(referralCodes.memberId, [...new Set(open.map((invite) => invite.inviterId))]))
    .orderBy(referralCodes.memberId)
    .for('update');
  for (const invite of open) {
    const rule = await ruleFor(tx, invite, now);
    if (!rule) continue;
    const deadline = qualifyDeadline(invite, rule.config);
    if (now > deadline) {
      await updateInvite(tx, invite.id, { stage: 'EXPIRED', resolvedAt: now });
      continue;
    }
    const { utcOffsetMinutes } = await readMerchantMoney(tx, invite.merchantId);
    const done = await sumDayTallies(
      tx,
      invite.inviteeId,
      siteDayOf(invite.createdAt, utcOffsetMinutes),
      siteDayOf(deadline, utcOffsetMinutes),
    );
    if (done.deposit < rule.config.minDeposit || done.validBet < rule.config.minValidBet) continue;
    const flags = await findReferralFlags(tx, invite);
    if (flags.length > 0) {
      await updateInvite(tx, invite.id, { stage: 'FLAGGED', flags, promotionId: rule.promotion.id, qualifiedAt: now });
      continue;
    }
    try {
      await payReferral(tx, invite, rule, now);
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
}
