import {
  type AggregatorWallet,
  type BetAttributes,
  type CoreResult,
  type CoreStatus,
  coreBalance,
  coreBet,
  coreBetState,
  corePromoCredit,
  coreRollback,
  coreSettle,
  resolveAggregatorSession,
} from '../../vendor-wallet/index';
import { evolutionAmountOf, minorOfEvolutionAmount } from './amounts';
import { type EvolutionContract, evolutionCurrencyOf, ourCurrencyOf } from './find-evolution-contract';
import type {
  EvolutionAnswer,
  EvolutionBalanceRequest,
  EvolutionCheckAnswer,
  EvolutionCheckRequest,
  EvolutionGame,
  EvolutionPromoRequest,
  EvolutionStatus,
  EvolutionTransactionRequest,
} from './protocol';

/*
 * The six One Wallet calls, each mapped onto ONE call of the protocol-neutral wallet core
 * (modules/vendor-wallet, seamless-core.ts), which owns the money: the same checks, group commit,
 * idempotency and bet-state rules as /vendor-api/v1. This file only translates fields, units and
 * statuses (docs/vendor-integration.md, "Evolution One Wallet adapter").
 *
 * Field mapping: `sid` is the core's multi-use session token, `userId` our member id, `uuid` the
 * request id (echoed), `transaction.id` the idempotency key, `transaction.refId` the round: every
 * debit with one refId is a stake of that round, the credit naming the refId settles all of them
 * and the cancel (which repeats the debit's id and refId) refunds the debit it repeats.
 * `game.details.table.id` is the game code of our catalogue (a lobby may switch tables inside a
 * session). Our wallet keeps no separately stakeable bonus balance (a promotion bonus is paid into
 * cash, gated by turnover: docs/promotions.md), so `bonus` is always 0.
 */

export interface EvolutionCall {
  wallet: AggregatorWallet;
  found: EvolutionContract;
}

type CallKind = 'debit' | 'credit' | 'cancel' | 'promo';

/** The core's results every call answers alike, in Evolution's words. */
const COMMON_STATUS: Record<Exclude<CoreStatus, 'OK' | 'INVALID_TOKEN'>, EvolutionStatus> = {
  TOKEN_EXPIRED: 'INVALID_SID',
  USER_DISABLED: 'ACCOUNT_LOCKED',
  INVALID_GAME: 'INVALID_PARAMETER',
  WRONG_CURRENCY: 'INVALID_PARAMETER',
  NOT_ENOUGH_MONEY: 'INSUFFICIENT_FUNDS',
  LIMIT_REACHED: 'FINAL_ERROR_ACTION_FAILED',
  // A credit, cancel or promo again with other content: already paid.
  DUPLICATE: 'BET_ALREADY_SETTLED',
  NOT_FOUND: 'BET_DOES_NOT_EXIST',
  // A credit of a refId whose every debit was cancelled: the bet is settled by its cancel.
  ROLLED_BACK: 'BET_ALREADY_SETTLED',
  // A cancel after the refId was credited is refused: the stake stays taken.
  SETTLED: 'BET_ALREADY_SETTLED',
  ROUND_CLOSED: 'BET_ALREADY_SETTLED',
  INVALID_AMOUNT: 'INVALID_PARAMETER',
  INVALID_REQUEST: 'INVALID_PARAMETER',
};

/** The core's result for each call, in Evolution's words: a debit differs where it is the bet itself. */
const STATUS_OF: Record<CallKind, Record<Exclude<CoreStatus, 'OK' | 'INVALID_TOKEN'>, EvolutionStatus>> = {
  debit: {
    ...COMMON_STATUS,
    // The same transaction.id with other content: the debit exists (Evolution's "DEBIT_BET_ALREADY_EXIST").
    DUPLICATE: 'BET_ALREADY_EXIST',
    // A debit whose cancel came first (or was cancelled since): final, never retried.
    ROLLED_BACK: 'FINAL_ERROR_ACTION_FAILED',
    // A debit into a refId already credited: ROUND_CLOSED, as in COMMON_STATUS.
  },
  credit: COMMON_STATUS,
  cancel: COMMON_STATUS,
  promo: COMMON_STATUS,
};

/** Who a money call is from, as the core names it: the contract, the sid (token), the user and the request id. */
function coreCallerOf(call: EvolutionCall, request: { sid: string; userId: string; uuid: string }) {
  return { contract: call.found.contract, token: request.sid, user: request.userId, requestId: request.uuid };
}

function answer(status: EvolutionStatus, uuid: string, balance: bigint | null = null): EvolutionAnswer {
  return balance === null ? { status, uuid } : { status, balance: evolutionAmountOf(balance), bonus: 0, uuid };
}

/**
 * The core refused the sid for this userId: either the sid is unknown (or another contract's), which
 * is INVALID_SID, or it is a live sid of ANOTHER user, which Evolution's published tests answer
 * INVALID_PARAMETER ("CHECK_USING_INVALID_USER_ID"). Read only on this refusal path.
 */
async function tokenRefusal(call: EvolutionCall, sid: string, uuid: string): Promise<EvolutionAnswer> {
  const session = await resolveAggregatorSession(call.wallet, { contract: call.found.contract, token: sid });
  return answer('status' in session ? 'INVALID_SID' : 'INVALID_PARAMETER', uuid);
}

/** A retry of an answered transaction id (when the core marks it): Evolution's "already" statuses, with the first balance. */
const REPEAT_STATUS: Record<CallKind, EvolutionStatus> = {
  debit: 'BET_ALREADY_EXIST',
  credit: 'BET_ALREADY_SETTLED',
  cancel: 'BET_ALREADY_SETTLED',
  promo: 'BET_ALREADY_SETTLED',
};

async function answerOfResult(
  call: EvolutionCall,
  kind: CallKind,
  result: CoreResult,
  sid: string,
  uuid: string,
): Promise<EvolutionAnswer> {
  if (result.status === 'OK') {
    const isRepeat = 'isRepeat' in result && result.isRepeat === true;
    return answer(isRepeat ? REPEAT_STATUS[kind] : 'OK', uuid, result.balance ?? 0n);
  }
  if (result.status === 'INVALID_TOKEN') return tokenRefusal(call, sid, uuid);
  return answer(STATUS_OF[kind][result.status], uuid, result.balance);
}

/** The game code a call names: the table id (Evolution's game id is a round of a table, not a game). */
function tableOf(game: EvolutionGame | undefined): string | undefined {
  const table = game?.details?.table?.id;
  return table ? table : undefined;
}

/**
 * The game code for a settling call: its table, or the session's current game when Evolution
 * names none (a promo payout outside any game). Null: the sid is refused (answered by the caller).
 */
async function gameCodeFor(call: EvolutionCall, request: { sid: string; userId: string; game?: EvolutionGame }): Promise<string | null> {
  const table = tableOf(request.game);
  if (table) return table;
  const session = await resolveAggregatorSession(call.wallet, { contract: call.found.contract, token: request.sid, user: request.userId });
  return 'status' in session ? null : session.game.code;
}

/**
 * check: the sid and userId name a live session of this contract (Evolution asks it when the game
 * opens). The sid stays the same (the core's token is multi-use); an expired one is INVALID_SID,
 * as its debits would be, so the player is sent back to launch instead of failing at the first bet.
 */
export async function answerEvolutionCheck(call: EvolutionCall, request: EvolutionCheckRequest): Promise<EvolutionCheckAnswer> {
  const session = await resolveAggregatorSession(call.wallet, { contract: call.found.contract, token: request.sid, user: request.userId });
  if ('status' in session) return tokenRefusal(call, request.sid, request.uuid);
  if (session.memberStatus !== 'ACTIVE') return { status: 'ACCOUNT_LOCKED', uuid: request.uuid };
  if (session.expiresAt.getTime() <= call.wallet.now().getTime()) return { status: 'INVALID_SID', uuid: request.uuid };
  return { status: 'OK', sid: request.sid, uuid: request.uuid };
}

/** balance: the player's cash (an expired session still answers: Evolution settles after the player left). */
export async function answerEvolutionBalance(call: EvolutionCall, request: EvolutionBalanceRequest): Promise<EvolutionAnswer> {
  const result = await coreBalance(call.wallet, { contract: call.found.contract, token: request.sid, user: request.userId });
  if (result.status !== 'OK') return answerOfResult(call, 'debit', result, request.sid, request.uuid);
  if (result.currency !== null && evolutionCurrencyOf(call.found, result.currency) !== request.currency)
    return answer('INVALID_PARAMETER', request.uuid);
  return answer('OK', request.uuid, result.balance ?? 0n);
}

/** debit: a stake of round `refId`, idempotent by transaction.id; not enough money answers with the real balance. */
export async function placeEvolutionDebit(call: EvolutionCall, request: EvolutionTransactionRequest): Promise<EvolutionAnswer> {
  const amount = minorOfEvolutionAmount(request.transaction.amount);
  const table = tableOf(request.game);
  if (amount === null || !table) return answer('INVALID_PARAMETER', request.uuid);
  const result = await coreBet(call.wallet, {
    ...coreCallerOf(call, request),
    transactionId: request.transaction.id,
    gameCode: table,
    roundId: request.transaction.refId,
    amount,
    currency: ourCurrencyOf(call.found, request.currency),
  });
  return answerOfResult(call, 'debit', result, request.sid, request.uuid);
}

/** credit: settles round `refId` (all its live debits) with `amount` (0 = lost); accepted after the session expired. */
export async function settleEvolutionCredit(call: EvolutionCall, request: EvolutionTransactionRequest): Promise<EvolutionAnswer> {
  const amount = minorOfEvolutionAmount(request.transaction.amount);
  if (amount === null) return answer('INVALID_PARAMETER', request.uuid);
  const gameCode = await gameCodeFor(call, request);
  if (gameCode === null) return tokenRefusal(call, request.sid, request.uuid);
  const result = await coreSettle(call.wallet, {
    ...coreCallerOf(call, request),
    transactionId: request.transaction.id,
    gameCode,
    roundId: request.transaction.refId,
    amount,
    currency: ourCurrencyOf(call.found, request.currency),
    isRoundClosed: true,
  });
  return answerOfResult(call, 'credit', result, request.sid, request.uuid);
}

/**
 * cancel: refunds the debit it repeats (the same transaction.id and refId). A cancel that comes
 * before its debit answers BET_DOES_NOT_EXIST and leaves a tombstone, so the debit arriving late
 * is FINAL_ERROR_ACTION_FAILED (Evolution's "CANCEL_DEBIT_BEFORE..." sequence); a repeated cancel
 * is BET_ALREADY_SETTLED, as is a cancel after the credit (the stake stays taken).
 */
export async function cancelEvolutionDebit(call: EvolutionCall, request: EvolutionTransactionRequest): Promise<EvolutionAnswer> {
  if (minorOfEvolutionAmount(request.transaction.amount) === null) return answer('INVALID_PARAMETER', request.uuid);
  const session = await resolveAggregatorSession(call.wallet, { contract: call.found.contract, token: request.sid, user: request.userId });
  if ('status' in session) return tokenRefusal(call, request.sid, request.uuid);
  // What the cancel names, before it runs: the answer differs for a debit never seen and one already cancelled.
  const before = await coreBetState(call.wallet, { contract: call.found.contract, session, transactionId: request.transaction.id });
  const result = await coreRollback(call.wallet, {
    ...coreCallerOf(call, request),
    // The cancel repeats the debit's id: its own key in the core is derived from it, so a resent cancel is the same call.
    transactionId: `${request.transaction.id}:cancel`,
    referenceTransactionId: request.transaction.id,
    gameCode: tableOf(request.game) ?? session.game.code,
    roundId: request.transaction.refId,
  });
  if (result.status === 'OK' && before === 'does_not_exist') return answer('BET_DOES_NOT_EXIST', request.uuid);
  if (result.status === 'OK' && before === 'rolled_back') return answer('BET_ALREADY_SETTLED', request.uuid, result.balance);
  return answerOfResult(call, 'cancel', result, request.sid, request.uuid);
}

/**
 * promo_payout: a credit without a debit (free rounds spent, jackpot, reward game), idempotent
 * by promoTransaction.id; the promotion's type and details are kept with the round.
 */
export async function payEvolutionPromo(call: EvolutionCall, request: EvolutionPromoRequest): Promise<EvolutionAnswer> {
  const promo = request.promoTransaction;
  const amount = minorOfEvolutionAmount(promo.amount);
  if (amount === null) return answer('INVALID_PARAMETER', request.uuid);
  const gameCode = await gameCodeFor(call, request);
  if (gameCode === null) return tokenRefusal(call, request.sid, request.uuid);
  const attributes: BetAttributes = {
    betType: promo.type,
    meta: {
      voucherId: promo.voucherId ?? null,
      remainingRounds: promo.remainingRounds ?? null,
      jackpots: promo.jackpots ?? null,
      gameId: request.game?.id ?? null,
    },
  };
  const result = await corePromoCredit(call.wallet, {
    ...coreCallerOf(call, request),
    transactionId: promo.id,
    gameCode,
    amount,
    currency: ourCurrencyOf(call.found, request.currency),
    attributes,
  });
  return answerOfResult(call, 'promo', result, request.sid, request.uuid);
}
