import type { Language } from '@kismat/contracts/languages';
import { RG_PERIODS, type RgLimitKind, type RgPeriod, rgUnitOf } from '@kismat/contracts/responsible-gambling';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { rowsOf, toBigInt } from '../../platform/sql-values';
import { excludedError, limitReachedError } from './rg-messages';
import { capOf, formatLimitValue, hourOf, periodMs, resetTimeFor, type UsageRow, usageInUnit, windowStart } from './rg-rules';

/**
 * What a money path hands over, in its own transaction: a stake (bet), a win (payout), a deposit.
 * - CHARGE: lock the member's rg_state row, refuse what would cross a limit (or any stake/deposit
 *   while excluded), count it. Bets, deposits a member makes, transfers into a member.
 * - COUNT: lock and count, never refuse (a credited deposit: the money has arrived; a win).
 * - CHECK: read only, refuse what would cross (creating a deposit order: nothing moves yet).
 */
export interface RgCharge {
  merchantId: number;
  memberId: number;
  /** Demo money is exempt. */
  isTrial?: boolean;
  stakeMinor?: bigint;
  winMinor?: bigint;
  depositMinor?: bigint;
  mode?: 'CHARGE' | 'COUNT' | 'CHECK';
  now: Date;
  /** For the refusal's message (default EN) and its time (site offset, default UTC). */
  language?: Language;
  utcOffsetMinutes?: number;
}

/** Idle gaps between bets count at most this much play time (SESSION_TIME limits). */
export const MAX_PLAY_GAP_SECONDS = 300;

interface LockedState {
  tracks_deposit: boolean;
  tracks_play: boolean;
  blocked: boolean;
  blocked_until: Date | string | null;
  return_effective_at: Date | string | null;
  session_started_at: Date | string;
  last_activity_at: Date | string | null;
  limits: { kind: RgLimitKind; period: RgPeriod; value: string }[] | null;
}

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Whether a blocked state still refuses play at `now` (no return, or its cooling-off running). */
export function isBlockedAt(state: { blocked: boolean; returnEffectiveAt: Date | null }, now: Date): boolean {
  return state.blocked && (state.returnEffectiveAt === null || now < state.returnEffectiveAt);
}

/**
 * The one responsible-gambling hook of every money path. A member without an rg_state row costs
 * this one indexed read (primary key) and writes nothing. With limits: the row lock (serialises
 * this member's money paths, so parallel bets cannot both pass a check), one aggregate over the
 * member's hourly buckets in the longest window, one statement adding the bucket and the
 * session figures. Throws RG_EXCLUDED / RG_LIMIT_REACHED (AppError, localised) to refuse.
 */
export async function chargeResponsibleGambling(tx: DbOrTx, charge: RgCharge): Promise<void> {
  if (charge.isTrial) return;
  const mode = charge.mode ?? 'CHARGE';
  const [state] = rowsOf<LockedState>(await tx.execute(rgStateSql(charge, mode !== 'CHECK')));
  const counting = await decideCharge(tx, state, charge);
  if (counting) await tx.execute(sql`WITH ${counting} SELECT 1`);
}

/**
 * The member's rg_state row with its limits, locked, as a part for a statement a money path must
 * keep to one round trip (the slot spin): its row (or none) goes to `chargeLockedState`. Put it
 * after the ledger rows in the statement (ledger first, then rg_state, as every money path).
 */
export function lockRgStateSql(member: { merchantId: number; memberId: number }): SQL {
  return rgStateSql(member, true);
}

/**
 * A boolean SQL expression: the member has no rg_state row (so `chargeLockedState` would count
 * and refuse nothing), as a statement's snapshot sees it. For a path that assumed so (the slot
 * spin's one statement) and must not write otherwise.
 */
export function noRgStateSql(member: { merchantId: number; memberId: number }): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM rg_state s WHERE s.member_id = ${member.memberId} AND s.merchant_id = ${member.merchantId})`;
}

function rgStateSql(member: { merchantId: number; memberId: number }, lock: boolean): SQL {
  return sql`
      SELECT s.tracks_deposit, s.tracks_play, s.blocked, s.blocked_until, s.return_effective_at, s.session_started_at,
             s.last_activity_at,
             (SELECT json_agg(json_build_object('kind', l.kind, 'period', l.period, 'value', l.value::text))
                FROM rg_limits l WHERE l.member_id = s.member_id) AS limits
        FROM rg_state s
       WHERE s.member_id = ${member.memberId} AND s.merchant_id = ${member.merchantId}
       ${lock ? sql`FOR UPDATE OF s` : sql``}`;
}

/**
 * `chargeResponsibleGambling` on the row `lockRgStateSql` locked in this transaction (undefined:
 * the member has none): throws the refusal (a limit crossed may cost one aggregate read), else
 * answers the WITH parts (`rg_bucket`, `rg_session`) that count the charge, for the caller's next
 * statement, or null when nothing is counted.
 */
export async function chargeLockedState(tx: DbOrTx, state: unknown, charge: RgCharge): Promise<SQL | null> {
  if (charge.isTrial) return null;
  const row = typeof state === 'string' ? (JSON.parse(state) as LockedState) : (state as LockedState | null | undefined);
  return decideCharge(tx, row ?? undefined, charge);
}

async function decideCharge(tx: DbOrTx, state: LockedState | undefined, charge: RgCharge): Promise<SQL | null> {
  if (!state) return null;
  const mode = charge.mode ?? 'CHARGE';
  const stake = charge.stakeMinor ?? 0n;
  const win = charge.winMinor ?? 0n;
  const deposit = charge.depositMinor ?? 0n;
  const { now } = charge;
  const refusing = mode !== 'COUNT' && (stake > 0n || deposit > 0n);
  const returnEffectiveAt = dateOf(state.return_effective_at);
  if (refusing && isBlockedAt({ blocked: state.blocked, returnEffectiveAt }, now)) {
    throw excludedError({ until: dateOf(state.blocked_until), language: charge.language, utcOffsetMinutes: charge.utcOffsetMinutes });
  }
  const countDeposit = state.tracks_deposit && deposit > 0n;
  const countPlay = state.tracks_play && (stake > 0n || win > 0n);
  if (!countDeposit && !countPlay) return null;

  const sessionStart = new Date(state.session_started_at);
  const lastActivity = dateOf(state.last_activity_at);
  const since = lastActivity && lastActivity > sessionStart ? lastActivity : sessionStart;
  const playedSeconds =
    countPlay && stake > 0n ? Math.max(0, Math.min(MAX_PLAY_GAP_SECONDS, Math.floor((now.getTime() - since.getTime()) / 1000))) : 0;

  if (refusing) {
    const limits = (state.limits ?? []).filter((limit) => (limit.kind === 'DEPOSIT' ? deposit > 0n : stake > 0n));
    if (limits.length > 0) await refuseCrossing(tx, charge, limits, { stake, deposit, playedSeconds });
  }
  if (mode === 'CHECK') return null;

  return sql`
    rg_bucket AS (
      INSERT INTO rg_usage_buckets AS b (member_id, hour, merchant_id, deposited, staked, won, played_seconds)
      VALUES (${charge.memberId}, ${hourOf(now).toISOString()}::timestamptz, ${charge.merchantId},
              ${String(countDeposit ? deposit : 0n)}, ${String(countPlay ? stake : 0n)}, ${String(countPlay ? win : 0n)}, ${playedSeconds})
      ON CONFLICT (member_id, hour) DO UPDATE
        SET deposited = b.deposited + excluded.deposited, staked = b.staked + excluded.staked,
            won = b.won + excluded.won, played_seconds = b.played_seconds + excluded.played_seconds),
    rg_session AS (
      UPDATE rg_state
         SET session_staked = session_staked + ${String(countPlay ? stake : 0n)}::bigint,
             session_won = session_won + ${String(countPlay ? win : 0n)}::bigint,
             last_activity_at = ${countPlay && stake > 0n ? sql`${now.toISOString()}::timestamptz` : sql`last_activity_at`}
       WHERE member_id = ${charge.memberId})`;
}

interface Sums {
  deposited: bigint;
  staked: bigint;
  won: bigint;
  playedSeconds: bigint;
}

/** One aggregate: each period's sums (only periods some limit uses), then refuse the first limit crossed. */
async function refuseCrossing(
  tx: DbOrTx,
  charge: RgCharge,
  limits: { kind: RgLimitKind; period: RgPeriod; value: string }[],
  adding: { stake: bigint; deposit: bigint; playedSeconds: number },
): Promise<void> {
  const periods = RG_PERIODS.filter((period) => limits.some((limit) => limit.period === period));
  const longest = periods.reduce((a, b) => (periodMs(b) > periodMs(a) ? b : a));
  const columns = periods.map(
    (period) => sql`
      coalesce(sum(deposited) FILTER (WHERE hour >= ${windowStart(charge.now, period).toISOString()}::timestamptz), 0)::text AS ${sql.raw(`"${period}_d"`)},
      coalesce(sum(staked) FILTER (WHERE hour >= ${windowStart(charge.now, period).toISOString()}::timestamptz), 0)::text AS ${sql.raw(`"${period}_s"`)},
      coalesce(sum(won) FILTER (WHERE hour >= ${windowStart(charge.now, period).toISOString()}::timestamptz), 0)::text AS ${sql.raw(`"${period}_w"`)},
      coalesce(sum(played_seconds) FILTER (WHERE hour >= ${windowStart(charge.now, period).toISOString()}::timestamptz), 0)::text AS ${sql.raw(`"${period}_t"`)}`,
  );
  const [row] = rowsOf<Record<string, string>>(
    await tx.execute(sql`
      SELECT ${sql.join(columns, sql`, `)}
        FROM rg_usage_buckets
       WHERE member_id = ${charge.memberId} AND hour >= ${windowStart(charge.now, longest).toISOString()}::timestamptz`),
  );
  const sumsOf = (period: RgPeriod): Sums => ({
    deposited: toBigInt(row?.[`${period}_d`]),
    staked: toBigInt(row?.[`${period}_s`]),
    won: toBigInt(row?.[`${period}_w`]),
    playedSeconds: toBigInt(row?.[`${period}_t`]),
  });
  for (const limit of limits) {
    const sums = sumsOf(limit.period);
    const cap = capOf(limit.kind, BigInt(limit.value));
    const used = usedOf(limit.kind, sums);
    const added = limit.kind === 'DEPOSIT' ? adding.deposit : limit.kind === 'SESSION_TIME' ? BigInt(adding.playedSeconds) : adding.stake;
    const crosses = limit.kind === 'SESSION_TIME' ? used >= cap || used + added > cap : used + added > cap;
    if (!crosses) continue;
    const rows = await readUsageRows(tx, charge.memberId, windowStart(charge.now, limit.period));
    const excess = limit.kind === 'SESSION_TIME' ? used + added - cap + 1n : used + added - cap;
    throw limitReachedError({
      kind: limit.kind,
      period: limit.period,
      limit: formatLimitValue(limit.kind, BigInt(limit.value)),
      used: formatLimitValue(limit.kind, usageInUnit(limit.kind, used < 0n ? 0n : used)),
      unit: rgUnitOf(limit.kind),
      resetsAt: resetTimeFor(limit.kind, limit.period, rows, excess),
      language: charge.language,
      utcOffsetMinutes: charge.utcOffsetMinutes,
    });
  }
}

export function usedOf(kind: RgLimitKind, sums: Sums): bigint {
  switch (kind) {
    case 'DEPOSIT':
      return sums.deposited;
    case 'LOSS':
      return sums.staked - sums.won;
    case 'WAGER':
      return sums.staked;
    case 'SESSION_TIME':
      return sums.playedSeconds;
  }
}

/** The member's buckets from `from` on (refusals and the overview only, never a passing bet). */
export async function readUsageRows(db: DbOrTx, memberId: number, from: Date): Promise<UsageRow[]> {
  const rows = rowsOf<{ hour: Date | string; deposited: unknown; staked: unknown; won: unknown; played_seconds: unknown }>(
    await db.execute(sql`
      SELECT hour, deposited, staked, won, played_seconds FROM rg_usage_buckets
       WHERE member_id = ${memberId} AND hour >= ${from.toISOString()}::timestamptz ORDER BY hour`),
  );
  return rows.map((row) => ({
    hour: new Date(row.hour),
    deposited: toBigInt(row.deposited),
    staked: toBigInt(row.staked),
    won: toBigInt(row.won),
    playedSeconds: toBigInt(row.played_seconds),
  }));
}

/** Not an AppError of ours: rethrown untouched by callers that translate (the vendor wallet). */
export function isResponsibleGamblingRefusal(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'RG_LIMIT_REACHED' || error.code === 'RG_EXCLUDED');
}
