import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db';
import { executePrepared } from '../../platform/prepared-statement';
import { rowsOf, toNumber } from '../../platform/sql-values';
import { promotionMaxBetSql } from '../promotions/index';
import { lockRgStateSql } from '../responsible-gambling/index';
import { type FoldedKeyedPosting, type LegLockRow, legLockQuery } from '../wallet/index';
import type { StoredSlotOutcome } from './present-slot-round';

/*
 * The paid spin's two statements (spin-slot.ts; issue 16: ~30 statements per spin before, each a
 * round trip and a Drizzle query build). The first locks and reads what the outcome needs, the
 * second writes everything the outcome decides. Other modules' tables are written by the SQL
 * their faces hand over (the wallet's posting, vendor-wallet's game round, the facts queue, the
 * responsible-gambling counters), placed here as WITH parts.
 */

/** The seed columns a spin uses (ACTIVE and NEXT rows of the member's SLOTS pair). */
export interface SpinSeed {
  id: number;
  status: string;
  commitment: string;
  clientSeed: string | null;
  serverSeedHex: string | null;
  serverSeedSealed: string | null;
  nextNonce: number;
}

export interface SpinLocks {
  /** ACTIVE and NEXT, in id order; fewer for a member who has never played (the caller creates them). */
  seeds: SpinSeed[];
  /** The round already played under this key, if any (as this statement's snapshot saw it). */
  previousRoundId: number | null;
  /** The member's account row, locked: for the wallet's LockedLegs. */
  cash: LegLockRow[];
  /** The member's rg_state row with limits, locked, or null (none, or a trial player). */
  rg: unknown;
  /** The smallest active promotion max bet (minor units as text), or null. */
  maxBet: string | null;
  /** The new round's id, taken from its sequence now so the ledger keys can name it. */
  roundId: number;
  /** The caller's session state (`session` given: platform's SessionCheck), else undefined. */
  session: unknown;
}

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * One statement, locks in the spin's order: the seed pair (a retry racing its original waits
 * here), the round under the key, the member's account row (the wallet's lock statement), then
 * rg_state (ledger first, then rg_state, as every money path). Uncorrelated subqueries of the
 * one select run in the order written. With `session` (platform's SessionCheck: the route's
 * session read folded in, issue 16 item 1) it also answers the caller's session state, which
 * the caller checks before using anything else.
 */
export async function lockSpin(
  tx: Tx,
  input: { merchantId: number; memberId: number; memberAccountId: number; isTrial: boolean; idempotencyKey: string; session?: SQL },
): Promise<SpinLocks> {
  const rg = input.isTrial ? sql`SELECT NULL::integer AS none WHERE false` : lockRgStateSql(input);
  const maxBet = input.isTrial ? sql`NULL::text` : promotionMaxBetSql(sql`${input.memberId}::integer`);
  const session = input.session ? sql`, ${input.session} AS session` : sql``;
  const [row] = rowsOf<{
    seeds: unknown;
    previous: unknown;
    cash: unknown;
    rg: unknown;
    max_bet: string | null;
    round_id: unknown;
    session?: unknown;
  }>(
    await executePrepared(
      tx,
      'slot_spin_lock',
      sql`
      WITH seeds AS (
        SELECT id, status, commitment, client_seed, server_seed_hex, server_seed_sealed, next_nonce FROM fairness_seeds
         WHERE member_id = ${input.memberId} AND family = 'SLOTS' AND status IN ('ACTIVE', 'NEXT')
         ORDER BY id FOR UPDATE),
      previous AS (SELECT id FROM slot_rounds WHERE member_id = ${input.memberId} AND idempotency_key = ${input.idempotencyKey}),
      cash AS (${legLockQuery([input.memberAccountId])}),
      rg AS (${rg})
      SELECT (SELECT json_agg(seeds ORDER BY id) FROM seeds) AS seeds,
             (SELECT id FROM previous) AS previous,
             (SELECT json_agg(json_build_object('id', id, 'balance', balance::text, 'held', held::text, 'allows_negative', allows_negative))
                FROM cash) AS cash,
             (SELECT row_to_json(rg) FROM rg) AS rg,
             ${maxBet} AS max_bet,
             ${nextRoundIdSql} AS round_id${session}`,
    ),
  );
  if (!row) throw new Error('spin locks: no answer');
  const seeds = (parsed<Record<string, unknown>[] | null>(row.seeds) ?? []).map((seed) => ({
    id: toNumber(seed.id),
    status: String(seed.status),
    commitment: String(seed.commitment),
    clientSeed: (seed.client_seed as string | null) ?? null,
    serverSeedHex: (seed.server_seed_hex as string | null) ?? null,
    serverSeedSealed: (seed.server_seed_sealed as string | null) ?? null,
    nextNonce: toNumber(seed.next_nonce),
  }));
  return {
    seeds,
    previousRoundId: row.previous === null || row.previous === undefined ? null : toNumber(row.previous),
    cash: parsed<LegLockRow[] | null>(row.cash) ?? [],
    rg: parsed<unknown>(row.rg) ?? null,
    maxBet: row.max_bet ?? null,
    roundId: toNumber(row.round_id),
    session: input.session ? (parsed<unknown>(row.session) ?? null) : undefined,
  };
}

/** The round row as the spin writes it (the ledger's transfer ids come from the same statement). */
export interface SpinRoundValues {
  id: number;
  merchantId: number;
  memberId: number;
  titleId: string;
  idempotencyKey: string;
  seedId: number;
  nonce: number;
  clientSeed: string;
  totalBetMinor: bigint;
  totalPayoutMinor: bigint;
  isCapped: boolean;
  isTrial: boolean;
  currency: string;
  freeSpinCount: number;
  outcome: StoredSlotOutcome;
  playedAt: Date;
  betKey: string;
  payoutKey: string | null;
}

/**
 * The round's WITH parts (after the posting's): the nonce, the round row (its transfer ids from the
 * posting), its game round and fact, the responsible-gambling counters. `gate` (a boolean SQL
 * naming no column): the nonce moves only when it holds.
 */
export function spinWriteParts(input: {
  posting: FoldedKeyedPosting;
  round: SpinRoundValues;
  gameRound: SQL;
  rgCounting: SQL | null;
  gate?: SQL;
}): SQL {
  const { posting, round } = input;
  const payoutTransfer = round.payoutKey === null ? sql`NULL::bigint` : posting.transferIdSql(round.payoutKey);
  return sql`
      spin_nonce AS (UPDATE fairness_seeds SET next_nonce = ${round.nonce + 1} WHERE id = ${round.seedId}${input.gate ? sql` AND ${input.gate}` : sql``} RETURNING id),
      spin_round AS (
        INSERT INTO slot_rounds (id, merchant_id, member_id, title_id, idempotency_key, seed_id, nonce, client_seed, total_bet_minor,
          total_payout_minor, is_capped, is_trial, currency, free_spin_count, outcome, bet_transfer_id, payout_transfer_id, played_at)
        VALUES (${round.id}, ${round.merchantId}, ${round.memberId}, ${round.titleId}, ${round.idempotencyKey}, ${round.seedId},
          ${round.nonce}, ${round.clientSeed}, ${String(round.totalBetMinor)}::bigint, ${String(round.totalPayoutMinor)}::bigint,
          ${round.isCapped}, ${round.isTrial}, ${round.currency}, ${round.freeSpinCount}, ${JSON.stringify(round.outcome)}::jsonb,
          ${posting.transferIdSql(round.betKey)}, ${payoutTransfer}, ${round.playedAt.toISOString()}::timestamptz)
        RETURNING id),
      ${input.gameRound}${input.rgCounting ? sql`, ${input.rgCounting}` : sql``}`;
}

/** A new slot round id, from its sequence (a scalar SQL expression). */
export const nextRoundIdSql = sql`nextval(pg_get_serial_sequence('slot_rounds', 'id'))`;

/**
 * One statement: the ledger posting (bet and payout legs) and spinWriteParts. A second round
 * under the same key fails on slot_rounds_member_key (the caller replays). Also takes the id of
 * the member's next round (the one-statement path's, spin-slot-fast.ts).
 */
export async function writeSpin(
  tx: Tx,
  input: { posting: FoldedKeyedPosting; round: SpinRoundValues; gameRound: SQL; rgCounting: SQL | null },
): Promise<{ ledger: unknown; nextRoundId: number }> {
  const [row] = rowsOf<{ ledger: unknown; rounds: unknown; nonces: unknown; next_round_id: unknown }>(
    await executePrepared(
      tx,
      'slot_spin_write',
      sql`
      WITH ${input.posting.parts}, ${spinWriteParts(input)}
      SELECT ${input.posting.answerSql} AS ledger, (SELECT count(*) FROM spin_round) AS rounds, (SELECT count(*) FROM spin_nonce) AS nonces,
             ${nextRoundIdSql} AS next_round_id`,
    ),
  );
  if (!row || toNumber(row.rounds) !== 1 || toNumber(row.nonces) !== 1) throw new Error('slot round not written');
  return { ledger: row.ledger, nextRoundId: toNumber(row.next_round_id) };
}
