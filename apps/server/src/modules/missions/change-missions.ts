import { type MissionBody, MONEY_METRICS } from '@kismat/contracts/missions';
import { tryParseAmount } from '@kismat/contracts/wallet';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type MissionLeaderboardRow, type MissionRow, missionLeaderboards, missions } from '../../db/schema/missions';
import { type OperatorAuditActor, recordOperatorAudit } from '../../platform/audit';
import type { Db, DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { lockMerchantRow } from '../../platform/lock-merchant-row';
import type { MissionPorts } from './mission-ports';

type MissionValues = Omit<typeof missions.$inferInsert, 'id' | 'merchantId' | 'createdAt' | 'updatedAt'>;

function invalid(field: string, reason: string): AppError {
  return new AppError('VALIDATION_FAILED', { value: { fields: [{ field, reason }] } });
}

/** A metric or reward figure: minor units for money, a whole number otherwise. */
function parseFigure(text: string, isMoney: boolean, field: string): bigint {
  if (isMoney) {
    const parsed = tryParseAmount(text);
    if (!parsed.ok) throw invalid(field, parsed.reason.toLowerCase());
    return parsed.value;
  }
  if (!/^\d+$/.test(text) || BigInt(text) <= 0n) throw invalid(field, 'whole_number');
  return BigInt(text);
}

/** A mission body checked against the rules that span fields, as table values. */
export function missionValues(body: MissionBody, ports: MissionPorts): MissionValues {
  const isBetMetric = body.metric === 'VALID_BET' || body.metric === 'BET_COUNT';
  if (body.gameType !== null && !isBetMetric) throw invalid('gameType', 'bet_metrics_only');
  if (body.period === 'EVENT' && (!body.startsAt || !body.endsAt)) throw invalid('endsAt', 'event_window_required');
  if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt)) throw invalid('endsAt', 'before_start');
  if (body.rewardKind === 'POINTS' && !ports.creditPoints) throw invalid('rewardKind', 'points_unavailable');
  if (body.rewardKind === 'RED_ENVELOPE' && !ports.grantRedEnvelopeChances) throw invalid('rewardKind', 'red_envelope_unavailable');
  return {
    titles: body.titles,
    period: body.period,
    metric: body.metric,
    gameType: body.gameType,
    target: parseFigure(body.target, MONEY_METRICS.includes(body.metric), 'target'),
    rewardKind: body.rewardKind,
    rewardAmount: parseFigure(body.rewardAmount, body.rewardKind === 'CASH', 'rewardAmount'),
    turnoverMultiplier: body.turnoverMultiplier,
    startsAt: body.startsAt ? new Date(body.startsAt) : null,
    endsAt: body.endsAt ? new Date(body.endsAt) : null,
    isActive: body.isActive,
    sortOrder: body.sortOrder,
  };
}

export async function listMissions(db: DbOrTx, merchantId: number): Promise<MissionRow[]> {
  return db.select().from(missions).where(eq(missions.merchantId, merchantId)).orderBy(asc(missions.sortOrder), asc(missions.id));
}

/** Creates (id undefined) or changes a mission with its audit row in one transaction; progress already made stays. */
export function saveMission(
  db: Db,
  request: FastifyRequest,
  actor: OperatorAuditActor,
  input: { merchantId: number; id?: number; values: MissionValues; reason?: string | undefined },
): Promise<MissionRow> {
  return saveAudited(db, request, actor, { table: missions, action: 'mission', targetType: 'mission', audited: forAudit }, input);
}

export type LeaderboardValues = Omit<typeof missionLeaderboards.$inferInsert, 'id' | 'merchantId' | 'createdAt' | 'updatedAt'>;

export async function listLeaderboards(db: DbOrTx, merchantId: number): Promise<MissionLeaderboardRow[]> {
  return db.select().from(missionLeaderboards).where(eq(missionLeaderboards.merchantId, merchantId)).orderBy(asc(missionLeaderboards.id));
}

/** Creates or changes a leaderboard (prizes apply to periods that close after the change), audited. */
export function saveLeaderboard(
  db: Db,
  request: FastifyRequest,
  actor: OperatorAuditActor,
  input: { merchantId: number; id?: number; values: LeaderboardValues; reason?: string | undefined },
): Promise<MissionLeaderboardRow> {
  const kind = {
    table: missionLeaderboards,
    action: 'leaderboard',
    targetType: 'mission_leaderboard',
    audited: (row: MissionLeaderboardRow) => row,
  };
  return saveAudited(db, request, actor, kind, input);
}

/**
 * A create (id undefined) or a change of a mission or a leaderboard of the merchant, with its
 * audit row (before and after) in the same transaction. Its period and metric are fixed once
 * created: they define its progress rows, which a change would misread.
 */
async function saveAudited<Row extends MissionRow | MissionLeaderboardRow>(
  db: Db,
  request: FastifyRequest,
  actor: OperatorAuditActor,
  kind: { table: typeof missions | typeof missionLeaderboards; action: string; targetType: string; audited: (row: Row) => unknown },
  input: { merchantId: number; id?: number; values: { period: string; metric: string }; reason?: string | undefined },
): Promise<Row> {
  // The two tables share the columns used here; Drizzle cannot type a query over either one.
  const table = kind.table as typeof missions;
  return db.transaction(async (tx) => {
    let before: Row | undefined;
    let saved: Row | undefined;
    if (input.id === undefined) {
      [saved] = (await tx
        .insert(table)
        .values({ merchantId: input.merchantId, ...(input.values as MissionValues) })
        .returning()) as Row[];
    } else {
      before = (await lockMerchantRow(tx, table, input.merchantId, input.id)) as Row;
      if (before.period !== input.values.period || before.metric !== input.values.metric) throw invalid('period', 'fixed_after_create');
      [saved] = (await tx
        .update(table)
        .set({ ...(input.values as MissionValues), updatedAt: request.server.now() })
        .where(eq(table.id, input.id))
        .returning()) as Row[];
    }
    if (!saved) throw new AppError('NOT_FOUND');
    await recordOperatorAudit(tx, request, actor, {
      action: `${kind.action}.${input.id === undefined ? 'created' : 'changed'}`,
      targetType: kind.targetType,
      targetId: saved.id,
      merchantId: input.merchantId,
      reason: input.reason ?? null,
      detail: { before: before ? kind.audited(before) : null, after: kind.audited(saved) },
    });
    return saved;
  });
}

function forAudit(mission: MissionRow) {
  return { ...mission, target: mission.target.toString(), rewardAmount: mission.rewardAmount.toString() };
}
