import type { AdjustmentValue } from '@kismat/contracts/operator-accounts';
import { formatAmount } from '@kismat/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operatorAdjustments } from '../../db/schema/operators';
import { recordOperatorAudit } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { OperatorIdentity } from '../../platform/operator-auth';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { requestHashOf } from '../cashier/index';
import { pushInboxMessage, sendInboxMessage } from '../inbox/index';
import { ensureMemberAccounts, getAccountBalance, memberBalanceAfter, openAccount, postTransfer } from '../wallet/index';

export interface AdjustmentInput {
  merchant: { id: number; currency: string };
  member: { id: number; username: string };
  account: 'cash' | 'bonus';
  /** Signed minor units: positive credits the member, negative debits. */
  amount: bigint;
  reason: string;
  idempotencyKey: string;
}

type AdjustmentRow = typeof operatorAdjustments.$inferSelect;

/**
 * An operator's manual correction of a member balance: one ledger transfer of type
 * 'adjustment' against the merchant's ADJUSTMENT system account, keyed by the business row so
 * a retried request moves the money once. A debit larger than the balance is refused by the
 * ledger's guarded statement (INSUFFICIENT_FUNDS, with what is available). The audit row and the
 * inbox notification commit in the same transaction; the /ws push follows the commit.
 */
export async function adjustMemberBalance(
  deps: { db: Db; realtime: RealtimeHub; now: Date },
  request: FastifyRequest,
  operator: OperatorIdentity,
  input: AdjustmentInput,
): Promise<AdjustmentValue> {
  const requestHash = requestHashOf({ member: input.member.id, account: input.account, amount: input.amount, reason: input.reason });
  const present = (row: AdjustmentRow, balanceAfter: bigint, isReplay: boolean): AdjustmentValue => ({
    id: row.id,
    memberId: row.memberId,
    username: input.member.username,
    account: row.account,
    amount: formatAmount(row.amount),
    reason: row.reason,
    balanceAfter: formatAmount(balanceAfter),
    ledgerTransferId: row.ledgerTransferId ?? 0,
    operatorName: row.operatorName,
    createdAt: row.createdAt.toISOString(),
    isReplay,
  });

  const outcome = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(operatorAdjustments)
      .values({
        merchantId: input.merchant.id,
        memberId: input.member.id,
        account: input.account,
        amount: input.amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
        requestHash,
        operatorId: operator.id,
        operatorName: operator.username,
        createdAt: deps.now,
      })
      // A racing twin waits on the unique index and then finds the first one's row below.
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [existing] = await tx
        .select()
        .from(operatorAdjustments)
        .where(and(eq(operatorAdjustments.merchantId, input.merchant.id), eq(operatorAdjustments.idempotencyKey, input.idempotencyKey)));
      if (!existing) throw new AppError('CONFLICT');
      if (existing.requestHash !== requestHash) throw new AppError('IDEMPOTENCY_CONFLICT');
      // The member's leg of the transfer, not the ADJUSTMENT system account's: a replay answers
      // what the first call answered (issue 11, finding 12: it showed the system's -2903.00).
      const balanceAfter = existing.ledgerTransferId ? await memberBalanceAfter(tx, existing.ledgerTransferId, existing.memberId) : null;
      return { row: existing, balanceAfter: balanceAfter ?? 0n, isReplay: true, notification: null };
    }

    const accounts = await ensureMemberAccounts(tx, {
      merchantId: input.merchant.id,
      memberId: input.member.id,
      currency: input.merchant.currency,
    });
    const memberAccount = input.account === 'cash' ? accounts.cash : accounts.bonus;
    const system = await openAccount(tx, { merchantId: input.merchant.id, code: 'ADJUSTMENT', currency: input.merchant.currency });
    const insufficient = (available: bigint) =>
      new AppError('INSUFFICIENT_FUNDS', {
        value: { account: input.account, available: formatAmount(available), requested: formatAmount(input.amount) },
      });
    // The ledger's guarded debit is what keeps the balance from going negative; this early read
    // only lets the error say how much there is.
    if (input.amount < 0n) {
      const { available } = await getAccountBalance(tx, memberAccount.id);
      if (available + input.amount < 0n) throw insufficient(available);
    }
    const posted = await postTransfer(tx, {
      merchantId: input.merchant.id,
      idempotencyKey: `adjustment:${created.id}`,
      type: 'adjustment',
      reference: { kind: 'operator_adjustment', id: String(created.id) },
      entries: [
        { accountId: system.id, amount: -input.amount },
        { accountId: memberAccount.id, amount: input.amount },
      ],
      description: `Operator adjustment by ${operator.username}`,
      metadata: { operatorId: operator.id, operator: operator.username, reason: input.reason },
    });
    const [linked] = await tx
      .update(operatorAdjustments)
      .set({ ledgerTransferId: posted.transfer.id })
      .where(eq(operatorAdjustments.id, created.id))
      .returning();
    const memberEntry = posted.entries.find((entry) => entry.accountId === memberAccount.id);
    const notification = await sendInboxMessage(tx, {
      merchantId: input.merchant.id,
      memberId: input.member.id,
      kind: 'balance_adjusted',
      amount: input.amount,
      referenceId: created.id,
      now: deps.now,
    });
    await recordOperatorAudit(tx, request, operator, {
      action: 'adjustment.posted',
      targetType: 'member',
      targetId: input.member.id,
      merchantId: input.merchant.id,
      memberId: input.member.id,
      reason: input.reason,
      detail: {
        adjustmentId: created.id,
        account: input.account,
        amount: formatAmount(input.amount),
        balanceBefore: formatAmount((memberEntry?.balanceAfter ?? 0n) - input.amount),
        balanceAfter: formatAmount(memberEntry?.balanceAfter ?? 0n),
        ledgerTransferId: posted.transfer.id,
      },
    });
    return { row: linked ?? created, balanceAfter: memberEntry?.balanceAfter ?? 0n, isReplay: false, notification };
  });
  await pushInboxMessage(deps.db, deps.realtime, outcome.notification);
  return present(outcome.row, outcome.balanceAfter, outcome.isReplay);
}
