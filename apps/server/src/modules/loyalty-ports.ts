import { readAccountNames } from './member/index';
import type { MissionPorts } from './missions/index';
import { creditPoints } from './points/index';
import { membersPayingOffPromotion } from './promotions/index';
import type { LoyaltyPorts } from './rebates/index';
import { vipLevelsOf } from './vip/index';

/*
 * What rebates and missions need of other modules, wired from their faces here (beside the
 * route registry) so neither module imports them: docs/loyalty.md "Ports". A port left out
 * switches its feature off cleanly: without vipLevelsOf every member is level 0 of the rebate
 * table; without membersPayingOffPromotion the "no rebate on promotion play" option excludes
 * nothing; without addTurnoverRequirement a rebate or mission cash carries no recorded turnover;
 * without creditPoints / grantRedEnvelopeChances those mission rewards cannot be created.
 */

/** Rebates: the VIP level (vip), promotion play and turnover (promotions). */
export const loyaltyPorts: LoyaltyPorts = { vipLevelsOf, membersPayingOffPromotion };

/** Missions: account names on the leaderboard (member); points, red envelope chances and turnover when their faces offer them. */
export const missionPorts: MissionPorts = {
  accountNamesOf: readAccountNames,
  creditPoints,
  ...(loyaltyPorts.addTurnoverRequirement ? { addTurnoverRequirement: loyaltyPorts.addTurnoverRequirement } : {}),
};
