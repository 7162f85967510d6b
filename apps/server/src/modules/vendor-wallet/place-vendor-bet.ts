import type { VendorBetRequest, VendorResponse } from '@kismat/contracts/vendor-wallet';
import type { Db } from '../../platform/db';
import { hashRequest } from '../wallet/index';
import { findCallSession, type VendorSession } from './find-vendor-session';
import { checkCallAgainstSession, claimOf, postRoundCall } from './post-round-call';
import { refusalOfBet } from './vendor-bet-state';
import type { VendorDirectory, VendorIntegration } from './vendor-directory';
import { VendorError } from './vendor-error';
import { claimBetRound } from './vendor-round';
import { answerRepeat, vendorErrorOf } from './vendor-transactions';

export interface VendorCall {
  db: Db;
  vendor: VendorIntegration;
  directory: VendorDirectory;
  now: Date;
}

/** A bet after its per-call checks (signature, session, currency, game, amount): what the batch or the lone path posts. */
export interface PreparedVendorBet {
  kind: 'BET';
  call: VendorCall;
  request: VendorBetRequest;
  session: VendorSession;
  amount: bigint;
  requestHash: string;
  /** VENDOR_CLEARING:<vendor> (or TRIAL_ISSUER for fun mode). */
  counterId: number;
}

/**
 * A vendor's bet: debits the player's cash to VENDOR_CLEARING:<vendor> and adds the stake to the
 * round, in one transaction keyed by the vendor's transaction id. Not enough money answers with
 * the real balance and leaves nothing behind, so the same bet may be retried once funded.
 * The routes send prepared bets through the group commit (vendor-batch.ts); this is the path of
 * one call alone, which the batch also falls back to.
 */
export async function placeVendorBet(call: VendorCall, request: VendorBetRequest): Promise<VendorResponse> {
  return placePreparedBet(await prepareVendorBet(call, request));
}

/** The per-call checks of a bet, outside any transaction. */
export async function prepareVendorBet(call: VendorCall, request: VendorBetRequest): Promise<PreparedVendorBet> {
  return prepareSessionBet(call, request, await findCallSession(call, request, true));
}

/**
 * The checks of a bet whose session is already found (live): /vendor-api/v1 finds it by its
 * session id, an aggregator adapter by its multi-use token (seamless-core.ts). Same checks, same
 * prepared bet, same engine after it.
 */
export async function prepareSessionBet(call: VendorCall, request: VendorBetRequest, session: VendorSession): Promise<PreparedVendorBet> {
  const amount = checkCallAgainstSession(request, session);
  // While a promotion bonus with a max bet is active, a larger bet is refused as a bet limit (issue 14).
  if (!session.isTrial && amount > 0n) {
    // Read with the session (find-vendor-session.ts), so the check costs no round trip of its own.
    if (session.promotionMaxBet !== null && amount > BigInt(session.promotionMaxBet)) throw new VendorError('RS_ERROR_BET_LIMIT_EXCEEDED');
  }
  const requestHash = betRequestHash(request, amount);
  const counterId = await call.directory.counterAccountId(session.merchantId, call.vendor.code, session.currency, session.isTrial);
  return { kind: 'BET', call, request, session, amount, requestHash, counterId };
}

export function betRequestHash(request: VendorBetRequest, amount: bigint): string {
  return hashRequest({ kind: 'BET', user: request.user, round: request.roundId, game: request.gameCode, amount });
}

/** One prepared bet in a transaction of its own. */
export async function placePreparedBet(prepared: PreparedVendorBet): Promise<VendorResponse> {
  const { call, request, session, requestHash } = prepared;
  const { db } = call;

  try {
    return await db.transaction(async (tx) => {
      // The claim and the round in one statement; the round row stays locked for the rest of the
      // transaction, so its totals add up under concurrency.
      const claim = await claimBetRound(tx, claimOf(prepared), {
        gameId: session.gameId,
        gameType: session.gameType,
        vendorRoundId: request.roundId,
        currency: session.currency,
        isTrial: session.isTrial,
        openedAt: call.now,
      });
      if ('existing' in claim) return answerRepeat(claim.existing, requestHash, request.requestUuid);
      const refusal = refusalOfBet(session, claim.round);
      if (refusal) throw refusal;
      // refusalOfBet refuses a missing round.
      const round = claim.round!;

      return postRoundCall(tx, prepared, claim, round);
    });
  } catch (error) {
    throw await vendorErrorOf(db, session, error);
  }
}
