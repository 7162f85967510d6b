import { parseAmount } from '@kismat/contracts/wallet';
import type { Tx } from '../../platform/db';
import { chargeResponsibleGambling } from '../responsible-gambling/index';
import type { VendorSession } from './find-vendor-session';
import type { PreparedVendorBet } from './place-vendor-bet';
import type { PreparedVendorWin } from './settle-vendor-win';
import { VendorError } from './vendor-error';
import { finishVendorRoundCall, postVendorRoundTransfer } from './vendor-round';
import { type ClaimInput, okAnswer } from './vendor-transactions';

/**
 * The first checks of a bet and of a win alike: the session's currency and game (the round's game
 * is the session's, vendor-bet-state.ts), then the amount. Returns the amount in minor units.
 */
export function checkCallAgainstSession(request: { currency: string; gameCode: string; amount: string }, session: VendorSession): bigint {
  if (request.currency !== session.currency) throw new VendorError('RS_ERROR_WRONG_CURRENCY');
  if (request.gameCode !== session.gameCode) throw new VendorError('RS_ERROR_INVALID_GAME');
  return parseAmount(request.amount, { allowZero: true });
}

/** The vendor transaction id a prepared bet or win claims, with what a repeat is compared against. */
export function claimOf(prepared: PreparedVendorBet | PreparedVendorWin): ClaimInput {
  const { call, request, session } = prepared;
  return {
    merchantId: session.merchantId,
    vendorId: call.vendor.vendorId,
    vendorTransactionId: request.transactionUuid,
    kind: prepared.kind,
    memberId: session.memberId,
    amount: prepared.amount,
    requestHash: prepared.requestHash,
  };
}

/**
 * The money of a claimed bet or win, inside its transaction: the transfer (a bet cash ->
 * VENDOR_CLEARING, a win back), the responsible gambling charge (issue 17; after the ledger locked
 * the cash row: ledger, then rg_state), then the round's totals and the stored answer. A bet is
 * charged and may be refused; a win only counts against loss limits and is never refused. A bet
 * closes the round when told; a win closes an open one and settles it.
 */
export async function postRoundCall(
  tx: Tx,
  prepared: PreparedVendorBet | PreparedVendorWin,
  claim: { id: number },
  round: { id: number; status: string },
): Promise<ReturnType<typeof finishVendorRoundCall>> {
  const { call, request, session, amount } = prepared;
  const isBet = prepared.kind === 'BET';
  const ledgerTransferId = await postVendorRoundTransfer(tx, {
    vendor: call.vendor,
    session,
    request,
    roundId: round.id,
    type: isBet ? 'bet' : 'payout',
    fromAccountId: isBet ? session.cashAccountId : prepared.counterId,
    toAccountId: isBet ? prepared.counterId : session.cashAccountId,
    amount,
    now: call.now,
    accounts: call.directory.accounts,
  });
  await chargeResponsibleGambling(tx, {
    merchantId: session.merchantId,
    memberId: session.memberId,
    isTrial: session.isTrial,
    ...(isBet ? { stakeMinor: amount } : { winMinor: amount, mode: 'COUNT' as const }),
    now: call.now,
  });
  const isClosing = request.isRoundClosed === true;
  return finishVendorRoundCall(tx, {
    claimId: claim.id,
    roundId: round.id,
    ledgerTransferId,
    kind: isBet ? 'bet' : 'payout',
    amount,
    closeRound: isBet ? isClosing : isClosing && round.status === 'OPEN',
    ...(isBet ? {} : { settleRound: isClosing }),
    now: call.now,
    cashAccountId: session.cashAccountId,
    answer: okAnswer(request, session),
  });
}
