import type { Tx } from '../../platform/db';
import { toNumber } from '../../platform/sql-values';
import { type BulkLeg, postBulkTransfer } from '../wallet/index';
import type { IssueRow } from './lottery-reads';

/** An issue's tickets summed per member account, as the draw and the cancellation read them. */
export interface TicketAccountRow {
  merchant_id: unknown;
  house_account_id: unknown;
  member_account_id: unknown;
  tickets: unknown;
  stake: unknown;
}

/**
 * Moves an issue's money between the house and its players: one bulk transfer per (merchant,
 * house account), one leg per member account that gets something, each keyed
 * `lottery:issue:<id>:<keyPart>:<account>` so a retried draw or cancellation never pays twice.
 */
export async function postIssueLegs<Row extends TicketAccountRow>(
  tx: Tx,
  issue: IssueRow,
  rows: readonly Row[],
  posting: { type: 'payout' | 'rollback'; keyPart: 'payout' | 'refund'; amountOf: (row: Row) => bigint; cancelled?: true },
  now: Date,
): Promise<Awaited<ReturnType<typeof postBulkTransfer>>[]> {
  const groups = new Map<string, { merchantId: number; houseAccountId: number; legs: BulkLeg[] }>();
  for (const row of rows) {
    const amount = posting.amountOf(row);
    if (amount === 0n) continue;
    const merchantId = toNumber(row.merchant_id);
    const houseAccountId = toNumber(row.house_account_id);
    const key = `${merchantId}:${houseAccountId}`;
    const group = groups.get(key) ?? { merchantId, houseAccountId, legs: [] };
    group.legs.push({ accountId: toNumber(row.member_account_id), amount });
    groups.set(key, group);
  }
  const posted = [];
  for (const group of groups.values()) {
    posted.push(
      await postBulkTransfer(
        tx,
        {
          merchantId: group.merchantId,
          type: posting.type,
          keyPrefix: `lottery:issue:${issue.id}:${posting.keyPart}:`,
          counterAccountId: group.houseAccountId,
          legs: group.legs,
          reference: { kind: 'lottery_issue', id: String(issue.id) },
          metadata: { game: issue.gameCode, issue: issue.issueNo, ...(posting.cancelled ? { cancelled: true } : {}) },
        },
        () => now,
      ),
    );
  }
  return posted;
}
