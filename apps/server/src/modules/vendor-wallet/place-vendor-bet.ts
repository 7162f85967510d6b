import type { VendorBetRequest, VendorResponse } from '@kismat/contracts/vendor-wallet';
import { parseAmount } from '@kismat/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { gameRounds } from '../../db/schema/games';
import type { Db } from '../../platform/db';
import { isAppError } from '../../platform/errors';
import { hashRequest } from '../wallet/ledger-request';
import { postTransfer } from '../wallet/post-transfer';
import { findVendorSession } from './find-vendor-session';
import { readPlayerBalance } from './read-player-balance';
import type { VendorDirectory, VendorIntegration } from './vendor-directory';
import { VendorError } from './vendor-error';
import { answerRepeat, claimVendorTransaction, storeVendorAnswer } from './vendor-transactions';

export interface VendorCall {
  db: Db;
  vendor: VendorIntegration;
  directory: VendorDirectory;
  now: Date;
}

/**
 * A vendor's bet: debits the player's cash to VENDOR_CLEARING:<vendor> and adds the stake to the
 * round, in one transaction keyed by the vendor's transaction id. Not enough money answers with
 * the real balance and leaves nothing behind, so the same bet may be retried once funded.
 */
export async function placeVendorBet(call: VendorCall, request: VendorBetRequest): Promise<VendorResponse> {
  const { db, vendor, now } = call;
  const session = await findVendorSession(db, {
    vendorId: vendor.vendorId,
    sessionId: request.sessionId,
    user: request.user,
    mustBeLive: true,
    now,
  });
  if (request.currency !== session.currency) throw new VendorError('RS_ERROR_WRONG_CURRENCY');
  if (request.gameCode !== session.gameCode) throw new VendorError('RS_ERROR_INVALID_GAME');
  const amount = parseAmount(request.amount, { allowZero: true });
  const requestHash = hashRequest({ kind: 'BET', user: request.user, round: request.roundId, game: request.gameCode, amount });
  const clearingId = await call.directory.clearingAccountId(session.merchantId, vendor.code, session.currency);

  try {
    return await db.transaction(async (tx) => {
      const claim = await claimVendorTransaction(tx, {
        merchantId: session.merchantId,
        vendorId: vendor.vendorId,
        vendorTransactionId: request.transactionUuid,
        kind: 'BET',
        memberId: session.memberId,
        amount,
        requestHash,
      });
      if ('existing' in claim) return answerRepeat(claim.existing, requestHash, request.requestUuid);

      // The round row is locked for the rest of the transaction, so its totals add up under concurrency.
      await tx
        .insert(gameRounds)
        .values({
          merchantId: session.merchantId,
          memberId: session.memberId,
          vendorId: vendor.vendorId,
          gameId: session.gameId,
          gameType: session.gameType,
          vendorRoundId: request.roundId,
          currency: session.currency,
          openedAt: now,
        })
        .onConflictDoNothing({ target: [gameRounds.vendorId, gameRounds.vendorRoundId] });
      const [round] = await tx
        .select({ id: gameRounds.id, memberId: gameRounds.memberId, status: gameRounds.status })
        .from(gameRounds)
        .where(and(eq(gameRounds.vendorId, vendor.vendorId), eq(gameRounds.vendorRoundId, request.roundId)))
        .for('update');
      if (!round || round.memberId !== session.memberId)
        throw new VendorError('RS_ERROR_WRONG_SYNTAX', { message: 'round belongs to another player' });
      if (round.status !== 'OPEN') throw new VendorError('RS_ERROR_ROUND_CLOSED');

      let ledgerTransferId: number | null = null;
      if (amount > 0n) {
        const posted = await postTransfer(
          tx,
          {
            merchantId: session.merchantId,
            idempotencyKey: `vendor:${vendor.code}:${request.transactionUuid}`,
            type: 'bet',
            reference: { kind: 'vendor_round', id: String(round.id) },
            entries: [
              { accountId: session.cashAccountId, amount: -amount },
              { accountId: clearingId, amount },
            ],
            metadata: { vendor: vendor.code, round: request.roundId, game: request.gameCode },
          },
          () => now,
        );
        ledgerTransferId = posted.transfer.id;
      }
      const isClosing = request.isRoundClosed === true;
      await tx
        .update(gameRounds)
        .set({
          betTotal: sql`${gameRounds.betTotal} + ${amount}`,
          betCount: sql`${gameRounds.betCount} + 1`,
          ...(isClosing ? { status: 'CLOSED', closedAt: now } : {}),
        })
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
  } catch (error) {
    if (isAppError(error) && error.code === 'INSUFFICIENT_FUNDS') {
      throw new VendorError('RS_ERROR_NOT_ENOUGH_MONEY', {
        balance: await readPlayerBalance(db, session.cashAccountId),
        currency: session.currency,
      });
    }
    throw error;
  }
}
