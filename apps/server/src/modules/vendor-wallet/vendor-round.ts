import type { VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, eq, sql } from 'drizzle-orm';
import { gameRounds, type VendorTransactionRow } from '../../db/schema/games';
import type { Tx } from '../../platform/db';
import { rowsOf, toBigInt, toNumber } from '../../platform/sql-values';
import { recordRoundFacts } from '../facts/index';
import { type AccountShapeCache, accountAvailableMinorSql, postTransferInTransaction } from '../wallet/index';
import type { VendorSession } from './find-vendor-session';
import { type NamedVendorTransaction, roundStateOf, type VendorRoundColumns, type VendorRoundState } from './vendor-bet-state';
import type { VendorIntegration } from './vendor-directory';
import { type ClaimInput, findClaimedVendorTransaction } from './vendor-transactions';

const roundColumns = {
  id: gameRounds.id,
  memberId: gameRounds.memberId,
  gameId: gameRounds.gameId,
  status: gameRounds.status,
  isTrial: gameRounds.isTrial,
  betCount: gameRounds.betCount,
  payoutTotal: gameRounds.payoutTotal,
  settledAt: gameRounds.settledAt,
};

/** The vendor's round, locked for the rest of the transaction so its totals add up under concurrency. */
export async function lockVendorRound(tx: Tx, vendorId: number, vendorRoundId: string): Promise<VendorRoundState | undefined> {
  const [round] = await tx
    .select(roundColumns)
    .from(gameRounds)
    .where(and(eq(gameRounds.vendorId, vendorId), eq(gameRounds.vendorRoundId, vendorRoundId)))
    .for('update');
  if (!round) return undefined;
  const { settledAt, ...state } = round;
  return { ...state, isSettled: settledAt !== null };
}

/** A round by our id, locked, with the vendor's round id (a rollback checks it names the bet's round). */
export async function lockVendorRoundById(tx: Tx, roundId: number): Promise<(VendorRoundState & { vendorRoundId: string }) | undefined> {
  const [round] = await tx
    .select({ ...roundColumns, vendorRoundId: gameRounds.vendorRoundId })
    .from(gameRounds)
    .where(eq(gameRounds.id, roundId))
    .for('update');
  if (!round) return undefined;
  const { settledAt, ...state } = round;
  return { ...state, isSettled: settledAt !== null };
}

/** A settled round's row as the settling statement returns it (row_to_json or a driver row). */
export interface SettledRoundColumns {
  id: unknown;
  merchant_id: unknown;
  member_id: unknown;
  game_type: unknown;
  bet_total: unknown;
  payout_total: unknown;
  is_trial: unknown;
  settled_at: unknown;
}

/** The settling UPDATE's row as JSON, numbers as text (bigints survive every driver). */
const SETTLED_ROUND_JSON = sql`(SELECT json_build_object('id', id::text, 'merchant_id', merchant_id::text, 'member_id', member_id::text,
  'game_type', game_type, 'bet_total', bet_total::text, 'payout_total', payout_total::text, 'is_trial', is_trial, 'settled_at', settled_at)
  FROM round)`;

/** The settled rounds' facts: real money with a valid bet only (trial and fully rolled-back rounds are none). */
export async function recordSettledRoundFacts(tx: Tx, rounds: readonly SettledRoundColumns[]): Promise<void> {
  const facts = rounds
    .filter((round) => round.is_trial !== true && round.is_trial !== 't' && round.settled_at !== null && round.settled_at !== undefined)
    .map((round) => ({
      merchantId: toNumber(round.merchant_id),
      memberId: toNumber(round.member_id),
      sourceId: toNumber(round.id),
      gameType: String(round.game_type),
      amount: toBigInt(round.bet_total),
      payout: toBigInt(round.payout_total),
      occurredAt: round.settled_at instanceof Date ? round.settled_at : new Date(String(round.settled_at)),
    }));
  await recordRoundFacts(tx, facts);
}

type ClaimedRound = { existing: VendorTransactionRow } | { id: number; round: VendorRoundState | undefined };

function claimValues(claim: ClaimInput) {
  return sql`(${claim.merchantId}::bigint, ${claim.vendorId}::integer, ${claim.vendorTransactionId}, ${claim.kind}, ${claim.memberId}::bigint,
              ${claim.amount}::bigint, ${claim.requestHash}, ${claim.referenceTransactionId ?? null})`;
}

const CLAIM_COLUMNS = sql.raw(
  'vendor_transactions (merchant_id, vendor_id, vendor_transaction_id, kind, member_id, amount, request_hash, reference_transaction_id)',
);

/** A round as RETURNING or SELECT gives it to the claim statements. */
const ROUND_RETURNING = sql.raw('id, member_id, game_id, status, is_trial, bet_count, payout_total, settled_at');

/**
 * A bet's claim of its vendor transaction id and its round, in one statement: the claim
 * (`claimVendorTransaction`'s INSERT), then, only when this call owns the id, the round opened
 * (a row this transaction inserted is invisible to others until commit, and a concurrent
 * insert of the same round waits on the unique index). An existing round is then locked by a
 * second statement. A repeated id returns the stored row, locked, as `claimVendorTransaction`.
 */
export async function claimBetRound(
  tx: Tx,
  claim: ClaimInput,
  round: { gameId: number; gameType: string; currency: string; isTrial: boolean; openedAt: Date; vendorRoundId: string },
): Promise<ClaimedRound> {
  const [row] = rowsOf<{ claim_id: unknown } & Partial<VendorRoundColumns>>(
    await tx.execute(sql`
      WITH claim AS (
        INSERT INTO ${CLAIM_COLUMNS} VALUES ${claimValues(claim)}
        ON CONFLICT (vendor_id, vendor_transaction_id) DO NOTHING
        RETURNING id),
      opened AS (
        INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, is_trial, opened_at)
        SELECT ${claim.merchantId}::bigint, ${claim.memberId}::bigint, ${claim.vendorId}::integer, ${round.gameId}::bigint,
               ${round.gameType}, ${round.vendorRoundId}, ${round.currency}, ${round.isTrial}::boolean, ${round.openedAt.toISOString()}::timestamptz
         WHERE EXISTS (SELECT 1 FROM claim)
        ON CONFLICT (vendor_id, vendor_round_id) DO NOTHING
        RETURNING ${ROUND_RETURNING})
      SELECT (SELECT id FROM claim) AS claim_id, opened.*
        FROM (SELECT 1) AS one LEFT JOIN opened ON true`),
  );
  if (!row || row.claim_id === null || row.claim_id === undefined) {
    return { existing: await findClaimedVendorTransaction(tx, claim.vendorId, claim.vendorTransactionId) };
  }
  const opened = row.id === null || row.id === undefined ? undefined : roundStateOf(row as VendorRoundColumns);
  return { id: toNumber(row.claim_id), round: opened ?? (await lockVendorRound(tx, claim.vendorId, round.vendorRoundId)) };
}

/**
 * A win's claim of its vendor transaction id and, when this call owns it, the bet it names and
 * its round, locked, in one statement (the one-call path; the batch does the same set-based).
 * Locked in the order a rollback locks them: the named bet, then the round.
 */
export async function claimWinRound(
  tx: Tx,
  claim: ClaimInput,
  vendorRoundId: string,
): Promise<
  { existing: VendorTransactionRow } | { id: number; round: VendorRoundState | undefined; named: NamedVendorTransaction | undefined }
> {
  const rows = rowsOf<{ what: string; claim_id: unknown; kind: unknown; round_ref: unknown; rolled_back_at: unknown } & VendorRoundColumns>(
    await tx.execute(sql`
      WITH claim AS (
        INSERT INTO ${CLAIM_COLUMNS} VALUES ${claimValues(claim)}
        ON CONFLICT (vendor_id, vendor_transaction_id) DO NOTHING
        RETURNING id),
      named AS (
        SELECT kind, member_id, round_id, rolled_back_at FROM vendor_transactions
         WHERE vendor_id = ${claim.vendorId}::integer AND vendor_transaction_id = ${claim.referenceTransactionId ?? null}::text
           AND EXISTS (SELECT 1 FROM claim)
           FOR UPDATE),
      round AS (
        SELECT ${ROUND_RETURNING} FROM game_rounds
         WHERE vendor_id = ${claim.vendorId}::integer AND vendor_round_id = ${vendorRoundId} AND EXISTS (SELECT 1 FROM claim)
           FOR UPDATE)
      -- Read (and so locked) in this order: the claim, the named bet, the round.
      SELECT 'claim' AS what, id AS claim_id, NULL::text AS kind, NULL::bigint AS round_ref, NULL::timestamptz AS rolled_back_at,
             NULL::bigint AS id, NULL::bigint AS member_id, NULL::bigint AS game_id, NULL::text AS status, NULL::boolean AS is_trial,
             NULL::integer AS bet_count, NULL::bigint AS payout_total, NULL::timestamptz AS settled_at FROM claim
      UNION ALL
      SELECT 'named', NULL, kind, round_id, rolled_back_at, NULL, member_id, NULL, NULL, NULL, NULL, NULL, NULL FROM named
      UNION ALL
      SELECT 'round', NULL, NULL, NULL, NULL, ${ROUND_RETURNING} FROM round`),
  );
  const claimed = rows.find((row) => row.what === 'claim');
  if (!claimed || claimed.claim_id === null || claimed.claim_id === undefined) {
    return { existing: await findClaimedVendorTransaction(tx, claim.vendorId, claim.vendorTransactionId) };
  }
  const round = rows.find((row) => row.what === 'round');
  const named = rows.find((row) => row.what === 'named');
  return {
    id: toNumber(claimed.claim_id),
    round: round ? roundStateOf(round) : undefined,
    named: named
      ? {
          kind: String(named.kind),
          memberId: toNumber(named.member_id),
          roundId: named.round_ref === null || named.round_ref === undefined ? null : toNumber(named.round_ref),
          isRolledBack: named.rolled_back_at !== null && named.rolled_back_at !== undefined,
        }
      : undefined,
  };
}

/**
 * Moves a bet (cash -> VENDOR_CLEARING) or a win (back) of one round, keyed by the vendor's
 * transaction id so a repeat cannot move it twice. A zero amount moves nothing and returns null.
 * Runs in the call's own transaction without a savepoint: bet and win end their transaction on
 * any error, so a refused transfer still leaves nothing behind.
 */
export async function postVendorRoundTransfer(
  tx: Tx,
  input: {
    vendor: VendorIntegration;
    session: VendorSession;
    request: { transactionUuid: string; roundId: string; gameCode: string };
    roundId: number;
    type: 'bet' | 'payout';
    fromAccountId: number;
    toAccountId: number;
    amount: bigint;
    now: Date;
    accounts: AccountShapeCache;
  },
): Promise<number | null> {
  if (input.amount <= 0n) return null;
  const posted = await postTransferInTransaction(
    tx,
    {
      merchantId: input.session.merchantId,
      idempotencyKey: `vendor:${input.vendor.code}:${input.request.transactionUuid}`,
      type: input.type,
      reference: { kind: 'vendor_round', id: String(input.roundId) },
      entries: [
        { accountId: input.fromAccountId, amount: -input.amount },
        { accountId: input.toAccountId, amount: input.amount },
      ],
      metadata: { vendor: input.vendor.code, round: input.request.roundId, game: input.request.gameCode },
    },
    () => input.now,
    input.accounts,
  );
  return posted.transfer.id;
}

/**
 * The end of a bet or win, in one statement: adds the amount to the round's totals (closing it
 * when asked), and stores the RS_OK answer under the claimed vendor transaction with the
 * player's balance as it stands inside this transaction (cash minus holds, formatted like
 * `formatAmount`). Returns the stored answer.
 */
export async function finishVendorRoundCall(
  tx: Tx,
  input: {
    claimId: number;
    roundId: number;
    ledgerTransferId: number | null;
    kind: 'bet' | 'payout';
    amount: bigint;
    closeRound: boolean;
    /** A win that closes the round settles it (vendor-bet-state.ts). */
    settleRound?: boolean;
    now: Date;
    cashAccountId: number;
    answer: Omit<VendorResponse, 'balance'>;
  },
): Promise<VendorResponse> {
  const totals =
    input.kind === 'bet'
      ? sql`bet_total = bet_total + ${input.amount}::bigint, bet_count = bet_count + 1`
      : sql`payout_total = payout_total + ${input.amount}::bigint`;
  const closing = input.closeRound ? sql`, status = 'CLOSED', closed_at = ${input.now.toISOString()}::timestamptz` : sql``;
  const settling = input.settleRound ? sql`, settled_at = ${input.now.toISOString()}::timestamptz` : sql``;
  const rows = rowsOf<{ response: unknown; settled: SettledRoundColumns | string | null }>(
    await tx.execute(sql`
      WITH round AS (UPDATE game_rounds SET ${totals}${closing}${settling} WHERE id = ${input.roundId}
                     RETURNING id, merchant_id, member_id, game_type, bet_total, payout_total, is_trial, settled_at),
           available AS (SELECT ${accountAvailableMinorSql(input.cashAccountId)} AS minor)
      UPDATE vendor_transactions
         SET round_id = ${input.roundId}::bigint,
             ledger_transfer_id = ${input.ledgerTransferId}::bigint,
             response = ${JSON.stringify(input.answer)}::jsonb || jsonb_build_object('balance', COALESCE(
               (SELECT CASE WHEN minor < 0 THEN '-' ELSE '' END || (abs(minor) / 100)::text || '.' || lpad((abs(minor) % 100)::text, 2, '0')
                  FROM available), '0.00'))
       WHERE id = ${input.claimId}
      RETURNING response, ${input.settleRound ? SETTLED_ROUND_JSON : sql`NULL`} AS settled`),
  );
  const stored = rows[0]?.response;
  if (!stored) throw new Error(`vendor transaction ${input.claimId} vanished`);
  // The settlement is the loyalty engines' fact (modules/facts), in this transaction: a repeat
  // of this win is answered from the stored response before reaching here, and a settled round
  // takes no second settling win, so the fact is recorded once.
  const settled = rows[0]?.settled;
  if (settled) await recordSettledRoundFacts(tx, [typeof settled === 'string' ? JSON.parse(settled) : settled]);
  return (typeof stored === 'string' ? JSON.parse(stored) : stored) as VendorResponse;
}
