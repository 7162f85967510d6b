import { and, asc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import { type MissionRow, missionProgress, missions } from '../../db/schema/missions';
import type { DbOrTx } from '../../platform/db';
import { countLoginDays } from './login-days';
import { periodBounds, periodKeyOf } from './mission-periods';

/** A merchant's missions running now (active, inside their window), in display order. */
export async function listRunningMissions(db: DbOrTx, merchantId: number, now: Date): Promise<MissionRow[]> {
  return db
    .select()
    .from(missions)
    .where(
      and(
        eq(missions.merchantId, merchantId),
        eq(missions.isActive, true),
        or(isNull(missions.startsAt), lte(missions.startsAt, now)),
        or(isNull(missions.endsAt), gt(missions.endsAt, now)),
      ),
    )
    .orderBy(asc(missions.sortOrder), asc(missions.id));
}

export interface MissionState {
  mission: MissionRow;
  periodKey: string;
  periodEndsAt: Date | null;
  progress: bigint;
  claimedAt: Date | null;
}

/** Where the member stands on each mission in its current period (logins counted from the sessions). */
export async function readMissionStates(
  db: DbOrTx,
  input: { memberId: number; offsetMinutes: number; now: Date; missions: readonly MissionRow[] },
): Promise<MissionState[]> {
  const keyed = input.missions.map((mission) => ({ mission, periodKey: periodKeyOf(mission.period, input.now, input.offsetMinutes) }));
  const rows =
    keyed.length === 0
      ? []
      : await db
          .select()
          .from(missionProgress)
          .where(
            and(
              eq(missionProgress.memberId, input.memberId),
              inArray(
                missionProgress.missionId,
                keyed.map((entry) => entry.mission.id),
              ),
              inArray(missionProgress.periodKey, [...new Set(keyed.map((entry) => entry.periodKey))]),
            ),
          );
  const states: MissionState[] = [];
  for (const { mission, periodKey } of keyed) {
    const row = rows.find((candidate) => candidate.missionId === mission.id && candidate.periodKey === periodKey);
    const bounds = periodBounds(mission.period, periodKey, input.offsetMinutes);
    let progress = row?.value ?? 0n;
    if (mission.metric === 'LOGIN_DAYS') {
      const from = bounds?.start ?? mission.startsAt ?? mission.createdAt;
      const to = bounds?.end ?? mission.endsAt;
      const days = BigInt(await countLoginDays(db, input.memberId, input.offsetMinutes, from, to));
      if (days > progress) progress = days;
    }
    states.push({ mission, periodKey, periodEndsAt: bounds?.end ?? mission.endsAt, progress, claimedAt: row?.claimedAt ?? null });
  }
  return states;
}

export function statusOf(state: MissionState): 'IN_PROGRESS' | 'CLAIMABLE' | 'CLAIMED' {
  if (state.claimedAt) return 'CLAIMED';
  return state.progress >= state.mission.target ? 'CLAIMABLE' : 'IN_PROGRESS';
}

/** The missionLeaderboard badge: missions the member can claim now. */
export async function countClaimableMissions(
  db: DbOrTx,
  input: { merchantId: number; memberId: number; offsetMinutes: number; now: Date },
): Promise<number> {
  const running = await listRunningMissions(db, input.merchantId, input.now);
  const states = await readMissionStates(db, { ...input, missions: running });
  return states.filter((state) => statusOf(state) === 'CLAIMABLE').length;
}
