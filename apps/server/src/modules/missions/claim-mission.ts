import { and, eq, isNull, sql } from 'drizzle-orm';
import { missionProgress } from '../../db/schema/missions';
import { columnsEqual } from '../../platform/columns-equal';
import { type DbOrTx, inTransaction, type Tx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ensureMemberAccounts, openAccount, postTransfer } from '../wallet/index';
import type { MissionPorts } from './mission-ports';
import { listRunningMissions, readMissionStates } from './mission-reads';

export interface ClaimedMission {
  missionId: number;
  periodKey: string;
  rewardKind: 'CASH' | 'POINTS' | 'RED_ENVELOPE';
  rewardAmount: bigint;
  turnoverRequired: bigint;
  claimedAt: Date;
}

/**
 * Claims a completed mission's reward for the current period, once: the claim is a conditional
 * update (claimed_at IS NULL and progress at the target) on the (mission, member, period) row,
 * so of two parallel taps one pays and the other gets MISSION_ALREADY_CLAIMED; the reward is
 * paid in the same transaction (cash on the ledger keyed by the row, points or red envelope
 * chances through their modules), so a failed payment leaves the mission unclaimed.
 */
export async function claimMission(
  db: DbOrTx,
  ports: MissionPorts,
  input: { merchantId: number; currency: string; offsetMinutes: number; memberId: number; missionId: number; now: Date },
): Promise<ClaimedMission> {
  return inTransaction(db, async (tx) => {
    const mission = (await listRunningMissions(tx, input.merchantId, input.now)).find((candidate) => candidate.id === input.missionId);
    if (!mission) throw new AppError('NOT_FOUND');
    const [state] = await readMissionStates(tx, {
      memberId: input.memberId,
      offsetMinutes: input.offsetMinutes,
      now: input.now,
      missions: [mission],
    });
    if (!state) throw new AppError('NOT_FOUND');
    if (mission.metric === 'LOGIN_DAYS') {
      // Logins are read, not accrued: the row is written at claim time with the days counted.
      await tx
        .insert(missionProgress)
        .values({
          missionId: mission.id,
          memberId: input.memberId,
          periodKey: state.periodKey,
          merchantId: input.merchantId,
          value: state.progress,
        })
        .onConflictDoUpdate({
          target: [missionProgress.missionId, missionProgress.memberId, missionProgress.periodKey],
          set: { value: sql`greatest(${missionProgress.value}, excluded.value)` },
        });
    }
    const [claimed] = await tx
      .update(missionProgress)
      .set({ claimedAt: input.now, claimedAmount: mission.rewardAmount, updatedAt: input.now })
      .where(
        and(
          eq(missionProgress.missionId, mission.id),
          eq(missionProgress.memberId, input.memberId),
          eq(missionProgress.periodKey, state.periodKey),
          isNull(missionProgress.claimedAt),
          sql`${missionProgress.value} >= ${mission.target}`,
        ),
      )
      .returning();
    if (!claimed) {
      if (state.claimedAt) throw new AppError('MISSION_ALREADY_CLAIMED');
      const [row] = await tx
        .select({ claimedAt: missionProgress.claimedAt })
        .from(missionProgress)
        .where(columnsEqual(missionProgress, { missionId: mission.id, memberId: input.memberId, periodKey: state.periodKey }));
      if (row?.claimedAt) throw new AppError('MISSION_ALREADY_CLAIMED');
      throw new AppError('MISSION_NOT_COMPLETED', { value: { progress: state.progress.toString(), target: mission.target.toString() } });
    }
    const sourceKey = `mission:${mission.id}:${input.memberId}:${state.periodKey}`;
    const turnoverRequired = await payReward(tx, ports, {
      ...input,
      sourceKey,
      kind: mission.rewardKind,
      amount: mission.rewardAmount,
      multiplier: mission.turnoverMultiplier,
    });
    return {
      missionId: mission.id,
      periodKey: state.periodKey,
      rewardKind: mission.rewardKind,
      rewardAmount: mission.rewardAmount,
      turnoverRequired,
      claimedAt: input.now,
    };
  });
}

async function payReward(
  tx: Tx,
  ports: MissionPorts,
  input: {
    merchantId: number;
    currency: string;
    memberId: number;
    now: Date;
    sourceKey: string;
    kind: ClaimedMission['rewardKind'];
    amount: bigint;
    multiplier: number;
  },
): Promise<bigint> {
  if (input.kind === 'POINTS') {
    if (!ports.creditPoints) throw new AppError('FEATURE_DISABLED');
    await ports.creditPoints(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      points: input.amount,
      sourceKey: input.sourceKey,
      description: 'Mission reward',
    });
    return 0n;
  }
  if (input.kind === 'RED_ENVELOPE') {
    if (!ports.grantRedEnvelopeChances) throw new AppError('FEATURE_DISABLED');
    await ports.grantRedEnvelopeChances(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      chances: Number(input.amount),
      sourceKey: input.sourceKey,
    });
    return 0n;
  }
  const cost = await missionExpenseAccount(tx, input.merchantId, input.currency);
  const accounts = await ensureMemberAccounts(tx, { merchantId: input.merchantId, memberId: input.memberId, currency: input.currency });
  const posted = await postTransfer(
    tx,
    {
      merchantId: input.merchantId,
      idempotencyKey: input.sourceKey,
      type: 'bonus',
      reference: { kind: 'mission', id: input.sourceKey.slice('mission:'.length) },
      entries: [
        { accountId: cost.id, amount: -input.amount },
        { accountId: accounts.cash.id, amount: input.amount },
      ],
      description: 'Mission reward',
    },
    () => input.now,
  );
  const turnover = input.amount * BigInt(input.multiplier);
  if (turnover > 0n) {
    await ports.addTurnoverRequirement?.(tx, {
      merchantId: input.merchantId,
      memberId: input.memberId,
      amount: turnover,
      source: 'mission',
      sourceKey: input.sourceKey,
      sourceId: posted.transfer.id,
      now: input.now,
    });
  }
  return turnover;
}

/** The merchant's mission and leaderboard expense: LOYALTY_EXPENSE, subkey MISSION. */
export function missionExpenseAccount(tx: DbOrTx, merchantId: number, currency: string) {
  return openAccount(tx, { merchantId, code: 'LOYALTY_EXPENSE', subkey: 'MISSION', currency });
}
