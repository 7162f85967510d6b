import { and, eq } from 'drizzle-orm';
import { type RebateClaimRow, rebateClaims } from '../../db/schema/rebates';
import { type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ensureMemberAccounts, openAccount, postTransfer } from '../wallet/index';
import type { LoyaltyPorts } from './ports';
import { allocate, lockMembersForRebate, lockPendingAccruals, markClaimed, minOf, paidOnDay, storedBreakdown } from './rebate-allocation';
import { readDailyCap, readMemberLevels, readRebateSettings } from './rebate-config';
import { localDayOf } from './site-time';

export interface ClaimRebateInput {
  merchantId: number;
  currency: string;
  offsetMinutes: number;
  memberId: number;
  /** The client's idempotency key: a double click or a retried request pays once and gets the first answer. */
  requestKey: string;
  now: Date;
}

/**
 * A member claims all pending rebate (manual rebate, flag MANPLAYREB3): at least the minimum,
 * at most what the level's daily cap leaves today, paid from the rebate expense account with a
 * 1x turnover requirement. Twenty parallel clicks: the per-member lock lets one pay; the others
 * find the same key (the first answer) or nothing left (REBATE_NOTHING_TO_CLAIM), never a second
 * payment of the same accrual.
 */
export async function claimRebate(db: DbOrTx, ports: LoyaltyPorts, input: ClaimRebateInput): Promise<RebateClaimRow> {
  return inTransaction(db, async (tx) => {
    await lockMembersForRebate(tx, [input.memberId]);
    const [replay] = await tx
      .select()
      .from(rebateClaims)
      .where(and(eq(rebateClaims.memberId, input.memberId), eq(rebateClaims.requestKey, `manual:${input.requestKey}`)));
    if (replay) return replay;

    const settings = await readRebateSettings(tx, input.merchantId);
    const rows = await lockPendingAccruals(tx, [input.memberId]);
    const total = rows.reduce((sum, row) => sum + row.pending, 0n);
    if (total === 0n) throw new AppError('REBATE_NOTHING_TO_CLAIM');
    if (total < settings.minimumClaim)
      throw new AppError('REBATE_BELOW_MINIMUM', { value: { minimumClaim: settings.minimumClaim.toString() } });

    const today = localDayOf(input.now, input.offsetMinutes);
    const level = (await readMemberLevels(tx, ports, input.merchantId, [input.memberId])).get(input.memberId);
    const cap = await readDailyCap(tx, input.merchantId, level?.rank ?? 0);
    const paidToday = (await paidOnDay(tx, [input.memberId], today)).get(input.memberId) ?? 0n;
    const budget = cap === null ? total : minOf(total, cap - paidToday);
    if (budget <= 0n) throw new AppError('REBATE_DAILY_CAP_REACHED');

    const allocation = allocate(rows, budget);
    await markClaimed(tx, allocation.takes);
    const [claim] = await tx
      .insert(rebateClaims)
      .values({
        merchantId: input.merchantId,
        memberId: input.memberId,
        kind: 'MANUAL',
        claimDay: today,
        amount: allocation.paid,
        breakdown: storedBreakdown(allocation.breakdown),
        requestKey: `manual:${input.requestKey}`,
        paidAt: input.now,
      })
      .returning();
    if (!claim) throw new Error('rebate claim not stored');
    await payRebate(tx, ports, { ...input, claimId: claim.id, amount: allocation.paid, kind: 'MANUAL' });
    return claim;
  });
}

/** The ledger side of a rebate claim: LOYALTY_EXPENSE:REBATE -> member cash, keyed by the claim, plus the 1x turnover. */
export async function payRebate(
  tx: Tx,
  ports: LoyaltyPorts,
  input: { merchantId: number; currency: string; memberId: number; claimId: number; amount: bigint; kind: 'MANUAL' | 'AUTO'; now: Date },
): Promise<void> {
  const cost = await rebateExpenseAccount(tx, input.merchantId, input.currency);
  const accounts = await ensureMemberAccounts(tx, { merchantId: input.merchantId, memberId: input.memberId, currency: input.currency });
  await postTransfer(
    tx,
    {
      merchantId: input.merchantId,
      idempotencyKey: `rebate:claim:${input.claimId}`,
      type: 'rebate',
      reference: { kind: 'rebate_claim', id: String(input.claimId) },
      entries: [
        { accountId: cost.id, amount: -input.amount },
        { accountId: accounts.cash.id, amount: input.amount },
      ],
      description: input.kind === 'AUTO' ? 'Daily rebate' : 'Rebate claim',
    },
    () => input.now,
  );
  await ports.addTurnoverRequirement?.(tx, {
    merchantId: input.merchantId,
    memberId: input.memberId,
    amount: input.amount,
    source: 'rebate',
    sourceKey: `rebate:claim:${input.claimId}`,
    sourceId: input.claimId,
    now: input.now,
  });
}

/** The merchant's rebate expense: the loyalty expense account, subkey REBATE, so reports tell rebates from other loyalty cash. */
export function rebateExpenseAccount(tx: DbOrTx, merchantId: number, currency: string) {
  return openAccount(tx, { merchantId, code: 'LOYALTY_EXPENSE', subkey: 'REBATE', currency });
}
