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
export async function saveMission(
  db: Db,
  request: FastifyRequest,
  actor: OperatorAuditActor,
  input: { merchantId: number; id?: number; values: MissionValues; reason?: string | undefined },
): Promise<MissionRow> {
  return db.transaction(async (tx) => {
    let before: MissionRow | undefined;
    let saved: MissionRow | undefined;
    if (input.id === undefined) {
      [saved] = await tx
        .insert(missions)
        .values({ merchantId: input.merchantId, ...input.values })
        .returning();
    } else {
      before = await lockMerchantRow(tx, missions, input.merchantId, input.id);
      // A mission's period and metric define its progress rows: changing them would misread them.
      if (before.period !== input.values.period || before.metric !== input.values.metric) throw invalid('period', 'fixed_after_create');
      [saved] = await tx
        .update(missions)
        .set({ ...input.values, updatedAt: request.server.now() })
        .where(eq(missions.id, input.id))
        .returning();
    }
    if (!saved) throw new AppError('NOT_FOUND');
    await recordOperatorAudit(tx, request, actor, {
      action: input.id === undefined ? 'mission.created' : 'mission.changed',
      targetType: 'mission',
      targetId: saved.id,
      merchantId: input.merchantId,
      reason: input.reason ?? null,
      detail: { before: before ? forAudit(before) : null, after: forAudit(saved) },
    });
    return saved;
  });
}

export type LeaderboardValues = Omit<typeof missionLeaderboards.$inferInsert, 'id' | 'merchantId' | 'createdAt' | 'updatedAt'>;

export async function listLeaderboards(db: DbOrTx, merchantId: number): Promise<MissionLeaderboardRow[]> {
  return db.select().from(missionLeaderboards).where(eq(missionLeaderboards.merchantId, merchantId)).orderBy(asc(missionLeaderboards.id));
}

/** Creates or changes a leaderboard (prizes apply to periods that close after the change), audited. */
export async function saveLeaderboard(
  db: Db,
  request: FastifyRequest,
  actor: OperatorAuditActor,
  input: { merchantId: number; id?: number; values: LeaderboardValues; reason?: string | undefined },
): Promise<MissionLeaderboardRow> {
  return db.transaction(async (tx) => {
    let before: MissionLeaderboardRow | undefined;
    let saved: MissionLeaderboardRow | undefined;
    if (input.id === undefined) {
      [saved] = await tx
        .insert(missionLeaderboards)
        .values({ merchantId: input.merchantId, ...input.values })
        .returning();
    } else {
      before = await lockMerchantRow(tx, missionLeaderboards, input.merchantId, input.id);
      if (before.period !== input.values.period || before.metric !== input.values.metric) throw invalid('period', 'fixed_after_create');
      [saved] = await tx
        .update(missionLeaderboards)
        .set({ ...input.values, updatedAt: request.server.now() })
        .where(eq(missionLeaderboards.id, input.id))
        .returning();
    }
    if (!saved) throw new AppError('NOT_FOUND');
    await recordOperatorAudit(tx, request, actor, {
      action: input.id === undefined ? 'leaderboard.created' : 'leaderboard.changed',
      targetType: 'mission_leaderboard',
      targetId: saved.id,
      merchantId: input.merchantId,
      reason: input.reason ?? null,
      detail: { before: before ?? null, after: saved },
    });
    return saved;
  });
}

function forAudit(mission: MissionRow) {
  return { ...mission, target: mission.target.toString(), rewardAmount: mission.rewardAmount.toString() };
}
