import type { VendorResponse, VendorWinRequest } from '@kismat/contracts/vendor-wallet';
import { parseAmount } from '@kismat/contracts/wallet';
import { chargeResponsibleGambling } from '../responsible-gambling/index';
import { hashRequest } from '../wallet/index';
import { findCallSession, type VendorSession } from './find-vendor-session';
import type { VendorCall } from './place-vendor-bet';
import { refusalOfWin } from './vendor-bet-state';
import { VendorError } from './vendor-error';
import { claimWinRound, finishVendorRoundCall, postVendorRoundTransfer } from './vendor-round';
import { answerRepeat, okAnswer } from './vendor-transactions';

/** A win after its per-call checks (signature, session, currency, amount). */
export interface PreparedVendorWin {
  kind: 'WIN';
  call: VendorCall;
  request: VendorWinRequest;
  session: VendorSession;
  amount: bigint;
  requestHash: string;
  counterId: number;
}

/**
 * A vendor's win: credits VENDOR_CLEARING:<vendor> -> the player's cash and adds it to the
 * round's payout, closing and settling the round unless told otherwise. It must name an open bet
 * of the same player, round and game (vendor-bet-state.ts). Accepted after the session expired
 * (the vendor settles rounds the player has left); "0.00" just records a lost round.
 * The routes send prepared wins through the group commit (vendor-batch.ts); this is the path
 * of one call alone, which the batch also falls back to.
 */
export async function settleVendorWin(call: VendorCall, request: VendorWinRequest): Promise<VendorResponse> {
  return settlePreparedWin(await prepareVendorWin(call, request));
}

/** The per-call checks of a win, outside any transaction. */
export async function prepareVendorWin(call: VendorCall, request: VendorWinRequest): Promise<PreparedVendorWin> {
  return prepareSessionWin(call, request, await findCallSession(call, request, false));
}

/** The checks of a win whose session is already found (see prepareSessionBet). */
export async function prepareSessionWin(call: VendorCall, request: VendorWinRequest, session: VendorSession): Promise<PreparedVendorWin> {
  const { vendor } = call;
  if (request.currency !== session.currency) throw new VendorError('RS_ERROR_WRONG_CURRENCY');
  // The round's game is the session's (vendor-bet-state.ts): a win names the same game.
  if (request.gameCode !== session.gameCode) throw new VendorError('RS_ERROR_INVALID_GAME');
  const amount = parseAmount(request.amount, { allowZero: true });
  const requestHash = hashRequest({
    kind: 'WIN',
    user: request.user,
    round: request.roundId,
    game: request.gameCode,
    amount,
    reference: request.referenceTransactionUuid ?? null,
    isRoundClosed: request.isRoundClosed,
  });
  const counterId = await call.directory.counterAccountId(session.merchantId, vendor.code, session.currency, session.isTrial);
  return { kind: 'WIN', call, request, session, amount, requestHash, counterId };
}

/** One prepared win in a transaction of its own. */
export async function settlePreparedWin(prepared: PreparedVendorWin): Promise<VendorResponse> {
  const { call, request, session, amount, requestHash } = prepared;
  const { db, vendor, now } = call;
  const clearingId = prepared.counterId;

  return db.transaction(async (tx) => {
    // The claim and the round, locked, in one statement.
    const claim = await claimWinRound(
      tx,
      {
        merchantId: session.merchantId,
        vendorId: vendor.vendorId,
        vendorTransactionId: request.transactionUuid,
        kind: 'WIN',
        memberId: session.memberId,
        amount,
        requestHash,
        referenceTransactionId: request.referenceTransactionUuid,
      },
      request.roundId,
    );
    if ('existing' in claim) return answerRepeat(claim.existing, requestHash, request.requestUuid);
    // A refusal rolls the claim back with it: nothing is stored, nothing paid.
    const refusal = refusalOfWin(session, claim.round, { isGiven: request.referenceTransactionUuid !== undefined, named: claim.named });
    if (refusal) throw refusal;
    // refusalOfWin refuses a missing round.
    const round = claim.round!;

    const ledgerTransferId = await postVendorRoundTransfer(tx, {
      vendor,
      session,
      request,
      roundId: round.id,
      type: 'payout',
      fromAccountId: clearingId,
      toAccountId: session.cashAccountId,
      amount,
      now,
      accounts: call.directory.accounts,
    });
    // A win counts against loss limits (issue 17); never refused.
    await chargeResponsibleGambling(tx, {
      merchantId: session.merchantId,
      memberId: session.memberId,
      isTrial: session.isTrial,
      winMinor: amount,
      mode: 'COUNT',
      now,
    });
    return finishVendorRoundCall(tx, {
      claimId: claim.id,
      roundId: round.id,
      ledgerTransferId,
      kind: 'payout',
      amount,
      closeRound: request.isRoundClosed === true && round.status === 'OPEN',
      settleRound: request.isRoundClosed === true,
      now,
      cashAccountId: session.cashAccountId,
      answer: okAnswer(request, session),
    });
  });
}
