import { eq } from 'drizzle-orm';
import { merchants } from '../../db/schema/merchants';
import type { Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { recordDepositFact } from '../facts/index';
import { chargeResponsibleGambling } from '../responsible-gambling/index';
import { ensureMemberAccounts, openAccount, postTransfer } from '../wallet/index';
import type { DepositChannelRow, DepositRow } from './deposit-queries';

/** The two accounts a deposit moves between: the member's cash and CASHIER_CLEARING:<channel> (opened if missing). */
export async function depositLegsOf(
  tx: Tx,
  deposit: Pick<DepositRow, 'merchantId' | 'memberId'>,
  channel: Pick<DepositChannelRow, 'code'>,
  currency: string,
): Promise<{ cash: number; clearing: number }> {
  const accounts = await ensureMemberAccounts(tx, { merchantId: deposit.merchantId, memberId: deposit.memberId, currency });
  const clearing = await openAccount(tx, { merchantId: deposit.merchantId, code: 'CASHIER_CLEARING', subkey: channel.code, currency });
  return { cash: accounts.cash.id, clearing: clearing.id };
}

/**
 * The ledger side of an approved deposit: CASHIER_CLEARING:<channel> -> MEMBER_CASH. The key is
 * the deposit's id, so however the approval arrives (operator twice, gateway replay, an operator's
 * mark-paid racing the late callback) it credits once.
 */
export async function creditDeposit(tx: Tx, deposit: DepositRow, channel: DepositChannelRow) {
  const [merchant] = await tx.select({ currency: merchants.currency }).from(merchants).where(eq(merchants.id, deposit.merchantId));
  if (!merchant) throw new AppError('NOT_FOUND');
  const legs = await depositLegsOf(tx, deposit, channel, merchant.currency);
  const posted = await postTransfer(tx, {
    merchantId: deposit.merchantId,
    idempotencyKey: `deposit:${deposit.id}`,
    type: 'deposit',
    reference: { kind: 'deposit', id: String(deposit.id) },
    entries: [
      { accountId: legs.clearing, amount: -deposit.amount },
      { accountId: legs.cash, amount: deposit.amount },
    ],
    description: `Deposit via ${channel.code}`,
  });
  // The loyalty engines' fact (modules/facts), committed with the credit; a replayed credit
  // (a second gateway callback, a second approval) moved nothing and is no new fact.
  if (!posted.isReplay) {
    // Counted against the deposit limit, never refused: the money has arrived (issue 17; the
    // refusal is at creation, create-deposit.ts).
    await chargeResponsibleGambling(tx, {
      merchantId: deposit.merchantId,
      memberId: deposit.memberId,
      depositMinor: deposit.amount,
      mode: 'COUNT',
      now: posted.transfer.createdAt,
    });
    await recordDepositFact(tx, {
      merchantId: deposit.merchantId,
      memberId: deposit.memberId,
      sourceId: deposit.id,
      amount: deposit.amount,
      occurredAt: posted.transfer.createdAt,
    });
  }
  return posted;
}

/** A gateway order closed unpaid (the member cancelled it, or it expired), which a provider may still pay. */
export function isClosedUnpaid(status: string): status is 'cancelled' | 'expired' {
  return status === 'cancelled' || status === 'expired';
}
