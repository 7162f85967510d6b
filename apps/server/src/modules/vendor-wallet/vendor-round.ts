import type { VendorResponse } from '@kismat/contracts/vendor-wallet';
import { and, eq, sql } from 'drizzle-orm';
import { gameRounds, type VendorTransactionRow } from '../../db/schema/games';
import type { LedgerTx } from '../wallet/ledger-sql';
import { rowsOf, toNumber } from '../wallet/ledger-sql';
import { postTransferInTransaction } from '../wallet/post-transfer';
import type { AccountShapeCache } from '../wallet/record-transfer';
import type { VendorSession } from './find-vendor-session';
import type { VendorIntegration } from './vendor-directory';
import { type ClaimInput, findClaimedVendorTransaction } from './vendor-transactions';

const roundColumns = { id: gameRounds.id, memberId: gameRounds.memberId, status: gameRounds.status, isTrial: gameRounds.isTrial };

/** The vendor's round, locked for the rest of the transaction so its totals add up under concurrency. */
export async function lockVendorRound(tx: LedgerTx, vendorId: number, vendorRoundId: string) {
  const [round] = await tx
    .select(roundColumns)
    .from(gameRounds)
    .where(and(eq(gameRounds.vendorId, vendorId), eq(gameRounds.vendorRoundId, vendorRoundId)))
    .for('update');
  return round;
}

export interface VendorRound {
  id: number;
  memberId: number;
  status: string;
  isTrial: boolean;
}

type ClaimedRound = { existing: VendorTransactionRow } | { id: number; round: VendorRound | undefined };

function claimValues(claim: ClaimInput) {
  return sql`(${claim.merchantId}::bigint, ${claim.vendorId}::integer, ${claim.vendorTransactionId}, ${claim.kind}, ${claim.memberId}::bigint,
              ${claim.amount}::bigint, ${claim.requestHash}, ${claim.referenceTransactionId ?? null})`;
}

const CLAIM_COLUMNS = sql.raw(
  'vendor_transactions (merchant_id, vendor_id, vendor_transaction_id, kind, member_id, amount, request_hash, reference_transaction_id)',
);

async function claimedRoundOf(
  tx: LedgerTx,
  claim: ClaimInput,
  rows: { claim_id: unknown; round_id: unknown; member_id: unknown; status: unknown; is_trial: unknown }[],
): Promise<{ row?: VendorRound; claimId?: number; existing?: VendorTransactionRow }> {
  const [row] = rows;
  if (!row || row.claim_id === null || row.claim_id === undefined) {
    return { existing: await findClaimedVendorTransaction(tx, claim.vendorId, claim.vendorTransactionId) };
  }
  const round =
    row.round_id === null || row.round_id === undefined
      ? undefined
      : { id: toNumber(row.round_id), memberId: toNumber(row.member_id), status: String(row.status), isTrial: row.is_trial === true };
  return { claimId: toNumber(row.claim_id), ...(round ? { row: round } : {}) };
}

/**
 * A bet's claim of its vendor transaction id and its round, in one statement: the claim
 * (`claimVendorTransaction`'s INSERT), then, only when this call owns the id, the round opened
 * (a row this transaction inserted is invisible to others until commit, and a concurrent
 * insert of the same round waits on the unique index). An existing round is then locked by a
 * second statement. A repeated id returns the stored row, locked, as `claimVendorTransaction`.
 */
export async function claimBetRound(
  tx: LedgerTx,
  claim: ClaimInput,
  round: { gameId: number; gameType: string; currency: string; isTrial: boolean; openedAt: Date; vendorRoundId: string },
): Promise<ClaimedRound> {
  const rows = rowsOf<{ claim_id: unknown; round_id: unknown; member_id: unknown; status: unknown; is_trial: unknown }>(
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
        RETURNING id, member_id, status, is_trial)
      SELECT (SELECT id FROM claim) AS claim_id, opened.id AS round_id, opened.member_id, opened.status, opened.is_trial
        FROM (SELECT 1) AS one LEFT JOIN opened ON true`),
  );
  const found = await claimedRoundOf(tx, claim, rows);
  if (found.existing) return { existing: found.existing };
  return { id: found.claimId!, round: found.row ?? (await lockVendorRound(tx, claim.vendorId, round.vendorRoundId)) };
}

/** A win's claim of its vendor transaction id and, when this call owns it, its round locked: one statement. */
export async function claimWinRound(tx: LedgerTx, claim: ClaimInput, vendorRoundId: string): Promise<ClaimedRound> {
  const rows = rowsOf<{ claim_id: unknown; round_id: unknown; member_id: unknown; status: unknown; is_trial: unknown }>(
    await tx.execute(sql`
      WITH claim AS (
        INSERT INTO ${CLAIM_COLUMNS} VALUES ${claimValues(claim)}
        ON CONFLICT (vendor_id, vendor_transaction_id) DO NOTHING
        RETURNING id)
      SELECT claim.id AS claim_id, round.id AS round_id, round.member_id, round.status, round.is_trial
        FROM claim LEFT JOIN LATERAL (
          SELECT id, member_id, status, is_trial FROM game_rounds
           WHERE vendor_id = ${claim.vendorId}::integer AND vendor_round_id = ${vendorRoundId}
             FOR UPDATE) AS round ON true`),
  );
  const found = await claimedRoundOf(tx, claim, rows);
  if (found.existing) return { existing: found.existing };
  return { id: found.claimId!, round: found.row };
}

/**
 * Moves a bet (cash -> VENDOR_CLEARING) or a win (back) of one round, keyed by the vendor's
 * transaction id so a repeat cannot move it twice. A zero amount moves nothing and returns null.
 * Runs in the call's own transaction without a savepoint: bet and win end their transaction on
 * any error, so a refused transfer still leaves nothing behind.
 */
export async function postVendorRoundTransfer(
  tx: LedgerTx,
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
  tx: LedgerTx,
  input: {
    claimId: number;
    roundId: number;
    ledgerTransferId: number | null;
    kind: 'bet' | 'payout';
    amount: bigint;
    closeRound: boolean;
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
  const rows = rowsOf<{ response: unknown }>(
    await tx.execute(sql`
      WITH round AS (UPDATE game_rounds SET ${totals}${closing} WHERE id = ${input.roundId} RETURNING id),
           available AS (SELECT balance - held AS minor FROM ledger_accounts WHERE id = ${input.cashAccountId})
      UPDATE vendor_transactions
         SET round_id = ${input.roundId}::bigint,
             ledger_transfer_id = ${input.ledgerTransferId}::bigint,
             response = ${JSON.stringify(input.answer)}::jsonb || jsonb_build_object('balance', COALESCE(
               (SELECT CASE WHEN minor < 0 THEN '-' ELSE '' END || (abs(minor) / 100)::text || '.' || lpad((abs(minor) % 100)::text, 2, '0')
                  FROM available), '0.00'))
       WHERE id = ${input.claimId}
      RETURNING response`),
  );
  const stored = rows[0]?.response;
  if (!stored) throw new Error(`vendor transaction ${input.claimId} vanished`);
  return (typeof stored === 'string' ? JSON.parse(stored) : stored) as VendorResponse;
}
