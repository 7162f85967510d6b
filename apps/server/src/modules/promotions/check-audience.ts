import type { PromotionRow } from '../../db/schema/promotions';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { isAppError } from '../../platform/errors';
import { isTrial } from '../../platform/policy';
import { assertInSubtree } from '../member/index';
import { getMemberVipLevel } from '../vip/index';

/**
 * Whether the member is in the promotion's audience at `now`. Trial players never are (a bonus
 * is real money). VIP levels are the VIP programme's ranks (modules/vip); a member without a
 * level is rank 0.
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
      return audience.levels.includes((await getMemberVipLevel(db, member.id)).rank);
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
