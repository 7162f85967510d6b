import type { VendorResponse, VendorStatus } from '@kismat/contracts/vendor-wallet';
import { formatAmount, MAX_AMOUNT_MINOR } from '@kismat/contracts/wallet';
import { and, eq, sql } from 'drizzle-orm';
import { aggregatorBets } from '../../db/schema/aggregator-play';
import { gameRounds, vendorTransactions } from '../../db/schema/games';
import type { Db } from '../../platform/db';
import { type AggregatorContract, type AggregatorSession, engineVendorOf, resolveSession, vendorSessionOf } from './aggregator-session';
import type { VendorCall } from './place-vendor-bet';
import { prepareSessionBet } from './place-vendor-bet';
import { readPlayerBalanceShared } from './read-player-balance';
import { rollbackSessionTransaction } from './rollback-vendor-transaction';
import type {
  AggregatorWallet,
  BetAttributes,
  BetState,
  CoreBetInput,
  CorePromoCreditInput,
  CoreResult,
  CoreRollbackInput,
  CoreSettleInput,
  CoreStatus,
} from './seamless-core-types';
import type { PreparedVendorCall } from './settle-vendor-batch';
import { prepareSessionWin } from './settle-vendor-win';
import type { VendorBatcher } from './vendor-batch';
import type { VendorDirectory } from './vendor-directory';
import { isVendorError } from './vendor-error';

// Every type of the core's calls, for the adapters (through the module's index).
export type * from './seamless-core-types';

/*
 * The protocol-neutral wallet core for third-party play through aggregators (issue 21,
 * docs/vendor-integration.md "Aggregator wallet core"). An adapter (modules/aggregators/<protocol>/)
 * verifies its aggregator's signature, parses its fields and units, calls these functions and
 * maps the result codes to its protocol's statuses. There is no second money path: a bet or
 * win is prepared with the same checks as /vendor-api/v1 (prepareSessionBet/prepareSessionWin)
 * and goes through the same group commit (VendorBatcher); a rollback is the same
 * transaction (rollbackSessionTransaction). So every guarantee of the vendor wallet holds for
 * every adapter: idempotency by the aggregator's transaction id (a repeat gets the first
 * answer, other content under the same id is DUPLICATE), the bet-state rules
 * (vendor-bet-state.ts: no win on a refunded or non-existent bet, no second win into a settled
 * round, no rollback after settle, a rollback before its bet leaves a tombstone), one ledger
 * transfer per call, and a session that belongs to one contract (merchant) only.
 *
 * Amounts are minor units (bigint, 1/100 of the currency). SUB-CENT RULE: an aggregator amount
 * that is not a whole number of minor units is REFUSED (INVALID_AMOUNT, nothing stored), never
 * rounded: rounding would make our books differ from the aggregator's report by the fractions.
 * `minorOfScaled` is the one conversion adapters use.
 */

const STATUS_OF: Partial<Record<VendorStatus, CoreStatus>> = {
  RS_ERROR_INVALID_TOKEN: 'INVALID_TOKEN',
  RS_ERROR_TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  RS_ERROR_USER_DISABLED: 'USER_DISABLED',
  RS_ERROR_INVALID_GAME: 'INVALID_GAME',
  RS_ERROR_WRONG_CURRENCY: 'WRONG_CURRENCY',
  RS_ERROR_NOT_ENOUGH_MONEY: 'NOT_ENOUGH_MONEY',
  RS_ERROR_LIMIT_REACHED: 'LIMIT_REACHED',
  RS_ERROR_BET_LIMIT_EXCEEDED: 'LIMIT_REACHED',
  RS_ERROR_DUPLICATE_TRANSACTION: 'DUPLICATE',
  RS_ERROR_TRANSACTION_DOES_NOT_EXIST: 'NOT_FOUND',
  RS_ERROR_TRANSACTION_ROLLED_BACK: 'ROLLED_BACK',
  RS_ERROR_ALREADY_SETTLED: 'SETTLED',
  RS_ERROR_ROUND_CLOSED: 'ROUND_CLOSED',
  RS_ERROR_WRONG_SYNTAX: 'INVALID_REQUEST',
};

/**
 * An aggregator amount in its own scale (Hub88: units x100000) as our minor units, or null when
 * it is not a whole number of them, negative, or above the ledger's largest amount (the
 * sub-cent rule above: refused, never rounded). `scaledPerMinor` is how many of the
 * aggregator's units make one minor unit (Hub88: 100000 / 100 = 1000).
 */
export function minorOfScaled(value: bigint, scaledPerMinor: bigint): bigint | null {
  if (value < 0n || value % scaledPerMinor !== 0n) return null;
  const minor = value / scaledPerMinor;
  return minor > MAX_AMOUNT_MINOR ? null : minor;
}

/** Minor units from a 2-decimal answer string ("-1.05" included). */
function minorOfAnswer(balance: string | undefined): bigint | null {
  if (balance === undefined) return null;
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(balance);
  if (!match) return null;
  const minor = BigInt(match[2]!) * 100n + BigInt(match[3]!);
  return match[1] === '-' ? -minor : minor;
}

function resultOfAnswer(answer: VendorResponse, session: AggregatorSession): CoreResult {
  return { status: 'OK', balance: minorOfAnswer(answer.balance), currency: session.currency, user: session.user };
}

/** A refusal of the engines (or of the session check) as a core result; any other error is rethrown (the adapter's "our failure, retry"). */
async function resultOfError(wallet: AggregatorWallet, error: unknown, session: AggregatorSession | null): Promise<CoreResult> {
  if (!isVendorError(error)) throw error;
  const status = STATUS_OF[error.status];
  if (!status) throw error;
  let balance: bigint | null = null;
  if (session) {
    balance =
      error.extra.balance !== undefined
        ? minorOfAnswer(error.extra.balance)
        : minorOfAnswer(await readPlayerBalanceShared(wallet.db, session.cashAccountId));
  }
  return {
    status,
    balance,
    currency: session?.currency ?? null,
    user: session?.user ?? null,
    ...(error.status !== error.message ? { message: error.message } : {}),
  };
}

function invalidAmount(session: AggregatorSession): Promise<CoreResult> {
  return Promise.resolve({ status: 'INVALID_AMOUNT', balance: null, currency: session.currency, user: session.user, message: 'amount' });
}

function callOf(wallet: AggregatorWallet, contract: AggregatorContract, session: AggregatorSession): VendorCall {
  return { db: wallet.db, vendor: engineVendorOf(contract, session.game), directory: wallet.directory, now: wallet.now() };
}

async function resolveOrResult(
  wallet: AggregatorWallet,
  input: { contract: AggregatorContract; token: string; user?: string | undefined; gameCode?: string | undefined },
  forBet: boolean,
): Promise<AggregatorSession | CoreResult> {
  if (!input.contract.isEnabled)
    return { status: 'INVALID_TOKEN', balance: null, currency: null, user: null, message: 'contract disabled' };
  try {
    return await resolveSession(wallet.db, { ...input, forBet, now: wallet.now() });
  } catch (error) {
    return resultOfError(wallet, error, null);
  }
}

function isResult(value: AggregatorSession | CoreResult): value is CoreResult {
  return 'status' in value;
}

/** The session a token names, for info/balance calls and adapters' own checks (no game switch, no liveness). */
export async function resolveAggregatorSession(
  wallet: AggregatorWallet,
  input: { contract: AggregatorContract; token: string; user?: string },
): Promise<AggregatorSession | CoreResult> {
  return resolveOrResult(wallet, input, false);
}

/** The player's balance (a session that expired still answers: the aggregator settles after it). */
export async function coreBalance(
  wallet: AggregatorWallet,
  input: { contract: AggregatorContract; token: string; user?: string },
): Promise<CoreResult> {
  const session = await resolveOrResult(wallet, input, false);
  if (isResult(session)) return session;
  return {
    status: 'OK',
    balance: minorOfAnswer(await readPlayerBalanceShared(wallet.db, session.cashAccountId)),
    currency: session.currency,
    user: session.user,
  };
}

/** Stores the bonus attributes of an answered call (idempotent: a repeat stores nothing new). */
async function recordAttributes(
  wallet: AggregatorWallet,
  session: AggregatorSession,
  input: { contract: AggregatorContract; transactionId: string; attributes?: BetAttributes | undefined },
  kind: 'BET' | 'WIN' | 'PROMO',
  faceAmount: bigint,
): Promise<void> {
  const attributes = input.attributes;
  const hasAny =
    attributes !== undefined &&
    (attributes.isFree === true ||
      attributes.isSupplierPromo === true ||
      (attributes.betType ?? null) !== null ||
      (attributes.supplierUser ?? null) !== null ||
      (attributes.meta ?? null) !== null);
  if (!hasAny && kind !== 'PROMO') return;
  await wallet.db
    .insert(aggregatorBets)
    .values({
      integrationId: input.contract.id,
      transactionUuid: input.transactionId,
      kind,
      roundId: sql`(SELECT ${vendorTransactions.roundId} FROM ${vendorTransactions}
        WHERE ${vendorTransactions.vendorId} = ${session.game.vendorId} AND ${vendorTransactions.vendorTransactionId} = ${input.transactionId})`,
      memberId: session.memberId,
      faceAmount,
      isFree: attributes?.isFree === true,
      isSupplierPromo: attributes?.isSupplierPromo === true,
      betType: attributes?.betType ?? null,
      supplierUser: attributes?.supplierUser ?? null,
      meta: attributes?.meta ?? null,
      createdAt: wallet.now(),
    })
    .onConflictDoNothing();
}

/**
 * A bet: takes `amount` from the member into VENDOR_CLEARING:<contract> (none for a free bet,
 * `attributes.isFree`: the round records a stake of 0 and the face value is kept in
 * aggregator_bets), through the group commit. Needs a live session; the game may differ from
 * the session's (a lobby switch).
 */
export async function coreBet(wallet: AggregatorWallet, input: CoreBetInput): Promise<CoreResult> {
  return submitMove(wallet, input, 'BET', (call, session) => {
    const stake = input.attributes?.isFree === true ? 0n : input.amount;
    return prepareSessionBet(
      call,
      {
        ...callFields(input, session),
        roundId: input.roundId,
        amount: formatAmount(stake),
        currency: input.currency,
        ...(input.isRoundClosed !== undefined ? { isRoundClosed: input.isRoundClosed } : {}),
      },
      vendorSessionOf(session),
    );
  });
}

/**
 * A win (or a loss: amount 0) into a round: pays VENDOR_CLEARING:<contract> -> the member,
 * settling the round unless `isRoundClosed: false`. Accepted after the session expired. Refused
 * (nothing stored, nothing paid) unless it names an open bet of this player, round and game.
 */
export async function coreSettle(wallet: AggregatorWallet, input: CoreSettleInput): Promise<CoreResult> {
  return submitMove(wallet, input, 'WIN', async (call, session) => {
    const roundId =
      input.roundId ??
      (input.referenceTransactionId === undefined ? null : await roundOfTransaction(wallet, session, input.referenceTransactionId)) ??
      input.referenceTransactionId ??
      input.transactionId;
    return prepareSessionWin(
      call,
      {
        ...callFields(input, session),
        ...(input.referenceTransactionId !== undefined ? { referenceTransactionUuid: input.referenceTransactionId } : {}),
        roundId,
        amount: formatAmount(input.amount),
        currency: input.currency,
        isRoundClosed: input.isRoundClosed ?? true,
      },
      vendorSessionOf(session),
    );
  });
}

/** The fields every call to the vendor wallet names: the request, the player, the transaction and the session's game. */
function callFields(input: { requestId: string; transactionId: string }, session: AggregatorSession) {
  return {
    requestUuid: input.requestId,
    sessionId: '',
    user: session.user,
    transactionUuid: input.transactionId,
    gameCode: session.game.code,
  };
}

/**
 * A bet (which needs a live session) or a win: the session and the amount checked, the call
 * `prepare` builds answered through the group commit, then its bonus attributes stored.
 */
async function submitMove(
  wallet: AggregatorWallet,
  input: CoreBetInput | CoreSettleInput,
  kind: 'BET' | 'WIN',
  prepare: (call: VendorCall, session: AggregatorSession) => Promise<PreparedVendorCall>,
): Promise<CoreResult> {
  const session = await resolveOrResult(wallet, input, kind === 'BET');
  if (isResult(session)) return session;
  if (minorOfScaled(input.amount, 1n) === null) return invalidAmount(session);
  try {
    const answer = await wallet.batcher.submit(await prepare(callOf(wallet, input.contract, session), session));
    await recordAttributes(wallet, session, input, kind, input.amount);
    return resultOfAnswer(answer, session);
  } catch (error) {
    return resultOfError(wallet, error, session);
  }
}

/**
 * Undoes a bet (refund) or a win (takes it back). A rollback of an id never seen answers OK and
 * leaves a tombstone: the bet, arriving late, is ROLLED_BACK. Refused for a bet whose round was
 * won (SETTLED). Accepted after the session expired.
 */
export async function coreRollback(wallet: AggregatorWallet, input: CoreRollbackInput): Promise<CoreResult> {
  const session = await resolveOrResult(wallet, input, false);
  if (isResult(session)) return session;
  try {
    const roundId = input.roundId ?? (await roundOfTransaction(wallet, session, input.referenceTransactionId)) ?? '';
    const answer = await rollbackSessionTransaction(
      callOf(wallet, input.contract, session),
      { ...callFields(input, session), referenceTransactionUuid: input.referenceTransactionId, roundId },
      vendorSessionOf(session),
    );
    return resultOfAnswer(answer, session);
  } catch (error) {
    return resultOfError(wallet, error, session);
  }
}

/** The aggregator's round id of a stored transaction (a rollback that names no round). */
async function roundOfTransaction(wallet: AggregatorWallet, session: AggregatorSession, transactionId: string): Promise<string | null> {
  const [row] = await wallet.db
    .select({ vendorRoundId: gameRounds.vendorRoundId })
    .from(vendorTransactions)
    .innerJoin(gameRounds, eq(gameRounds.id, vendorTransactions.roundId))
    .where(and(eq(vendorTransactions.vendorId, session.game.vendorId), eq(vendorTransactions.vendorTransactionId, transactionId)))
    .limit(1);
  return row?.vendorRoundId ?? null;
}

/**
 * A credit without a bet (a supplier's prize drop, a tournament payout): recorded as a round of
 * its own with a free stake of 0 (`<transactionId>:promo-stake`) and a win of `amount` under the
 * aggregator's transaction id, both through the same engines, so it is idempotent by that id,
 * appears in the member's records and the ledger holds one payout transfer. Accepted after the
 * session expired (promotions are paid when they end).
 */
export async function corePromoCredit(wallet: AggregatorWallet, input: CorePromoCreditInput): Promise<CoreResult> {
  const session = await resolveOrResult(wallet, input, false);
  if (isResult(session)) return session;
  if (minorOfScaled(input.amount, 1n) === null) return invalidAmount(session);
  const roundId = input.roundId ?? `promo:${input.transactionId}`;
  const stakeId = `${input.transactionId}:promo-stake`;
  try {
    const call = callOf(wallet, input.contract, session);
    const vendorSession = vendorSessionOf(session);
    // The zero stake needs no live session (prepareSessionBet is handed the session as found).
    await wallet.batcher.submit(
      await prepareSessionBet(
        call,
        {
          requestUuid: input.requestId,
          sessionId: '',
          user: session.user,
          transactionUuid: stakeId,
          roundId,
          gameCode: session.game.code,
          amount: '0.00',
          currency: input.currency,
        },
        // No promotion max bet applies to a stake of 0.
        vendorSession,
      ),
    );
    const answer = await wallet.batcher.submit(
      await prepareSessionWin(
        call,
        {
          requestUuid: input.requestId,
          sessionId: '',
          user: session.user,
          transactionUuid: input.transactionId,
          referenceTransactionUuid: stakeId,
          roundId,
          gameCode: session.game.code,
          amount: formatAmount(input.amount),
          currency: input.currency,
          isRoundClosed: true,
        },
        vendorSession,
      ),
    );
    await recordAttributes(
      wallet,
      session,
      { ...input, attributes: { isSupplierPromo: true, ...input.attributes } },
      'PROMO',
      input.amount,
    );
    return resultOfAnswer(answer, session);
  } catch (error) {
    return resultOfError(wallet, error, session);
  }
}

/**
 * The state of a bet as an adapter must answer about it: open, settled (its round was won),
 * rolled back (or tombstoned), or does not exist. Scoped to the contract's merchant and the
 * studio of the session's game (`resolveAggregatorSession`).
 */
export async function coreBetState(
  wallet: AggregatorWallet,
  input: { contract: AggregatorContract; session: AggregatorSession; transactionId: string },
): Promise<BetState> {
  const [row] = await wallet.db
    .select({ kind: vendorTransactions.kind, rolledBackAt: vendorTransactions.rolledBackAt, settledAt: gameRounds.settledAt })
    .from(vendorTransactions)
    .leftJoin(gameRounds, eq(gameRounds.id, vendorTransactions.roundId))
    .where(
      and(
        eq(vendorTransactions.merchantId, input.contract.merchantId),
        eq(vendorTransactions.vendorId, input.session.game.vendorId),
        eq(vendorTransactions.vendorTransactionId, input.transactionId),
      ),
    )
    .limit(1);
  if (!row) return 'does_not_exist';
  if (row.kind === 'TOMBSTONE' || row.rolledBackAt !== null) return 'rolled_back';
  if (row.settledAt !== null && row.settledAt !== undefined) return 'settled';
  return 'open';
}

/** The wallet core of an app (after registerVendorWalletRoutes decorated the directory and the batcher). */
export function aggregatorWalletOf(app: {
  db: Db;
  vendorDirectory: VendorDirectory;
  vendorBatcher: VendorBatcher;
  now: () => Date;
}): AggregatorWallet {
  return { db: app.db, directory: app.vendorDirectory, batcher: app.vendorBatcher, now: () => app.now() };
}
