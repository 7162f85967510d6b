import type { DbOrTx, Tx } from '../../platform/db';
import type { LoyaltyPorts } from '../rebates/index';

/**
 * What missions need of other modules, handed in by the route registry from their faces:
 * points (a POINTS reward), red envelope chances (promotions), the turnover of a cash reward
 * (promotions) and account names for the leaderboard (member). Without a port its reward kind
 * cannot be created or claimed (MISSION reward kinds say which are on).
 */
export interface MissionPorts extends Pick<LoyaltyPorts, 'addTurnoverRequirement'> {
  creditPoints?(
    tx: Tx,
    input: { merchantId: number; memberId: number; points: bigint; sourceKey: string; description: string },
  ): Promise<void>;
  grantRedEnvelopeChances?(tx: Tx, input: { merchantId: number; memberId: number; chances: number; sourceKey: string }): Promise<void>;
  accountNamesOf?(db: DbOrTx, memberIds: readonly number[]): Promise<Map<number, string>>;
}
