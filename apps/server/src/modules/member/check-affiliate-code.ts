import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { FriendReferrals, InvitationLinks } from './invitation-links';
import { normalizeAffiliateCode } from './member-queries';

/**
 * GET /wps/agent/affiliate: the code is an active agent's own code or an enabled invitation link
 * of one, or a member's invite-friends code, of this merchant; INVALID_AFFILIATE_CODE otherwise.
 */
export async function checkAffiliateCode(
  db: DbOrTx,
  merchantId: number,
  code: string,
  invitationLinks: Pick<InvitationLinks, 'resolveInvitationCode'>,
  friendReferrals?: Pick<FriendReferrals, 'resolveReferralCode'>,
): Promise<{ valid: true; code: string; agentNickname: string }> {
  const friend = friendReferrals ? await friendReferrals.resolveReferralCode(db, merchantId, code) : null;
  if (friend) return { valid: true, code: friend.code, agentNickname: friend.inviterNickname };
  const invited = await invitationLinks.resolveInvitationCode(db, merchantId, code);
  if (!invited) throw new AppError('INVALID_AFFILIATE_CODE');
  return { valid: true, code: normalizeAffiliateCode(code), agentNickname: invited.agent.nickname };
}
