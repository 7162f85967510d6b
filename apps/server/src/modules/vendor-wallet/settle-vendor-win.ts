import type { VendorResponse, VendorWinRequest } from '@kismat/contracts/vendor-wallet';
import { parseAmount } from '@kismat/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';
import { hashRequest } from '../wallet/ledger-request';
import { postTransfer } from '../wallet/post-transfer';
import { findVendorSession } from './find-vendor-session';
import type { VendorCall } from './place-vendor-bet';
import { readPlayerBalance } from './read-player-balance';
import { VendorError } from './vendor-error';
import { answerRepeat, claimVendorTransaction, storeVendorAnswer } from './vendor-transactions';

/**
 * A vendor's win: credits VENDOR_CLEARING:<vendor> -> the player's cash and adds it to the
 * round's payout, closing the round unless told otherwise. Accepted after the session expired
 * (the vendor settles rounds the player has left); "0.00" just records a lost round.
 */
export async function settleVendorWin(call: VendorCall, request: VendorWinRequest): Promise<VendorResponse> {
  const { db, vendor, now } = call;
  const session = await findVendorSession(db, {
    vendorId: vendor.vendorId,
    sessionId: request.sessionId,
    user: request.user,
    mustBeLive: false,
    now,
  });
  if (request.currency !== session.currency) throw new VendorError('RS_ERROR_WRONG_CURRENCY');
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
  const clearingId = await call.directory.clearingAccountId(session.merchantId, vendor.code, session.currency);

  return db.transaction(async (tx) => {
    const claim = await claimVendorTransaction(tx, {
      merchantId: session.merchantId,
      vendorId: vendor.vendorId,
      vendorTransactionId: request.transactionUuid,
      kind: 'WIN',
      memberId: session.memberId,
      amount,
      requestHash,
      referenceTransactionId: request.referenceTransactionUuid,
    });
    if ('existing' in claim) return answerRepeat(claim.existing, requestHash, request.requestUuid);

    const [round] = await tx
      .select({ id: gameRounds.id, memberId: gameRounds.memberId, status: gameRounds.status })
      .from(gameRounds)
      .where(and(eq(gameRounds.vendorId, vendor.vendorId), eq(gameRounds.vendorRoundId, request.roundId)))
      .for('update');
    // A win needs a round we took a bet in; the claim rolls back with this error, so a retry after the bet works.
    if (!round || round.memberId !== session.memberId) throw new VendorError('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');

    let ledgerTransferId: number | null = null;
    if (amount > 0n) {
      const posted = await postTransfer(
        tx,
        {
          merchantId: session.merchantId,
          idempotencyKey: `vendor:${vendor.code}:${request.transactionUuid}`,
          type: 'payout',
          reference: { kind: 'vendor_round', id: String(round.id) },
          entries: [
            { accountId: clearingId, amount: -amount },
            { accountId: session.cashAccountId, amount },
          ],
          metadata: { vendor: vendor.code, round: request.roundId, game: request.gameCode },
        },
        () => now,
      );
      ledgerTransferId = posted.transfer.id;
    }
    const isClosing = request.isRoundClosed && round.status === 'OPEN';
    await tx
      .update(gameRounds)
      .set({ payoutTotal: sql`${gameRounds.payoutTotal} + ${amount}`, ...(isClosing ? { status: 'CLOSED', closedAt: now } : {}) })
      .where(eq(gameRounds.id, round.id));
    const response: VendorResponse = {
      status: 'RS_OK',
      requestUuid: request.requestUuid,
      user: request.user,
      currency: session.currency,
      balance: await readPlayerBalance(tx, session.cashAccountId),
      transactionUuid: request.transactionUuid,
    };
    await storeVendorAnswer(tx, claim.id, { roundId: round.id, ledgerTransferId, response });
    return response;
  });
}
