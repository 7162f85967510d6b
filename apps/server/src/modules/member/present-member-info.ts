import { parseLanguage } from '@kismat/contracts/languages';
import type { MemberInfo, MemberType } from '@kismat/contracts/member';
import type { MemberRow } from '../../platform/auth';
import type { DbOrTx } from '../../platform/db';
import { isFlagOn } from '../../platform/flags';
import type { Merchant } from '../../platform/merchant';
import { isAgent, isTrial } from '../../platform/policy';
import { countUnreadMessages } from '../customer-service/index';
import { countAvailablePromotions } from './available-promotions';
import { getMemberBalance } from './get-member-balance';
import { readMemberStateExtras } from './member-state-extras';
import { maskEmail, maskMobile } from './phone-numbers';

/**
 * Member info and state (spec section 3) for the header, guards and login result. unreadMessage
 * is the unread inbox count (the same figure as CSP_unreadCount); availablePromoCount the rewards
 * claimable now (the promotions module's counter, handed in by the registry); hasVip,
 * vipLabelName and vipRankLevel from the member-state extras the registry registers (the vip
 * module's provider; false/null without a level).
 */
export async function presentMemberInfo(db: DbOrTx, member: MemberRow, merchant: Merchant): Promise<MemberInfo> {
  const { balance, trialBalance } = await getMemberBalance(db, member);
  const unreadMessage = await countUnreadMessages(db, member.id);
  const extras = await readMemberStateExtras(db, member, merchant);
  const availablePromoCount = isTrial(member) ? 0 : await countAvailablePromotions(db, member, merchant);
  return {
    id: member.id,
    account: member.username,
    nickname: member.nickname,
    type: member.type as MemberType,
    isAgent: isAgent(member),
    isTrial: isTrial(member),
    isLogin: true,
    firstTimeLogin: member.isFirstLogin,
    language: parseLanguage(member.language),
    currency: merchant.currency,
    currencySymbol: merchant.currencySymbol,
    balance,
    trialBalance,
    unreadMessage,
    availablePromoCount,
    // The REFERRAL module on, a real account, and (when promotions say so) a live invite-friends promotion.
    availablePromo: {
      REFERRAL: { enabled: isFlagOn(merchant, 'REFERRAL') && !isTrial(member) && (extras.availablePromo?.REFERRAL.enabled ?? true) },
    },
    hasVip: extras.hasVip ?? false,
    vipLabelName: extras.vipLabelName ?? null,
    vipRankLevel: extras.vipRankLevel ?? null,
    iconId: member.iconId,
    mobile: maskMobile(member.mobile),
    email: maskEmail(member.email),
    affiliateCode: isAgent(member) ? member.affiliateCode : null,
    lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
  };
}
