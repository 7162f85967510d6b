import type { VendorResponse } from '@kismat/contracts/vendor-wallet';
import { formatAmount } from '@kismat/contracts/wallet';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db';
import { leanTransaction } from '../../platform/lean-transaction';
import { executePrepared } from '../../platform/prepared-statement';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { lockTrackedMembersSql } from '../responsible-gambling/index';
import {
  type KeyedBulkLeg,
  type LegLockRow,
  type LockedLegs,
  legLockQuery,
  lockedLegsOf,
  postKeyedBulkTransferInTransaction,
} from '../wallet/index';
import { chargeBatchLimits } from './charge-batch-limits';
import { confirmRefusalsNew } from './confirm-refusals-new';
import type { PreparedVendorBet } from './place-vendor-bet';
import type { PreparedVendorWin } from './settle-vendor-win';
import {
  type NamedVendorTransaction,
  refusalOfBet,
  refusalOfWin,
  roundStateOf,
  type VendorRoundColumns,
  type VendorRoundState,
} from './vendor-bet-state';
import { VendorError } from './vendor-error';
import { recordSettledRoundFacts, type SettledRoundColumns } from './vendor-round';
import { answerRepeat, okAnswer, type StoredVendorTransaction } from './vendor-transactions';

/** A bet or a win after its per-call checks, ready for the batch. */
export type PreparedVendorCall = PreparedVendorBet | PreparedVendorWin;

/** What one call of a batch gets: its answer, or the vendor error it is refused with. */
export type VendorBatchOutcome = { response: VendorResponse } | { error: VendorError };

/** Rows as one jsonb parameter (bigints as strings): one bind whatever the batch size, on both drivers. */
function jsonRows(rows: readonly Record<string, unknown>[]): SQL {
  return sql`${JSON.stringify(rows, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}::jsonb`;
}

/** Per call of the batch, while it is settled. */
interface Slot {
  call: PreparedVendorCall;
  /** Nothing was stored under its transaction id: its row is written once, at the end. */
  isNew?: boolean;
  round?: VendorRoundState;
  /** This batch inserted the round (a refused bet takes it away again). */
  openedRound?: boolean;
  outcome?: VendorBatchOutcome;
  transferId?: number | null;
  /** The player's available balance (cash minus holds) right after this call. */
  available?: bigint;
}

/**
 * One group commit of vendor bets and wins (docs/ledger.md, "Group commit for vendor calls"):
 * one transaction, a fixed number of set-based statements whatever the number of calls, one
 * COMMIT. The batcher guarantees that a vendor transaction id and a vendor round appear at most
 * once per batch. Steps:
 *  1. one statement finds the transaction ids stored before and opens the rounds of the bets
 *     with a new id, each with its bet's totals already in it (its final row, unless refused);
 *  2. one statement locks the stored rows of ids seen before (answered exactly as the lone path
 *     does, `answerRepeat`) and of the bets the wins name, the other rounds (FOR UPDATE, id order)
 *     and then the players' cash rows (the wallet's leg locks, leg-locks.ts); every call is checked
 *     against its round and named bet (vendor-bet-state.ts) and refused ones marked;
 *  3. walk the calls in arrival order over the locked cash rows with the wallet's guard
 *     (`LockedLegs.tryMove`), and refuse the bets that fail it with the real balance;
 *  4. post the surviving money legs with `postKeyedBulkTransfer` and the same locks against each
 *     counter account (VENDOR_CLEARING:<vendor>, or TRIAL_ISSUER), one transfer per call by key;
 *  5. one statement adds the totals of the other rounds, inserts each answered call's final row
 *     (in id order) and deletes the rounds refused bets opened.
 * A refused call leaves nothing behind, as on the lone path. A new id stored meanwhile by another
 * transaction fails the INSERT (or the ledger's key, or confirm-refusals-new.ts): like any other
 * error, the batch rolls back and each call is replayed alone, a duplicate answered as a repeat.
 */
export async function settleVendorBatch(db: Db, calls: readonly PreparedVendorCall[]): Promise<VendorBatchOutcome[]> {
  const slots: Slot[] = calls.map((call) => ({ call }));
  await leanTransaction(db, async (tx) => {
    const rounds = await findAndOpen(tx, slots);
    const tracked = new Set<number>();
    const locks = await lockKnown(tx, slots, rounds, tracked);
    await moveMoney(tx, slots, locks, tracked);
    await confirmRefusalsNew(tx, slots);
    await finishCalls(tx, slots);
  });
  return slots.map((slot) => {
    if (!slot.outcome) throw new Error('vendor batch: a call was left without an answer');
    return slot.outcome;
  });
}

const refuse = (slot: Slot, error: VendorError) => {
  slot.outcome = { error };
};
const isLive = (slot: Slot) => slot.outcome === undefined;

const keyOf = (vendorId: number, text: string) => `${vendorId}:${text}`;
const transactionKeyOf = (slot: Slot) => keyOf(slot.call.call.vendor.vendorId, slot.call.request.transactionUuid);
const roundKeyOf = (slot: Slot) => keyOf(slot.call.call.vendor.vendorId, slot.call.request.roundId);

/** The columns of a call's vendor_transactions row known before it is answered. */
const callRow = (call: PreparedVendorCall) => ({
  merchant_id: call.session.merchantId,
  vendor_id: call.call.vendor.vendorId,
  transaction_id: call.request.transactionUuid,
  kind: call.kind,
  member_id: call.session.memberId,
  amount: call.amount,
  request_hash: call.requestHash,
  reference_id: call.kind === 'WIN' ? (call.request.referenceTransactionUuid ?? null) : null,
});

/**
 * One statement: find the transaction ids stored before, and open the round of every bet with a new id (round order)
 * with the bet in it (total, count; closed if the bet closes it), returned as before the bet (OPEN, no bets) for the checks;
 * finishCalls deletes it if the bet is refused. Invisible to others until commit; a concurrent insert of it waits on the unique index.
 */
async function findAndOpen(tx: Tx, slots: Slot[]): Promise<Map<string, VendorRoundState>> {
  const input = slots
    .map(({ call }) => ({
      ...callRow(call),
      closes: call.request.isRoundClosed === true,
      game_id: call.session.gameId,
      game_type: call.session.gameType,
      vendor_round_id: call.request.roundId,
      currency: call.session.currency,
      is_trial: call.session.isTrial,
      opened_at: call.call.now.toISOString(),
    }))
    .sort((left, right) => left.vendor_id - right.vendor_id || (left.vendor_round_id < right.vendor_round_id ? -1 : 1));
  const rows = rowsOf<VendorRoundColumns & { what: string; vendor_id: unknown; key: string }>(
    await executePrepared(
      tx,
      'vendor_batch_open',
      sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${jsonRows(input)}) AS c(merchant_id bigint, vendor_id integer, transaction_id text, kind text,
               member_id bigint, amount bigint, closes boolean, game_id bigint, game_type text, vendor_round_id text, currency text,
               is_trial boolean, opened_at timestamptz)),
      known AS (
        SELECT v.vendor_id, v.vendor_transaction_id
          FROM vendor_transactions v JOIN input i ON v.vendor_id = i.vendor_id AND v.vendor_transaction_id = i.transaction_id),
      opened AS (
        INSERT INTO game_rounds (merchant_id, member_id, vendor_id, game_id, game_type, vendor_round_id, currency, is_trial, opened_at,
                                 bet_total, bet_count, status, closed_at)
        SELECT i.merchant_id, i.member_id, i.vendor_id, i.game_id, i.game_type, i.vendor_round_id, i.currency, i.is_trial, i.opened_at,
               i.amount, 1, CASE WHEN i.closes THEN 'CLOSED' ELSE 'OPEN' END, CASE WHEN i.closes THEN i.opened_at END
          FROM input i
         WHERE i.kind = 'BET'
           AND NOT EXISTS (SELECT 1 FROM known k WHERE k.vendor_id = i.vendor_id AND k.vendor_transaction_id = i.transaction_id)
         ORDER BY i.vendor_id, i.vendor_round_id
        ON CONFLICT (vendor_id, vendor_round_id) DO NOTHING
        RETURNING id, vendor_id, vendor_round_id, member_id, game_id, is_trial)
      SELECT 'known' AS what, NULL::bigint AS id, vendor_id, vendor_transaction_id AS key, NULL::bigint AS member_id,
             NULL::bigint AS game_id, NULL::text AS status, NULL::boolean AS is_trial, NULL::integer AS bet_count,
             NULL::bigint AS payout_total, NULL::timestamptz AS settled_at FROM known
      UNION ALL
      SELECT 'round', id, vendor_id, vendor_round_id, member_id, game_id, 'OPEN', is_trial, 0, 0, NULL FROM opened`,
    ),
  );
  const known = new Set<string>();
  const opened = new Map<string, VendorRoundState>();
  for (const row of rows) {
    const key = keyOf(toNumber(row.vendor_id), row.key);
    if (row.what === 'known') known.add(key);
    else opened.set(key, roundStateOf(row));
  }
  for (const slot of slots) {
    slot.isNew = !known.has(transactionKeyOf(slot));
    if (slot.isNew && slot.call.kind === 'BET' && opened.has(roundKeyOf(slot))) slot.openedRound = true;
  }
  return opened;
}

/** The vendor transaction id a win names (`referenceTransactionUuid`), if any. */
const namedIdOf = (slot: Slot): string | undefined => (slot.call.kind === 'WIN' ? slot.call.request.referenceTransactionUuid : undefined);

/**
 * One statement (when needed): the stored rows of ids seen before (committed) and of the bets the
 * wins name, every round not opened above, and the players' cash rows, all locked. A row it waited
 * for is read as committed: a rollback of the named bet that committed first is seen here. Then
 * every call is checked against its round and named bet (vendor-bet-state.ts), refusals marked.
 */
async function lockKnown(tx: Tx, slots: Slot[], rounds: Map<string, VendorRoundState>, tracked: Set<number>): Promise<LockedLegs> {
  const repeats = slots.filter((slot) => !slot.isNew);
  const toLock = slots.filter((slot) => slot.isNew && !rounds.has(roundKeyOf(slot)));
  // Stored rows to read: the repeats' own ids and the bets named by wins that own their id.
  const known = new Map<string, { vendor_id: number; transaction_id: string }>();
  for (const slot of repeats)
    known.set(transactionKeyOf(slot), { vendor_id: slot.call.call.vendor.vendorId, transaction_id: slot.call.request.transactionUuid });
  for (const slot of slots) {
    const named = namedIdOf(slot);
    if (!slot.isNew || named === undefined) continue;
    const vendorId = slot.call.call.vendor.vendorId;
    known.set(keyOf(vendorId, named), { vendor_id: vendorId, transaction_id: named });
  }
  // The cash rows of every call that owns its id (a superset of those that will move).
  const cashIds = [...new Set(slots.filter((slot) => slot.isNew).map((slot) => slot.call.session.cashAccountId))].sort(
    (left, right) => left - right,
  );
  // Real-money players' rg_state rows (issue 17), locked after the cash rows; `tracked` names them.
  const playerIds = [...new Set(slots.filter((slot) => slot.isNew).map((slot) => slot.call.session.memberId))];
  const cash: LegLockRow[] = [];
  const storedOf = new Map<string, StoredRow>();
  if (known.size > 0 || toLock.length > 0 || cashIds.length > 0) {
    const rows = rowsOf<
      VendorRoundColumns &
        StoredRow & {
          what: string;
          vendor_id: unknown;
          key: string;
          balance: unknown;
          held: unknown;
          allows_negative: unknown;
        }
    >(
      await executePrepared(
        tx,
        'vendor_batch_lock',
        sql`
        WITH stored AS (
          SELECT v.vendor_id, v.vendor_transaction_id, v.kind, v.request_hash, v.rolled_back_at, v.response, v.member_id, v.round_id
            FROM vendor_transactions v
            JOIN jsonb_to_recordset(${jsonRows([...known.values()])}) AS r(vendor_id integer, transaction_id text)
              ON v.vendor_id = r.vendor_id AND v.vendor_transaction_id = r.transaction_id
           ORDER BY v.id
             FOR UPDATE OF v),
        locked AS (
          SELECT g.id, g.vendor_id, g.vendor_round_id, g.member_id, g.game_id, g.status, g.is_trial, g.bet_count, g.payout_total,
                 g.settled_at
            FROM game_rounds g
            JOIN jsonb_to_recordset(${jsonRows(
              toLock.map((slot) => ({ vendor_id: slot.call.call.vendor.vendorId, round_id: slot.call.request.roundId })),
            )}) AS r(vendor_id integer, round_id text)
              ON g.vendor_id = r.vendor_id AND g.vendor_round_id = r.round_id
           ORDER BY g.id
             FOR UPDATE OF g),
        cash AS (${legLockQuery(cashIds)}),
        rg AS (${lockTrackedMembersSql(playerIds)})
        -- Read (and so locked) in this order: stored rows, rounds, then cash rows in ascending id
        -- (a rollback locks its bet, then the round: the same order).
        SELECT 'stored' AS what, vendor_id, vendor_transaction_id AS key, kind, request_hash, rolled_back_at, response,
               round_id AS round_ref, NULL::bigint AS id, member_id, NULL::bigint AS game_id, NULL::text AS status,
               NULL::boolean AS is_trial, NULL::integer AS bet_count, NULL::bigint AS payout_total, NULL::timestamptz AS settled_at,
               NULL::bigint AS balance, NULL::bigint AS held, NULL::boolean AS allows_negative FROM stored
        UNION ALL
        SELECT 'round', vendor_id, vendor_round_id, NULL, NULL, NULL, NULL, NULL, id, member_id, game_id, status, is_trial, bet_count,
               payout_total, settled_at, NULL, NULL, NULL FROM locked
        UNION ALL
        SELECT 'cash', NULL, NULL, NULL, NULL, NULL, NULL, NULL, id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, balance, held,
               allows_negative FROM cash
        UNION ALL
        SELECT 'rg', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, member_id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
          FROM rg`,
      ),
    );
    for (const row of rows) {
      if (row.what === 'cash') {
        cash.push(row);
        continue;
      }
      if (row.what === 'rg') tracked.add(toNumber(row.member_id));
      if (row.what === 'rg') continue;
      const key = keyOf(toNumber(row.vendor_id), row.key);
      if (row.what === 'stored') storedOf.set(key, row);
      else rounds.set(key, roundStateOf(row));
    }
    for (const slot of repeats) {
      const row = storedOf.get(transactionKeyOf(slot));
      if (!row) throw new Error('vendor transaction conflicted but was not found');
      const existing: StoredVendorTransaction = {
        kind: row.kind,
        requestHash: row.request_hash,
        rolledBackAt: row.rolled_back_at === null ? null : new Date(String(row.rolled_back_at)),
        response: (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as Record<string, unknown> | null,
      };
      try {
        slot.outcome = { response: answerRepeat(existing, slot.call.requestHash, slot.call.request.requestUuid) };
      } catch (error) {
        if (!(error instanceof VendorError)) throw error;
        refuse(slot, error);
      }
    }
  }

  // The same rules as the one-call paths (vendor-bet-state.ts); a refused call writes no row (finishCalls).
  for (const slot of slots) {
    if (!isLive(slot)) continue;
    const { call } = slot;
    const round = rounds.get(roundKeyOf(slot));
    let refusal: VendorError | null;
    if (call.kind === 'BET') {
      refusal = refusalOfBet(call.session, round);
    } else {
      const named = namedIdOf(slot);
      const row = named === undefined ? undefined : storedOf.get(keyOf(call.call.vendor.vendorId, named));
      refusal = refusalOfWin(call.session, round, { isGiven: named !== undefined, named: row ? namedOf(row) : undefined });
    }
    if (refusal) refuse(slot, refusal);
    slot.round = round;
  }
  return lockedLegsOf(tx, cash);
}

/** A stored vendor transaction as the lock statement reads it. */
interface StoredRow {
  kind: string;
  request_hash: string;
  rolled_back_at: unknown;
  response: unknown;
  member_id: unknown;
  round_ref: unknown;
}

function namedOf(row: StoredRow): NamedVendorTransaction {
  return {
    kind: row.kind,
    memberId: toNumber(row.member_id),
    roundId: row.round_ref === null || row.round_ref === undefined ? null : toNumber(row.round_ref),
    isRolledBack: row.rolled_back_at !== null && row.rolled_back_at !== undefined,
  };
}

async function moveMoney(tx: Tx, slots: Slot[], locks: LockedLegs, tracked: ReadonlySet<number>): Promise<void> {
  const live = slots.filter(isLive);
  if (live.length === 0) return;

  // The guard of postTransfer, call by call in arrival order: exactly the affordable bets pass.
  const refusedForMoney: Slot[] = [];
  for (const slot of live) {
    const { call } = slot;
    const accountId = call.session.cashAccountId;
    if (!locks.tryMove(accountId, call.kind === 'BET' ? -call.amount : call.amount)) {
      refusedForMoney.push(slot);
      continue;
    }
    slot.available = locks.available(accountId);
  }
  for (const slot of refusedForMoney) {
    const balance = locks.available(slot.call.session.cashAccountId);
    refuse(slot, new VendorError('RS_ERROR_NOT_ENOUGH_MONEY', { balance: formatAmount(balance), currency: slot.call.session.currency }));
  }

  await chargeBatchLimits(tx, live.filter(isLive), { locks, tracked, refuse });

  // One keyed bulk transfer per counter account; a zero amount moves nothing (no transfer).
  const groups = new Map<string, { merchantId: number; counterId: number; now: Date; slots: Slot[] }>();
  for (const slot of slots) {
    if (!isLive(slot) || slot.call.amount <= 0n) continue;
    const { call } = slot;
    const key = `${call.session.merchantId}:${call.counterId}`;
    const group = groups.get(key) ?? { merchantId: call.session.merchantId, counterId: call.counterId, now: call.call.now, slots: [] };
    if (call.call.now > group.now) group.now = call.call.now;
    group.slots.push(slot);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const legs: KeyedBulkLeg[] = group.slots.map(({ call, round }) => ({
      accountId: call.session.cashAccountId,
      amount: call.kind === 'BET' ? -call.amount : call.amount,
      idempotencyKey: `vendor:${call.call.vendor.code}:${call.request.transactionUuid}`,
      type: call.kind === 'BET' ? 'bet' : 'payout',
      reference: { kind: 'vendor_round', id: String(round!.id) },
      metadata: { vendor: call.call.vendor.code, round: call.request.roundId, game: call.request.gameCode },
    }));
    // The wallet locked the cash rows above, before any counter account: with its handle the
    // ledger skips its own lock statements, takes the accounts' fixed attributes from the app's
    // cache, and (all keys new, a free counter shard) posts everything in one statement.
    const posted = await postKeyedBulkTransferInTransaction(
      tx,
      { merchantId: group.merchantId, counterAccountId: group.counterId, legs },
      group.now,
      { accountCache: group.slots[0]!.call.call.directory.accounts, locks },
    );
    posted.forEach((leg, index) => {
      const slot = group.slots[index]!;
      slot.transferId = leg.transferId;
      // The ledger's own chain is the truth for the answer (the same figure as the walk above).
      if (leg.balanceAfter !== null && leg.held !== null) slot.available = leg.balanceAfter - leg.held;
    });
  }
}

async function finishCalls(tx: Tx, slots: Slot[]): Promise<void> {
  const answers: Record<string, unknown>[] = [];
  const totals: Record<string, unknown>[] = [];
  for (const slot of slots) {
    if (!isLive(slot)) continue;
    const { call } = slot;
    const round = slot.round!;
    const response: VendorResponse = { ...okAnswer(call.request, call.session), balance: formatAmount(slot.available ?? 0n) };
    slot.outcome = { response };
    answers.push({ ...callRow(call), round_id: round.id, transfer_id: slot.transferId ?? null, response });
    if (slot.openedRound) continue; // findAndOpen wrote the bet into its round
    const isBet = call.kind === 'BET';
    const close = isBet ? call.request.isRoundClosed === true : call.request.isRoundClosed === true && round.status === 'OPEN';
    totals.push({
      id: round.id,
      bet: isBet ? call.amount : 0n,
      bets: isBet ? 1 : 0,
      payout: isBet ? 0n : call.amount,
      close,
      // A win that closes the round settles it (vendor-bet-state.ts), also one a bet had closed.
      settle: !isBet && call.request.isRoundClosed === true,
      closed_at: call.call.now.toISOString(),
    });
  }
  // Refused calls leave nothing: they wrote no row, and a round this batch opened for them goes.
  const refusedRounds = slots.filter((slot) => slot.openedRound && slot.round && !isLive(slot) && 'error' in slot.outcome!);
  if (answers.length === 0 && refusedRounds.length === 0) return;
  const settled = rowsOf<SettledRoundColumns>(
    await executePrepared(
      tx,
      'vendor_batch_finish',
      sql`
    WITH totals AS (
      UPDATE game_rounds g
         SET bet_total = g.bet_total + t.bet, bet_count = g.bet_count + t.bets, payout_total = g.payout_total + t.payout,
             status = CASE WHEN t.close THEN 'CLOSED' ELSE g.status END,
             closed_at = CASE WHEN t.close THEN t.closed_at ELSE g.closed_at END,
             settled_at = CASE WHEN t.settle THEN t.closed_at ELSE g.settled_at END
        FROM jsonb_to_recordset(${jsonRows(totals)}) AS t(id bigint, bet bigint, bets integer, payout bigint, close boolean,
             settle boolean, closed_at timestamptz)
       WHERE g.id = t.id
      RETURNING g.id, g.merchant_id, g.member_id, g.game_type, g.bet_total, g.payout_total, g.is_trial, g.settled_at, t.settle),
    answered AS (
      -- No ON CONFLICT: an id stored meanwhile by another transaction fails the batch (replayed alone).
      INSERT INTO vendor_transactions (merchant_id, vendor_id, vendor_transaction_id, kind, member_id, amount, request_hash,
                                       reference_transaction_id, round_id, ledger_transfer_id, response)
      SELECT a.merchant_id, a.vendor_id, a.transaction_id, a.kind, a.member_id, a.amount, a.request_hash, a.reference_id, a.round_id,
             a.transfer_id, a.response
        FROM jsonb_to_recordset(${jsonRows(answers)}) AS a(merchant_id bigint, vendor_id integer, transaction_id text, kind text,
             member_id bigint, amount bigint, request_hash text, reference_id text, round_id bigint, transfer_id bigint, response jsonb)
       ORDER BY a.vendor_id, a.transaction_id
      RETURNING id),
    dropped AS (
      DELETE FROM game_rounds
       WHERE id IN (SELECT jsonb_array_elements_text(${JSON.stringify(refusedRounds.map((slot) => slot.round!.id))}::jsonb)::bigint)
      RETURNING id)
    -- (Every data-modifying WITH part runs exactly once, read or not.) The rounds this batch
    -- settled come back: their facts (modules/facts) commit with the batch, one INSERT for all.
    SELECT id, merchant_id, member_id, game_type, bet_total, payout_total, is_trial, settled_at FROM totals WHERE settle`,
    ),
  );
  await recordSettledRoundFacts(tx, settled);
}
