import type { RgRealityCheckValue } from '@kismat/contracts/responsible-gambling';
import { formatAmount } from '@kismat/contracts/wallet';
import { eq } from 'drizzle-orm';
import { rgState } from '../../db/schema/responsible-gambling';
import type { Db } from '../../platform/db';
import { revokeSession } from '../../platform/revoke-sessions';
import { lockState, type MemberRef, type RgStateRow, readState, refreshTracking } from './rg-state';

/**
 * Reality check (RTS 13): every N minutes (15/30/60/120, or off) the web shows time played and the
 * net result since login, and pauses play until the member continues or stops. The figures are
 * the stakes and wins the money paths count into rg_state while the check (or a play limit) is on.
 */
export function presentRealityCheck(state: RgStateRow | undefined, sessionCreatedAt: Date, now: Date): RgRealityCheckValue {
  const startedAt = state?.tracksPlay ? state.sessionStartedAt : sessionCreatedAt;
  const interval = state?.realityCheckMinutes ?? null;
  const base = state?.realityAckAt && state.realityAckAt > startedAt ? state.realityAckAt : startedAt;
  const nextDueAt = interval === null ? null : new Date(base.getTime() + interval * 60_000);
  const staked = state?.tracksPlay ? state.sessionStaked : 0n;
  const won = state?.tracksPlay ? state.sessionWon : 0n;
  return {
    intervalMinutes: interval,
    sessionStartedAt: startedAt.toISOString(),
    elapsedSeconds: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)),
    staked: formatAmount(staked),
    won: formatAmount(won),
    net: formatAmount(won - staked),
    nextDueAt: nextDueAt?.toISOString() ?? null,
    due: nextDueAt !== null && now >= nextDueAt,
  };
}

export async function getRealityCheck(db: Db, member: MemberRef, sessionCreatedAt: Date, now: Date): Promise<RgRealityCheckValue> {
  return presentRealityCheck(await readState(db, member), sessionCreatedAt, now);
}

/** Turn the reality check on (counting from now) or off. */
export async function setRealityCheck(
  db: Db,
  member: MemberRef,
  intervalMinutes: number | null,
  sessionCreatedAt: Date,
  now: Date,
): Promise<RgRealityCheckValue> {
  await db.transaction(async (tx) => {
    await lockState(tx, member, now);
    await tx.update(rgState).set({ realityCheckMinutes: intervalMinutes, realityAckAt: now }).where(eq(rgState.memberId, member.memberId));
    await refreshTracking(tx, member, now);
  });
  return getRealityCheck(db, member, sessionCreatedAt, now);
}

/** CONTINUE: the next check is due one interval from now. STOP: this session ends (logout). */
export async function acknowledgeRealityCheck(
  db: Db,
  member: MemberRef & { sessionId: number; sessionCreatedAt: Date },
  action: 'CONTINUE' | 'STOP',
  now: Date,
): Promise<{ loggedOut: boolean; realityCheck: RgRealityCheckValue | null }> {
  if (action === 'STOP') {
    await db.transaction(async (tx) => {
      await tx.update(rgState).set({ realityAckAt: now }).where(eq(rgState.memberId, member.memberId));
      await revokeSession(tx, member.sessionId, 'LOGOUT', now);
    });
    return { loggedOut: true, realityCheck: null };
  }
  await db.update(rgState).set({ realityAckAt: now }).where(eq(rgState.memberId, member.memberId));
  return { loggedOut: false, realityCheck: await getRealityCheck(db, member, member.sessionCreatedAt, now) };
}
