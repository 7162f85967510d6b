import { type SQL, sql } from 'drizzle-orm';
import { agentMemberPlayHours, agentTeamPlayHours } from '../../db/schema/agent';
import type { DbOrTx, Tx } from '../../platform/db';
import { rowsOf, toBigInt } from '../../platform/sql-values';
import type { Fact, FactEngine } from '../facts/index';
import { teamClosureRelation } from '../member/index';
import { addFactsToActiveDays } from './team-active-days';

/*
 * The agent reports' rollups (issue 16 item 4): each member's own play, deposits and withdrawals
 * per UTC hour and game type, and the same summed over each team (every ancestor of the member,
 * itself included), kept by a fact engine from the facts the loyalty engines consume and the
 * approved-withdrawal facts they do not (this engine's kinds). Exactly once by
 * the consumer's atomicity (docs/ARCHITECTURE.md "Facts"): the rows change in the transaction
 * that deletes the facts. A report then sums a few dozen team rows instead of joining the whole
 * subtree to its raw rounds and cashier requests.
 *
 * Lag: a fact is applied ~0.2-2 s after its money moved, so the reports (team overview,
 * profit and loss) may trail by that much; that is fine for reports. Settlement does not read
 * these: it pays money on exact figures and reads the settled rounds of its window
 * (team-performance.ts). A period must start and end on whole UTC hours (the merchant's local
 * days do, for whole-hour offsets); otherwise the caller reads the raw rounds.
 */

const HOUR_MS = 3_600_000;

export function isOnWholeHours(from: Date, to: Date): boolean {
  return from.getTime() % HOUR_MS === 0 && to.getTime() % HOUR_MS === 0;
}

interface Bucket {
  memberId: number;
  hour: Date;
  gameType: string;
  validBet: bigint;
  payout: bigint;
  rounds: number;
  maxBet: bigint;
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  withdrawalCount: number;
}

function array(values: readonly (string | number)[], type: string): SQL {
  if (values.length === 0) return sql.raw(`ARRAY[]::${type}[]`);
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;
}

/** The member rows' columns as the batch sends them (one array parameter each): name, SQL type, a bucket's value. */
const BUCKET_COLUMNS: readonly (readonly [string, string, (row: Bucket) => string | number])[] = [
  ['member_id', 'bigint', (row) => row.memberId],
  ['hour', 'timestamptz', (row) => row.hour.toISOString()],
  ['game_type', 'text', (row) => row.gameType],
  ['valid_bet', 'bigint', (row) => row.validBet.toString()],
  ['payout', 'bigint', (row) => row.payout.toString()],
  ['rounds', 'int', (row) => row.rounds],
  ['max_bet', 'bigint', (row) => row.maxBet.toString()],
  ['deposits', 'bigint', (row) => row.deposits.toString()],
  ['deposit_count', 'int', (row) => row.depositCount],
  ['withdrawals', 'bigint', (row) => row.withdrawals.toString()],
  ['withdrawal_count', 'int', (row) => row.withdrawalCount],
];

/** Adds a batch of facts to the member and team rollups: two statements, rows in key order (no deadlock between batches). */
export async function addFactsToTeamRollups(tx: Tx, facts: readonly Fact[]): Promise<void> {
  const buckets = new Map<string, Bucket>();
  for (const fact of facts) {
    const hour = new Date(Math.floor(fact.occurredAt.getTime() / HOUR_MS) * HOUR_MS);
    const gameType = fact.kind === 'ROUND' ? (fact.gameType ?? '') : '';
    const key = `${fact.memberId}|${hour.getTime()}|${gameType}`;
    const bucket = buckets.get(key) ?? {
      memberId: fact.memberId,
      hour,
      gameType,
      validBet: 0n,
      payout: 0n,
      rounds: 0,
      maxBet: 0n,
      deposits: 0n,
      depositCount: 0,
      withdrawals: 0n,
      withdrawalCount: 0,
    };
    if (fact.kind === 'DEPOSIT') {
      bucket.deposits += fact.amount;
      bucket.depositCount += 1;
    } else if (fact.kind === 'WITHDRAWAL') {
      bucket.withdrawals += fact.amount;
      bucket.withdrawalCount += 1;
    } else {
      bucket.validBet += fact.amount;
      bucket.payout += fact.payout;
      bucket.rounds += 1;
      if (fact.amount > bucket.maxBet) bucket.maxBet = fact.amount;
    }
    buckets.set(key, bucket);
  }
  if (buckets.size === 0) return;
  const rows = [...buckets.values()];
  const m = agentMemberPlayHours;
  const team = agentTeamPlayHours;
  await tx.execute(sql`
    WITH v AS (
      SELECT * FROM unnest(${sql.join(
        BUCKET_COLUMNS.map(([, type, read]) => array(rows.map(read), type)),
        sql`, `,
      )}) AS v(${sql.raw(BUCKET_COLUMNS.map(([name]) => name).join(', '))})
    ), own AS (
      INSERT INTO ${m} (member_id, hour, game_type, valid_bet, payout, rounds, max_bet, deposits, deposit_count, withdrawals, withdrawal_count)
      SELECT * FROM v ORDER BY member_id, hour, game_type
      ON CONFLICT (member_id, hour, game_type) DO UPDATE SET
        valid_bet = ${m}.valid_bet + excluded.valid_bet,
        payout = ${m}.payout + excluded.payout,
        rounds = ${m}.rounds + excluded.rounds,
        max_bet = greatest(${m}.max_bet, excluded.max_bet),
        deposits = ${m}.deposits + excluded.deposits,
        deposit_count = ${m}.deposit_count + excluded.deposit_count,
        withdrawals = ${m}.withdrawals + excluded.withdrawals,
        withdrawal_count = ${m}.withdrawal_count + excluded.withdrawal_count
      RETURNING 1
    )
    INSERT INTO ${team} (ancestor_id, hour, game_type, valid_bet, payout, rounds, deposits, deposit_count, withdrawals, withdrawal_count)
    SELECT t.ancestor_id, v.hour, v.game_type, sum(v.valid_bet), sum(v.payout), sum(v.rounds), sum(v.deposits), sum(v.deposit_count),
           sum(v.withdrawals), sum(v.withdrawal_count)
      FROM v JOIN ${teamClosureRelation()} t ON t.descendant_id = v.member_id
     GROUP BY t.ancestor_id, v.hour, v.game_type
     ORDER BY t.ancestor_id, v.hour, v.game_type
    ON CONFLICT (ancestor_id, hour, game_type) DO UPDATE SET
      valid_bet = ${team}.valid_bet + excluded.valid_bet,
      payout = ${team}.payout + excluded.payout,
      rounds = ${team}.rounds + excluded.rounds,
      deposits = ${team}.deposits + excluded.deposits,
      deposit_count = ${team}.deposit_count + excluded.deposit_count,
      withdrawals = ${team}.withdrawals + excluded.withdrawals,
      withdrawal_count = ${team}.withdrawal_count + excluded.withdrawal_count`);
}

/** The agent's fact engine: the report rollups (hours, and the active days of team-active-days.ts); withdrawals too. */
export const teamRollupsEngine: FactEngine = {
  name: 'agent.team-rollups',
  kinds: ['ROUND', 'DEPOSIT', 'WITHDRAWAL'],
  apply: async (tx, facts) => {
    await addFactsToTeamRollups(tx, facts);
    await addFactsToActiveDays(tx, facts);
  },
};

export interface RollupFigures {
  validBet: bigint;
  payout: bigint;
  rounds: number;
  deposits: bigint;
  depositCount: number;
  withdrawals: bigint;
  withdrawalCount: number;
}

const ZERO: RollupFigures = { validBet: 0n, payout: 0n, rounds: 0, deposits: 0n, depositCount: 0, withdrawals: 0n, withdrawalCount: 0 };

type RollupRow = {
  id: string | number;
  valid_bet: string;
  payout: string;
  rounds: number;
  deposits: string;
  deposit_count: number;
  withdrawals: string;
  withdrawal_count: number;
};

function figuresOf(row: RollupRow | undefined): RollupFigures {
  if (!row) return { ...ZERO };
  return {
    validBet: toBigInt(row.valid_bet),
    payout: toBigInt(row.payout),
    rounds: Number(row.rounds),
    deposits: toBigInt(row.deposits),
    depositCount: Number(row.deposit_count),
    withdrawals: toBigInt(row.withdrawals),
    withdrawalCount: Number(row.withdrawal_count),
  };
}

const FIGURES_SQL = sql.raw(`sum(valid_bet)::text AS valid_bet, sum(payout)::text AS payout, sum(rounds)::int AS rounds,
             sum(deposits)::text AS deposits, sum(deposit_count)::int AS deposit_count,
             sum(withdrawals)::text AS withdrawals, sum(withdrawal_count)::int AS withdrawal_count`);

/** Each root's team (itself included) over [from, to), from the team rollup: a few rows per hour per root. */
export function readTeamRollups(db: DbOrTx, input: { rootIds: number[]; from: Date; to: Date }): Promise<Map<number, RollupFigures>> {
  return readRollups(db, agentTeamPlayHours, 'ancestor_id', input.rootIds, input);
}

/** Each member's own figures over [from, to), from the member rollup. */
export function readMemberRollups(db: DbOrTx, input: { memberIds: number[]; from: Date; to: Date }): Promise<Map<number, RollupFigures>> {
  return readRollups(db, agentMemberPlayHours, 'member_id', input.memberIds, input);
}

/** Each id's figures over [from, to) from a rollup keyed by `idColumn` and hour (zero for an id with no rows). */
async function readRollups(
  db: DbOrTx,
  rollup: typeof agentTeamPlayHours | typeof agentMemberPlayHours,
  idColumn: 'ancestor_id' | 'member_id',
  ids: number[],
  period: { from: Date; to: Date },
): Promise<Map<number, RollupFigures>> {
  const result = new Map<number, RollupFigures>();
  if (ids.length === 0) return result;
  const id = sql.identifier(idColumn);
  const rows = rowsOf<RollupRow>(
    await db.execute(sql`
      SELECT ${id} AS id, ${FIGURES_SQL}
        FROM ${rollup}
       WHERE ${id} = ANY(${array(ids, 'bigint')})
         AND hour >= ${period.from.toISOString()}::timestamptz AND hour < ${period.to.toISOString()}::timestamptz
       GROUP BY ${id}`),
  );
  for (const key of ids) result.set(key, figuresOf(rows.find((row) => Number(row.id) === key)));
  return result;
}

/** The team below `rootId` (depth >= minDepth): its figures, the root's own taken out when minDepth is 1. */
export async function readTeamRollup(db: DbOrTx, input: { rootId: number; from: Date; to: Date; minDepth: 0 | 1 }): Promise<RollupFigures> {
  const whole = (await readTeamRollups(db, { rootIds: [input.rootId], from: input.from, to: input.to })).get(input.rootId) ?? { ...ZERO };
  if (input.minDepth === 0) return whole;
  const own = (await readMemberRollups(db, { memberIds: [input.rootId], from: input.from, to: input.to })).get(input.rootId) ?? { ...ZERO };
  return {
    validBet: whole.validBet - own.validBet,
    payout: whole.payout - own.payout,
    rounds: whole.rounds - own.rounds,
    deposits: whole.deposits - own.deposits,
    depositCount: whole.depositCount - own.depositCount,
    withdrawals: whole.withdrawals - own.withdrawals,
    withdrawalCount: whole.withdrawalCount - own.withdrawalCount,
  };
}

/**
 * Members below `rootId` (depth >= minDepth) with a settled round staking at least `minBet` (and
 * more than zero) in [from, to): their largest round per hour is in the member rollup.
 */
export async function countActiveMembers(
  db: DbOrTx,
  input: { rootId: number; from: Date; to: Date; minDepth: number; minBet: bigint },
): Promise<number> {
  const minBet = input.minBet > 0n ? input.minBet : 1n;
  const [row] = rowsOf<{ active: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS active FROM ${teamClosureRelation()} t
       WHERE t.ancestor_id = ${input.rootId} AND t.depth >= ${input.minDepth}
         AND EXISTS (SELECT 1 FROM ${agentMemberPlayHours} p
                      WHERE p.member_id = t.descendant_id AND p.game_type <> ''
                        AND p.hour >= ${input.from.toISOString()}::timestamptz AND p.hour < ${input.to.toISOString()}::timestamptz
                        AND p.max_bet >= ${minBet.toString()}::bigint)`),
  );
  return Number(row?.active ?? 0);
}
