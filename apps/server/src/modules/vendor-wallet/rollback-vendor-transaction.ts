import type { VendorResponse, VendorRollbackRequest } from '@kismat/contracts/vendor-wallet';
import { and, eq, sql } from 'drizzle-orm';
import { gameRounds, vendorTransactions } from '../../db/schema/games';
import { hashRequest, reverseTransfer } from '../wallet/index';
import { findCallSession, type VendorSession } from './find-vendor-session';
import type { VendorCall } from './place-vendor-bet';
import { refusalOfRollback } from './vendor-bet-state';
import { VendorError } from './vendor-error';
import { lockVendorRoundById } from './vendor-round';
import { answerOk, answerRepeat, claimVendorTransaction, storeVendorAnswer, vendorErrorOf } from './vendor-transactions';

/**
 * Undoes a bet (or a win) by reversing its ledger transfer and taking it off the round. It must
 * name the transaction in its own round and game, and a bet only while nothing was won on its
 * round (vendor-bet-state.ts: refunding the stake of a won round pays the win on nothing). A
 * rollback of an id we never saw is answered RS_OK and leaves a TOMBSTONE under that id, so the
 * bet, if it arrives late, is refused (RS_ERROR_TRANSACTION_ROLLED_BACK) instead of taking money
 * the vendor already gave back. Accepted after the session expired.
 */
export async function rollbackVendorTransaction(call: VendorCall, request: VendorRollbackRequest): Promise<VendorResponse> {
  return rollbackSessionTransaction(call, request, await findCallSession(call, request, false));
}

/** The rollback of a call whose session is already found (an aggregator's token, seamless-core.ts): the same rules and transaction. */
export async function rollbackSessionTransaction(
  call: VendorCall,
  request: VendorRollbackRequest,
  session: VendorSession,
): Promise<VendorResponse> {
  const { db, vendor, now } = call;
  // The round's game is the session's (vendor-bet-state.ts): a rollback names the same game.
  if (request.gameCode !== session.gameCode) throw new VendorError('RS_ERROR_INVALID_GAME');
  const requestHash = hashRequest({
    kind: 'ROLLBACK',
    user: request.user,
    round: request.roundId,
    reference: request.referenceTransactionUuid,
  });

  try {
    return await db.transaction(async (tx) => {
      const claim = await claimVendorTransaction(tx, {
        merchantId: session.merchantId,
        vendorId: vendor.vendorId,
        vendorTransactionId: request.transactionUuid,
        kind: 'ROLLBACK',
        memberId: session.memberId,
        amount: 0n,
        requestHash,
        referenceTransactionId: request.referenceTransactionUuid,
      });
      if ('existing' in claim) return answerRepeat(claim.existing, requestHash, request.requestUuid);

      // The original, locked; or, when it never came, our tombstone in its place (a racing late bet waits on the index).
      const original = await claimVendorTransaction(tx, {
        merchantId: session.merchantId,
        vendorId: vendor.vendorId,
        vendorTransactionId: request.referenceTransactionUuid,
        kind: 'TOMBSTONE',
        memberId: session.memberId,
        amount: 0n,
        requestHash: hashRequest({ kind: 'TOMBSTONE', reference: request.referenceTransactionUuid }),
      });

      if (!('existing' in original) || original.existing.kind === 'TOMBSTONE' || original.existing.rolledBackAt) {
        const response = await answerOk(tx, request, session);
        await storeVendorAnswer(tx, claim.id, { response });
        return response;
      }
      const target = original.existing;
      if (target.memberId !== session.memberId || target.kind === 'ROLLBACK') throw new VendorError('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
      // Its round, locked after the bet (the order the batch locks a win's named bet and round
      // in), so a win committing meanwhile is seen; then the same rules as everywhere.
      const round = target.roundId === null ? undefined : await lockVendorRoundById(tx, target.roundId);
      const refusal = refusalOfRollback(session, request, target, round);
      if (refusal) throw refusal;

      let ledgerTransferId: number | null = null;
      if (target.ledgerTransferId !== null) {
        const reversed = await reverseTransfer(
          tx,
          {
            merchantId: session.merchantId,
            transferId: target.ledgerTransferId,
            idempotencyKey: `vendor:${vendor.code}:${request.transactionUuid}`,
            type: 'rollback',
            description: `Vendor rollback of ${target.kind.toLowerCase()} ${target.vendorTransactionId}`,
          },
          () => now,
        );
        ledgerTransferId = reversed.transfer.id;
      }
      await tx.update(vendorTransactions).set({ rolledBackAt: now }).where(eq(vendorTransactions.id, target.id));
      if (target.roundId !== null) {
        const totals =
          target.kind === 'BET'
            ? { betTotal: sql`${gameRounds.betTotal} - ${target.amount}`, betCount: sql`${gameRounds.betCount} - 1` }
            : { payoutTotal: sql`${gameRounds.payoutTotal} - ${target.amount}` };
        await tx
          .update(gameRounds)
          .set(totals)
          .where(and(eq(gameRounds.id, target.roundId)));
      }
      const response = await answerOk(tx, request, session);
      await storeVendorAnswer(tx, claim.id, { roundId: target.roundId, ledgerTransferId, response });
      return response;
    });
  } catch (error) {
    // Only a win's rollback can run out of money: the player already spent the payout.
    throw await vendorErrorOf(db, session, error);
  }
}
