import type { VendorResponse, VendorWinRequest } from '@kismat/contracts/vendor-wallet';
import { hashRequest } from '../wallet/index';
import { findCallSession, type VendorSession } from './find-vendor-session';
import type { VendorCall } from './place-vendor-bet';
import { checkCallAgainstSession, claimOf, postRoundCall } from './post-round-call';
import { refusalOfWin } from './vendor-bet-state';
import { claimWinRound } from './vendor-round';
import { answerRepeat } from './vendor-transactions';

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
  const amount = checkCallAgainstSession(request, session);
  const requestHash = hashRequest({
    kind: 'WIN',
    user: request.user,
    round: request.roundId,
    game: request.gameCode,
    amount,
    reference: request.referenceTransactionUuid ?? null,
    isRoundClosed: request.isRoundClosed,
  });
  const counterId = await call.directory.counterAccountId(session.merchantId, call.vendor.code, session.currency, session.isTrial);
  return { kind: 'WIN', call, request, session, amount, requestHash, counterId };
}

/** One prepared win in a transaction of its own. */
export async function settlePreparedWin(prepared: PreparedVendorWin): Promise<VendorResponse> {
  const { call, request, session, requestHash } = prepared;

  return call.db.transaction(async (tx) => {
    // The claim and the round, locked, in one statement.
    const claim = await claimWinRound(
      tx,
      { ...claimOf(prepared), referenceTransactionId: request.referenceTransactionUuid },
      request.roundId,
    );
    if ('existing' in claim) return answerRepeat(claim.existing, requestHash, request.requestUuid);
    // A refusal rolls the claim back with it: nothing is stored, nothing paid.
    const refusal = refusalOfWin(session, claim.round, { isGiven: request.referenceTransactionUuid !== undefined, named: claim.named });
    if (refusal) throw refusal;
    // refusalOfWin refuses a missing round.
    const round = claim.round!;

    return postRoundCall(tx, prepared, claim, round);
  });
}
