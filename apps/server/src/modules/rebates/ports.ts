import type { DbOrTx, Tx } from '../../platform/db';

/**
 * What rebates need of other modules, handed in by the route registry (modules/index.ts) from
 * their faces, so this module imports none of them: the VIP level of members (vip), whether a
 * member is paying off a promotion's turnover, and adding the 1x turnover of a paid rebate
 * (promotions). Each is optional: without VIP every member is level 0, without promotions no
 * play is excluded and no requirement is recorded.
 */
export interface LoyaltyPorts {
  /** Level rank by member (missing: 0), and the level's rates by rebate category (bp) when the VIP ladder carries them. */
  vipLevelsOf?(db: DbOrTx, merchantId: number, memberIds: readonly number[]): Promise<Map<number, VipLevelView>>;
  /** The members among these with an ACTIVE promotion turnover requirement now. */
  membersPayingOffPromotion?(db: DbOrTx, memberIds: readonly number[]): Promise<ReadonlySet<number>>;
  /** Adds a turnover requirement (play needed before withdrawing) in the caller's transaction, once per sourceKey. */
  addTurnoverRequirement?(tx: Tx, input: TurnoverRequirementInput): Promise<void>;
}

export interface VipLevelView {
  rank: number;
  /** Rate (basis points of valid bet) by rebate category; absent: the rebate table's rate for the rank. */
  rebateRates?: Readonly<Record<string, number>>;
}

export interface TurnoverRequirementInput {
  merchantId: number;
  memberId: number;
  /** The play required, in minor units (1x a rebate: its amount). */
  amount: bigint;
  /** 'rebate', 'mission' ... */
  source: 'rebate' | 'mission';
  /** Unique per payment, so a replay adds nothing. */
  sourceKey: string;
  /** The payment's number within its source (the rebate claim id; a mission reward's ledger transfer id): the requirement's source id. */
  sourceId: number;
  now: Date;
}
