import { readAccountNames } from './member/index';
import type { MissionPorts } from './missions/index';
import { creditPoints } from './points/index';
import { addTurnoverRequirement, membersPayingOffPromotion } from './promotions/index';
import type { LoyaltyPorts, TurnoverRequirementInput } from './rebates/index';
import { vipLevelsOf } from './vip/index';

/*
 * What rebates and missions need of other modules, wired from their faces here (beside the
 * route registry) so neither module imports them: docs/loyalty.md "Ports". A port left out
 * switches its feature off cleanly: without vipLevelsOf every member is level 0 of the rebate
 * table; without membersPayingOffPromotion the "no rebate on promotion play" option excludes
 * nothing; addTurnoverRequirement records a rebate's or mission cash's turnover (promotions);
 * without creditPoints / grantRedEnvelopeChances those mission rewards cannot be created.
 */

const TURNOVER_SOURCE = { rebate: 'REBATE', mission: 'MISSION' } as const;

/**
 * A rebate's or mission cash's turnover as a promotions requirement (docs/loyalty.md: 1x by
 * default): the withdrawal gate counts it like a deposit's and valid bet pays it oldest first.
 * One per (source, payment), so a replayed payment adds nothing.
 */
async function addLoyaltyTurnover(tx: Parameters<typeof addTurnoverRequirement>[0], input: TurnoverRequirementInput): Promise<void> {
  if (input.amount <= 0n) return;
  await addTurnoverRequirement(tx, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    source: TURNOVER_SOURCE[input.source],
    sourceId: input.sourceId,
    awardId: null,
    promotionId: null,
    amountBasis: input.amount,
    required: input.amount,
    maxBet: null,
    contributions: {},
    expiresAt: null,
    now: input.now,
  });
}

/** Rebates: the VIP level (vip), promotion play and turnover (promotions). */
export const loyaltyPorts: LoyaltyPorts = { vipLevelsOf, membersPayingOffPromotion, addTurnoverRequirement: addLoyaltyTurnover };

/** Missions: account names on the leaderboard (member); points, red envelope chances and turnover when their faces offer them. */
export const missionPorts: MissionPorts = {
  accountNamesOf: readAccountNames,
  creditPoints,
  ...(loyaltyPorts.addTurnoverRequirement ? { addTurnoverRequirement: loyaltyPorts.addTurnoverRequirement } : {}),
};
