import type { DbOrTx } from '../../platform/db';
import { type MoneyFlows, sumApprovedRequests } from '../cashier/index';
import { teamIdsSql } from '../member/index';

/*
 * Aggregates over a subtree. Each is one query per kind that starts from the closure rows of the
 * root (primary key prefix ancestor_id), so the cost grows with the team, not with the whole
 * site. The tree is the member module's (teamIdsSql), the requests the cashier's, the rounds
 * vendor-wallet's, the counts the member's: each read is its owner's, called through its face.
 */

export type { MoneyFlows } from '../cashier/index';
export { readTeamCounts, type TeamCounts } from '../member/index';
export { type MemberPlay, readPlayByMember } from '../vendor-wallet/index';

/**
 * Approved deposits and withdrawals of the members below `rootId` (depth >= minDepth; only
 * `memberId` when given), by resolution time: the reports' read off whole hours (on whole hours
 * they read the team rollups, team-rollups.ts) and the downline detail's.
 */
export function readTeamMoneyFlows(
  db: DbOrTx,
  input: { rootId: number; from: Date; to: Date; minDepth?: number; memberId?: number | undefined },
): Promise<MoneyFlows> {
  const memberIds = teamIdsSql(input.rootId, { minDepth: input.minDepth ?? 1, memberId: input.memberId });
  return sumApprovedRequests(db, { memberIds, from: input.from, to: input.to });
}
