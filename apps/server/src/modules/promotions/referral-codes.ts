import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { referralCodes, referralInvites } from '../../db/schema/promotion-campaigns';
import type { DbOrTx, Tx } from '../../platform/db';
import { findMemberById, type ReferralRegistration } from '../member/index';
import { listLivePromotions } from './promotion-queries';

/*
 * Invite friends: every member's personal code, and the friend it brings in. Member codes are
 * 9 characters and agents' affiliate codes 8 (member/affiliate-code.ts), so a code typed at
 * registration is one or the other, never both.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 9;

function newReferralCode(): string {
  return Array.from(randomBytes(CODE_LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

export function normalizeReferralCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The member's code, made on first use; a racing first use keeps the first code. */
export async function ensureReferralCode(db: DbOrTx, merchantId: number, memberId: number): Promise<string> {
  const [existing] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.memberId, memberId));
  if (existing) return existing.code;
  // A collision of 9 random characters (32^9) is astronomically rare; retry a few times anyway.
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db
      .insert(referralCodes)
      .values({ memberId, merchantId, code: newReferralCode() })
      .onConflictDoNothing()
      .returning({ code: referralCodes.code });
    if (inserted[0]) return inserted[0].code;
    const [raced] = await db.select({ code: referralCodes.code }).from(referralCodes).where(eq(referralCodes.memberId, memberId));
    if (raced) return raced.code;
  }
  throw new Error('no referral code could be made');
}

/** Notes where the inviter opens the invite page: a friend registering from the same place is flagged. */
export async function noteInviterOrigin(db: DbOrTx, memberId: number, ip: string, deviceId: string | null): Promise<void> {
  await db
    .update(referralCodes)
    .set({ lastIp: ip, ...(deviceId ? { lastDeviceId: deviceId } : {}) })
    .where(eq(referralCodes.memberId, memberId));
}

/** The inviter of a member code of this merchant (an active account), or null. */
export async function resolveReferralCode(
  db: DbOrTx,
  merchantId: number,
  code: string,
): Promise<{ inviterId: number; inviterNickname: string; code: string } | null> {
  const normalized = normalizeReferralCode(code);
  if (normalized.length !== CODE_LENGTH) return null;
  const [row] = await db
    .select({ memberId: referralCodes.memberId })
    .from(referralCodes)
    .where(and(eq(referralCodes.merchantId, merchantId), eq(referralCodes.code, normalized)));
  if (!row) return null;
  const inviter = await findMemberById(db, merchantId, row.memberId);
  if (inviter?.status !== 'ACTIVE') return null;
  return { inviterId: inviter.id, inviterNickname: inviter.nickname ?? inviter.username, code: normalized };
}

/**
 * Records the friend inside the registration's transaction (so a failed sign-up records
 * nobody). The live REFERRAL promotion, if any, sets the window to qualify in.
 */
export async function recordReferral(tx: Tx, input: ReferralRegistration): Promise<void> {
  const [promotion] = await listLivePromotions(tx, input.merchantId, input.now, ['REFERRAL']);
  const qualifyDays = Number((promotion?.config as { qualifyDays?: unknown } | undefined)?.qualifyDays ?? 0);
  await tx
    .insert(referralInvites)
    .values({
      merchantId: input.merchantId,
      inviterId: input.inviterId,
      inviteeId: input.inviteeId,
      code: input.code,
      registerIp: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      deviceId: input.deviceId,
      promotionId: promotion?.id ?? null,
      qualifyBy: promotion && qualifyDays > 0 ? new Date(input.now.getTime() + qualifyDays * 86_400_000) : null,
      createdAt: input.now,
    })
    .onConflictDoNothing();
}

/** Whether the merchant runs a live invite-friends promotion now (member state availablePromo.REFERRAL.enabled). */
export async function isReferralLive(db: DbOrTx, merchantId: number, now: Date): Promise<boolean> {
  return (await listLivePromotions(db, merchantId, now, ['REFERRAL'])).length > 0;
}
