import type { ActivityStatus, PromotionKind } from '@kismat/contracts/promotions';
import type { PromotionRow } from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx, Tx } from '../../platform/db';

/** A member's standing in one promotion as a kind sees it (red envelope chances, an application under review...). */
export interface KindMemberState {
  status: ActivityStatus;
  /** Rewards the member can take now (counted in availablePromoCount and the reward centre). */
  claimableCount: number;
}

/**
 * What a promotion kind adds to the core (PROMO-KINDS registers red envelope, raffle, referral
 * and activity here from its own files): the core handles status, window, audience, limits,
 * budget, the ledger and turnover for every kind; a hook only answers what is particular to it.
 */
export interface PromotionKindHooks {
  /** The member's state in a live promotion of this kind; null: the core's generic state. */
  memberState?(db: DbOrTx, promotion: PromotionRow, member: MemberRow, now: Date): Promise<KindMemberState | null>;
  /** A CLAIM of this kind (a raffle, a drawn prize); the core's generic claim pays only a FIXED rule. */
  claim?(tx: Tx, promotion: PromotionRow, member: MemberRow, now: Date): Promise<{ awardId: number; isReplay: boolean }>;
}

const hooks = new Map<PromotionKind, PromotionKindHooks>();

/** Registers a kind's hooks (once per kind, at start-up; a second registration replaces the first). */
export function registerPromotionKind(kind: PromotionKind, kindHooks: PromotionKindHooks): void {
  hooks.set(kind, kindHooks);
}

export function hooksOf(kind: string): PromotionKindHooks | undefined {
  return hooks.get(kind as PromotionKind);
}
