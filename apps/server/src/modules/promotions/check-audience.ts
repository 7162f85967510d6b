import type { PromotionRow } from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { isAppError } from '../../platform/errors';
import { isTrial } from '../../platform/policy';
import { assertInSubtree } from '../member/index';

/**
 * Whether the member is in the promotion's audience at `now`. Trial players never are (a bonus
 * is real money). A member without a VIP level counts as level 0 (the VIP programme, issue 15,
 * reads its own levels; until its face offers a member's level, level 0 is what everyone has).
 */
export async function isInAudience(db: DbOrTx, promotion: PromotionRow, member: MemberRow, now: Date): Promise<boolean> {
  if (isTrial(member) || member.merchantId !== promotion.merchantId) return false;
  const audience = promotion.audience;
  switch (audience.kind) {
    case 'ALL':
      return true;
    case 'NEW_MEMBERS':
      return member.createdAt.getTime() >= now.getTime() - audience.days * 86_400_000;
    case 'VIP_LEVELS':
      return audience.levels.includes(0);
    case 'AGENT_DOWNLINES':
      for (const agentId of audience.agentIds) {
        try {
          await assertInSubtree(db, agentId, member.id);
          return true;
        } catch (error) {
          if (!isAppError(error) || error.code !== 'NOT_IN_TEAM') throw error;
        }
      }
      return false;
  }
}
